/**
 * The charity's description is HTML from the organiser: it is cleaned before it touches the page. DOMPurify is
 * fetched only when a donation step shows one, so the remote's other steps do not carry it.
 */
export async function sanitizeHtml(html: string): Promise<string> {
  const { default: DOMPurify } = await import(/* webpackChunkName: "dompurify" */ 'dompurify');
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
