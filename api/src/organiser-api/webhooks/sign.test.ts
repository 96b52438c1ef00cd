import { signatureHeader, signatureOf, verifySignature } from './sign';

const secret = 'whsec_test';
const body = '{"id":"evt_1","type":"order.paid"}';
const t = 1_800_000_000;
const valid = signatureHeader(secret, t, body);

test('the signature is HMAC-SHA256 of "<t>.<body>" in hex (a known value)', () => {
  // Computed independently: printf '1800000000.{"id":"evt_1","type":"order.paid"}' | openssl dgst -sha256 -hmac whsec_test
  expect(signatureOf(secret, t, body)).toBe('a187e612f8474fb3ede4249760fcbbd4561825e6920899cd56aa37eb032e8860');
  expect(valid).toBe(`t=${t},v1=${signatureOf(secret, t, body)}`);
});

describe('verifySignature', () => {
  test.each([
    ['the header as sent', valid, body, t, { ok: true, timestamp: t }],
    ['with spaces after commas', valid.replace(',', ', '), body, t, { ok: true, timestamp: t }],
    [
      'with an extra scheme and a second v1 (rotation)',
      `t=${t},v0=abc,v1=${'0'.repeat(64)},${valid.split(',')[1]}`,
      body,
      t,
      { ok: true, timestamp: t },
    ],
    ['just inside the tolerance (old)', valid, body, t + 300, { ok: true, timestamp: t }],
    ['just inside the tolerance (ahead)', valid, body, t - 300, { ok: true, timestamp: t }],
    ['too old', valid, body, t + 301, { ok: false, reason: 'too_old' }],
    ['from the future', valid, body, t - 301, { ok: false, reason: 'too_new' }],
    ['a changed body', valid, body.replace('paid', 'refunded'), t, { ok: false, reason: 'no_match' }],
    ['a changed timestamp', valid.replace(`t=${t}`, `t=${t + 1}`), body, t, { ok: false, reason: 'no_match' }],
    ['another secret', signatureHeader('whsec_other', t, body), body, t, { ok: false, reason: 'no_match' }],
    ['no header', undefined, body, t, { ok: false, reason: 'malformed' }],
    ['an empty header', '', body, t, { ok: false, reason: 'malformed' }],
    ['no timestamp', valid.split(',')[1], body, t, { ok: false, reason: 'malformed' }],
    ['no v1', `t=${t}`, body, t, { ok: false, reason: 'malformed' }],
    ['a short v1', `t=${t},v1=abcd`, body, t, { ok: false, reason: 'malformed' }],
    ['a non-numeric timestamp', valid.replace(`t=${t}`, 't=soon'), body, t, { ok: false, reason: 'malformed' }],
  ])('%s', (_name, header, payload, now, expected) => {
    expect(verifySignature(secret, header, payload, now)).toEqual(expected);
  });
});
