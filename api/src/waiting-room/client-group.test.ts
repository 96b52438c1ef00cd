import { clientGroupOf, clientPlaceKey } from './client-group';

describe('clientGroupOf: the client a queue place counts against', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['127.0.0.1', '127.0.0.1'],
    // An IPv4 client seen over an IPv6 socket is the same client.
    ['::ffff:203.0.113.7', '203.0.113.7'],
    // Every address of one /64 is one client: a line may pick any of them.
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    // Not an address (no socket gives one, but the rule must not throw): kept as given.
    ['unknown', 'unknown'],
  ])('%s counts as %s', (ip, group) => {
    expect(clientGroupOf(ip)).toBe(group);
  });

  test('the stored key is a hash of the group, not the address', () => {
    expect(clientPlaceKey('2001:db8:1:2::1')).toBe(clientPlaceKey('2001:db8:1:2::abcd'));
    expect(clientPlaceKey('203.0.113.7')).not.toBe(clientPlaceKey('203.0.113.8'));
    expect(clientPlaceKey('203.0.113.7')).not.toContain('203');
  });
});
