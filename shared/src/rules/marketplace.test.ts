import { DEFAULT_MARKETPLACE_NAME, marketplaceNameOf } from './marketplace';

describe('marketplaceNameOf', () => {
  test.each<[string, string | undefined, string]>([
    ['unset: the name the site shows', undefined, 'Events'],
    ['blank: the default', '   ', DEFAULT_MARKETPLACE_NAME],
    ['a configured name', 'Fair Tickets', 'Fair Tickets'],
    ['spaces tidied', '  Fair \n  Tickets ', 'Fair Tickets'],
    ['too long for a header: cut', 'x'.repeat(80), 'x'.repeat(60)],
  ])('%s', (_name, configured, name) => {
    expect(marketplaceNameOf(configured)).toBe(name);
  });
});
