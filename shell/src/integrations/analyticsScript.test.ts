import { loadConsentedAnalytics } from './analyticsScript';

const scripts = () => Array.from(document.querySelectorAll('script[data-analytics]')).map((s) => s.getAttribute('src'));

describe('analytics script', () => {
  afterEach(() => document.querySelectorAll('script[data-analytics]').forEach((s) => s.remove()));

  test('loads with the consent cookie', () => {
    expect(loadConsentedAnalytics('https://tags.example/gtm.js', 'theme=x; analytics_consent=1')).toBe(true);
    expect(scripts()).toEqual(['https://tags.example/gtm.js']);
  });

  test('does not load without consent', () => {
    expect(loadConsentedAnalytics('https://tags.example/gtm.js', 'analytics_consent=0; other=1')).toBe(false);
    expect(loadConsentedAnalytics('https://tags.example/gtm.js', 'xanalytics_consent=1')).toBe(false);
    expect(scripts()).toEqual([]);
  });

  test('does not load when no URL is configured (the default)', () => {
    expect(loadConsentedAnalytics(undefined, 'analytics_consent=1')).toBe(false);
    expect(scripts()).toEqual([]);
  });
});
