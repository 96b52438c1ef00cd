/**
 * After a refused submit, focus goes to the first field in error (in the form's own order), so a keyboard or screen
 * reader user lands where the fix is. `ids` maps each error key to its element id, in order.
 */
export function focusFirstError(
  errors: Partial<Record<string, string | null | undefined>>,
  ids: readonly (readonly [string, string])[],
): void {
  for (const [key, id] of ids) {
    if (!errors[key]) continue;
    const element = document.getElementById(id);
    if (element) {
      element.focus();
      return;
    }
  }
}
