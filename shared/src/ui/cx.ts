/** Joins class names, dropping the falsy ones: cx('btn', loading && 'btn--loading'). */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
