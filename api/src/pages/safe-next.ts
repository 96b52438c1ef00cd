/** Where /signin/ returns to when no (acceptable) ?next= is given. */
export const DEFAULT_NEXT = '/all-events/';

/** A second origin to parse against: a path that keeps it is relative to the origin, whichever origin that is. */
const PROBE_ORIGIN = 'https://probe.invalid';

/**
 * A `next` or return target: parsed with the URL parser against the site's origin, accepted only when it stays on that
 * origin, and answered as the path (with query and fragment) the parser resolved it to. Anything else gives the
 * default: another origin or scheme ('https:x', 'javascript:', '//x'), forms that browsers read as another host
 * ('/\x', backslashes anywhere, '/./..//x' which resolves to '//x'), control characters (tabs and newlines, which the
 * parser would silently drop) and over-long values.
 */
export function safeNext(raw: unknown, origin: string): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return DEFAULT_NEXT;
  // eslint-disable-next-line no-control-regex -- a control character in a redirect target is refused, so it must be matched
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return DEFAULT_NEXT;
  let site: URL;
  let url: URL;
  try {
    site = new URL(origin);
    // With a scheme it must be a whole URL of this origin on its own: 'https:x' is 'https://x/' to a browser that
    // is not on https, even though against an https base the parser reads it as the path 'x'.
    if (/^[a-z][a-z\d+.-]*:/i.test(raw) && new URL(raw).origin !== site.origin) return DEFAULT_NEXT;
    url = new URL(raw, site);
  } catch {
    return DEFAULT_NEXT;
  }
  if (url.origin !== site.origin || url.username !== '' || url.password !== '') return DEFAULT_NEXT;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The answer is used as a relative URL (an href, a Location): it must mean this origin wherever it is resolved.
  // A pathname beginning '//' (from '/./..//x' or '/%2e/..//x') would be read as a host.
  if (!path.startsWith('/') || path.startsWith('//')) return DEFAULT_NEXT;
  try {
    if (new URL(path, PROBE_ORIGIN).origin !== PROBE_ORIGIN || new URL(path, site).origin !== site.origin)
      return DEFAULT_NEXT;
  } catch {
    return DEFAULT_NEXT;
  }
  return path;
}
