/** The analytics-consent cookie the site sets when the visitor agrees. */
export const ANALYTICS_CONSENT = /(?:^|;\s*)analytics_consent=1(?:;|$)/;

/** Adds the analytics script only when it is configured and the visitor consented; returns whether it did. */
export function loadConsentedAnalytics(url: string | undefined, cookie: string = document.cookie): boolean {
  if (!url || !ANALYTICS_CONSENT.test(cookie)) return false;
  if (document.querySelector(`script[data-analytics]`)) return true;
  const script = document.createElement('script');
  script.async = true;
  script.src = url;
  script.dataset.analytics = '';
  document.head.appendChild(script);
  return true;
}
