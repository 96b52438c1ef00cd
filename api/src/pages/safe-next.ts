/** Where /signin/ returns to when no (acceptable) ?next= is given. */
export const DEFAULT_NEXT = '/all-events/';

/**
 * ?next= after sign-in: only a path on this site ('/checkout/', '/account/wallet/?x=1#y'). Anything that could leave
 * the site — another origin, a scheme, a protocol-relative '//host', backslashes browsers treat as slashes, control
 * characters — gives the default instead (no open redirect).
 */
export function safeNext(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return DEFAULT_NEXT;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return DEFAULT_NEXT;
  if (/[\u0000-\u001f\u007f\s]/.test(raw)) return DEFAULT_NEXT;
  const base = 'http://same.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return DEFAULT_NEXT;
  }
  if (url.origin !== base) return DEFAULT_NEXT;
  return `${url.pathname}${url.search}${url.hash}`;
}
