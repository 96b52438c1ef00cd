/**
 * Whether the page shows its dark theme: the signed-in user's preference (is_dark_mode), else the device's
 * (prefers-color-scheme, which styles.css follows too). For what the tokens cannot reach, such as a card provider's
 * own widget. On the server, where there is no device to ask, only the user's.
 */
export function pageIsDark(userPrefersDark: boolean | undefined): boolean {
  if (userPrefersDark === true) return true;
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}
