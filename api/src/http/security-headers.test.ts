import { loadConfig } from '../config';
import { contentSecurityPolicyDirectives, SQUARE_HOSTS } from './security-headers';

const square = { SQUARE_APPLICATION_ID: 'sandbox-sq0idb-abc', SQUARE_ACCESS_TOKEN: 'EAAA-x', SQUARE_LOCATION_ID: 'L1' };
const squareHosts = (directives: Record<string, string[]>) =>
  Object.values(directives)
    .flat()
    .filter((value) => /square/.test(value));

describe('the Content-Security-Policy and the real square-type adapter', () => {
  test('without Square configured (the offline sandbox), no Square host anywhere', () => {
    expect(squareHosts(contentSecurityPolicyDirectives(loadConfig({})))).toEqual([]);
  });

  test("with Square's sandbox, its Web Payments SDK: script, styles, card frames and the endpoints it calls", () => {
    const directives = contentSecurityPolicyDirectives(loadConfig(square));
    expect(directives['script-src']).toEqual(
      expect.arrayContaining(['https://sandbox.web.squarecdn.com', 'https://js.squareupsandbox.com']),
    );
    expect(directives['frame-src']).toEqual(expect.arrayContaining([...SQUARE_HOSTS.sandbox.frame]));
    expect(directives['connect-src']).toEqual(
      expect.arrayContaining(['https://pci-connect.squareupsandbox.com', 'https://connect.squareupsandbox.com']),
    );
    expect(directives['style-src']).toContain('https://sandbox.web.squarecdn.com');
    // Nothing of production's, and nothing anywhere else (images, fonts, forms, ancestors).
    expect(squareHosts(directives).filter((host) => !host.includes('sandbox'))).toEqual([]);
    for (const name of ['img-src', 'font-src', 'form-action', 'frame-ancestors', 'default-src'])
      expect(squareHosts({ [name]: directives[name] ?? [] })).toEqual([]);
  });

  test('with Square in production, the production hosts only', () => {
    const directives = contentSecurityPolicyDirectives(
      loadConfig({ ...square, SQUARE_APPLICATION_ID: 'sq0idp-abc', SQUARE_ENVIRONMENT: 'production' }),
    );
    expect(directives['script-src']).toEqual(
      expect.arrayContaining(['https://web.squarecdn.com', 'https://js.squareup.com']),
    );
    expect(directives['connect-src']).toContain('https://pci-connect.squareup.com');
    expect(squareHosts(directives).filter((host) => host.includes('sandbox'))).toEqual([]);
  });
});
