import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postWebhook } from './post';
import { guardedLookup, isPublicAddress, urlMessages, urlProblem } from './url-rules';

describe('urlProblem in production (private URLs not allowed)', () => {
  test.each([
    ['https://example.com/hooks', undefined],
    ['https://93.184.215.14/hooks', undefined],
    ['https://[2606:4700::1111]/', undefined],
    ['http://example.com/hooks', urlMessages.httpsOnly],
    ['ftp://example.com/', urlMessages.scheme],
    ['https://user:pw@example.com/', urlMessages.credentials],
    ['/relative', urlMessages.notUrl],
    [`https://example.com/${'a'.repeat(2048)}`, urlMessages.tooLong],
    ['https://localhost/', urlMessages.privateHost('localhost')],
    ['https://api.localhost/', urlMessages.privateHost('api.localhost')],
    ['https://127.0.0.1/', urlMessages.privateHost('127.0.0.1')],
    // WHATWG URL parsing turns these spellings into 127.0.0.1 before the check.
    ['https://0x7f.1/', urlMessages.privateHost('127.0.0.1')],
    ['https://2130706433/', urlMessages.privateHost('127.0.0.1')],
    ['https://10.1.2.3/', urlMessages.privateHost('10.1.2.3')],
    ['https://172.16.0.1/', urlMessages.privateHost('172.16.0.1')],
    ['https://192.168.1.1/', urlMessages.privateHost('192.168.1.1')],
    ['https://169.254.169.254/latest/meta-data', urlMessages.privateHost('169.254.169.254')],
    ['https://100.64.0.1/', urlMessages.privateHost('100.64.0.1')],
    ['https://0.0.0.0/', urlMessages.privateHost('0.0.0.0')],
    ['https://[::1]/', urlMessages.privateHost('::1')],
    ['https://[::ffff:127.0.0.1]/', urlMessages.privateHost('::ffff:7f00:1')],
    ['https://[fd00::1]/', urlMessages.privateHost('fd00::1')],
    ['https://[fe80::1]/', urlMessages.privateHost('fe80::1')],
  ])('%s', (url, expected) => {
    expect(urlProblem(url, false)).toBe(expected);
  });
});

test.each([
  ['http://127.0.0.1:3000/hooks', undefined],
  ['http://localhost/hooks', undefined],
  ['ftp://127.0.0.1/', urlMessages.scheme],
  ['http://u:p@127.0.0.1/', urlMessages.credentials],
])('urlProblem with private URLs allowed: %s', (url, expected) => {
  expect(urlProblem(url, true)).toBe(expected);
});

/** Every special-purpose range a webhook must not reach, by an address inside it, and public addresses that must pass. */
test.each([
  ['8.8.8.8', true],
  ['1.1.1.1', true],
  ['93.184.215.14', true],
  ['2606:4700:4700::1111', true],
  ['2606:4700::1111', true],
  ['2001:4860:4860::8888', true],
  ['::ffff:8.8.8.8', true],
  // IPv4
  ['0.0.0.0', false],
  ['0.1.2.3', false],
  ['10.0.0.1', false],
  ['100.64.0.1', false],
  ['100.127.255.254', false],
  ['127.0.0.1', false],
  ['127.0.0.2', false],
  ['169.254.169.254', false],
  ['172.16.0.1', false],
  ['172.31.255.255', false],
  ['192.0.0.8', false],
  ['192.0.2.1', false],
  ['192.88.99.1', false],
  ['192.168.1.1', false],
  ['198.18.0.1', false],
  ['198.19.255.255', false],
  ['198.51.100.7', false],
  ['203.0.113.9', false],
  ['224.0.0.1', false],
  ['239.255.255.250', false],
  ['240.0.0.1', false],
  ['255.255.255.255', false],
  // IPv6
  ['::', false],
  ['::1', false],
  ['fc00::1', false],
  ['fd12:3456::1', false],
  ['fe80::1', false],
  ['fe80::1%eth0', false],
  ['febf::1', false],
  ['fec0::1', false],
  ['ff02::1', false],
  ['2001:db8::1', false],
  // IPv4-mapped, IPv4-compatible and IPv4-translated forms of 127.0.0.1 and 10.0.0.1
  ['::ffff:127.0.0.1', false],
  ['::ffff:7f00:1', false],
  ['::ffff:10.0.0.1', false],
  ['::127.0.0.1', false],
  ['::7f00:1', false],
  ['::8.8.8.8', false],
  ['::ffff:0:7f00:1', false],
  ['::ffff:0:808:808', false],
  // NAT64 (well-known and local-use), 6to4, Teredo: refused whole, whatever IPv4 address they carry
  ['64:ff9b::7f00:1', false],
  ['64:ff9b::808:808', false],
  ['64:ff9b:1::7f00:1', false],
  ['2002:7f00:1::', false],
  ['2002:808:808::1', false],
  ['2001::1', false],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
  // ORCHID, ORCHIDv2, discard-only, benchmarking
  ['2001:10::1', false],
  ['2001:20::1', false],
  ['2001:2f:ffff::1', false],
  ['100::1', false],
  ['2001:2::1', false],
  // Outside global unicast 2000::/3: unassigned
  ['4000::1', false],
  ['not an address', false],
  ['127.1', false],
])('isPublicAddress(%s) is %s', (address, expected) => {
  expect(isPublicAddress(address)).toBe(expected);
});

test.each([
  ['https://[::127.0.0.1]/', '::7f00:1'],
  ['https://[::ffff:0:7f00:1]/', '::ffff:0:7f00:1'],
  ['https://[64:ff9b:1::7f00:1]/', '64:ff9b:1::7f00:1'],
  ['https://[2002:7f00:1::]/', '2002:7f00:1::'],
  ['https://192.88.99.1/', '192.88.99.1'],
  ['https://[2001::1]/', '2001::1'],
  ['https://[2001:db8::1]/', '2001:db8::1'],
  ['https://255.255.255.255/', '255.255.255.255'],
])('in production %s is refused: it embeds IPv4 or is special-purpose', (url, host) => {
  expect(urlProblem(url, false)).toBe(urlMessages.privateHost(host));
});

test('the connection-time lookup refuses a name that resolves to a private address', async () => {
  const outcome = await new Promise<{ error: Error | null; address: unknown }>((resolve) =>
    guardedLookup('localhost', {}, (error, address) => resolve({ error, address })),
  );
  expect(outcome.error?.message).toBe(urlMessages.privateHost('localhost'));
});

test('in production a delivery never reaches a private address, whatever the endpoint row says', async () => {
  let requests = 0;
  const server = createServer((_request, response) => {
    requests += 1;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    expect(await postWebhook(url, '{}', {}, { timeoutMs: 1000, allowPrivateUrls: false })).toEqual({
      error: urlMessages.httpsOnly,
    });
    expect(
      await postWebhook(url.replace('http:', 'https:'), '{}', {}, { timeoutMs: 1000, allowPrivateUrls: false }),
    ).toEqual({ error: urlMessages.privateHost('127.0.0.1') });
    expect(await postWebhook(url, '{}', {}, { timeoutMs: 1000, allowPrivateUrls: true })).toEqual({ statusCode: 200 });
    expect(requests).toBe(1);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('a redirect is not followed: the 3xx is the answer', async () => {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.writeHead(302, { location: '/elsewhere' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/start`;
    expect(await postWebhook(url, '{}', {}, { timeoutMs: 1000, allowPrivateUrls: true })).toEqual({ statusCode: 302 });
    expect(hits).toEqual(['/start']);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
