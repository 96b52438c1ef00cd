/**
 * The waiver link ({host}/activity-terms-and-conditions/{sale_reference}/), built here and nowhere else: the
 * checkout's waiver step, the order confirmation email and the page's own form all use it. The sale reference alone
 * opens nothing (it is printed on tickets and travels in recovery links), so the link carries the key the server
 * gives the sale's buyer (the checkout's `waiver_key`), in the query string so the path keeps the spec's shape.
 */
export const WAIVER_PATH_PREFIX = '/activity-terms-and-conditions/';
/** The query parameter that carries the link's key. */
export const WAIVER_KEY_PARAM = 'key';

/** The waiver page's path for a sale and its key. */
export function waiverPath(saleReference: string, key: string): string {
  return `${WAIVER_PATH_PREFIX}${encodeURIComponent(saleReference)}/?${WAIVER_KEY_PARAM}=${encodeURIComponent(key)}`;
}

/** The whole link, as it is shared: the site's origin (no trailing slash) and the path. */
export function waiverLink(origin: string, saleReference: string, key: string): string {
  return `${origin.replace(/\/+$/, '')}${waiverPath(saleReference, key)}`;
}
