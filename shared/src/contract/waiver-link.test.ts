import { waiverLink, waiverPath } from './waiver-link';

describe('the waiver link ({host}/activity-terms-and-conditions/{sale_reference}/, with its key)', () => {
  test.each([
    [
      'https://tickets.example',
      'CT-ABCDEFGHJKLMNPQR',
      'AbCdEfGhIjKlMnOpQrStUv',
      'https://tickets.example/activity-terms-and-conditions/CT-ABCDEFGHJKLMNPQR/?key=AbCdEfGhIjKlMnOpQrStUv',
    ],
    [
      'http://localhost:8080/',
      'CT-2345',
      'k-_1',
      'http://localhost:8080/activity-terms-and-conditions/CT-2345/?key=k-_1',
    ],
    ['https://x.test', 'a/b?c', 'd&e=f', 'https://x.test/activity-terms-and-conditions/a%2Fb%3Fc/?key=d%26e%3Df'],
  ])('%s + %s + %s', (origin, reference, key, expected) => {
    expect(waiverLink(origin, reference, key)).toBe(expected);
    expect(waiverPath(reference, key)).toBe(new URL(expected).pathname + new URL(expected).search);
  });
});
