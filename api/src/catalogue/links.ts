/** Where things live on the shell origin. Relative links for the page; absolute ones for sharing and email. */
export const links = {
  allEvents: '/all-events/',
  event: (slug: string) => `/all-events/#${slug}`,
  organiser: (slug: string) => `/all-events/?organiser=${encodeURIComponent(slug)}`,
  refundPolicy: '/refund-policy/',
  purchaseTerms: '/legal-information/purchase-terms-and-conditions/',
  checkout: '/checkout/',
};

export function absolute(publicUrl: string, path: string): string {
  return `${publicUrl}${path}`;
}
