import { parseShellRuntime } from '../config/runtime';
import { DEFAULT_MARKETPLACE_NAME } from '@checkout/shared';
import { brandOf } from './brand';

describe('brandOf', () => {
  test('without configuration: the built-in name and mark, leading to the events listing', () => {
    expect(brandOf({})).toEqual({ name: DEFAULT_MARKETPLACE_NAME, logoUrl: null, homeUrl: '/all-events/' });
  });

  test.each<[string, string | undefined, string]>([
    ['a configured name', 'Fair Tickets', 'Fair Tickets'],
    ['spaces tidied', '  Fair   Tickets ', 'Fair Tickets'],
    ['blank: the built-in name', '   ', DEFAULT_MARKETPLACE_NAME],
    ['too long for a header: cut', 'x'.repeat(80), 'x'.repeat(60)],
  ])('%s', (_name, configured, shown) => {
    expect(brandOf({ marketplaceName: configured }).name).toBe(shown);
  });

  test.each<[string, string, string | null]>([
    ['a path on this site', '/brand/logo.svg', '/brand/logo.svg'],
    ['an https URL', 'https://cdn.example.com/logo.png', 'https://cdn.example.com/logo.png'],
    ['plain http: ignored', 'http://cdn.example.com/logo.png', null],
    ['protocol-relative: ignored', '//cdn.example.com/logo.png', null],
    ['a script URL: ignored', 'javascript:alert(1)', null],
    ['not a URL: ignored', 'logo.png', null],
  ])('logo: %s', (_name, url, logo) => {
    expect(brandOf({ marketplaceLogoUrl: url }).logoUrl).toBe(logo);
  });

  test("/remotes.json's config carries the name and logo through to the header", () => {
    const runtime = parseShellRuntime({
      remotes: {},
      config: { apiBase: '', marketplaceName: 'Fair Tickets', marketplaceLogoUrl: '/logo.svg' },
    });
    expect(brandOf(runtime.config)).toEqual({ name: 'Fair Tickets', logoUrl: '/logo.svg', homeUrl: '/all-events/' });
  });
});
