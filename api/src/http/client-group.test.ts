import { clientGroupOf, UNREADABLE_CLIENT } from './client-group';

describe('clientGroupOf: the client a per-client count counts against', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['127.0.0.1', '127.0.0.1'],
    // What a proxy may write around an address.
    [' 203.0.113.7 ', '203.0.113.7'],
    ['203.0.113.7:443', '203.0.113.7'],
    ['[2001:db8:1:2::1]', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::1]:443', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    // An IPv4 client carried in IPv6 is the same client, however it is carried.
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['::203.0.113.7', '203.0.113.7'],
    ['64:ff9b::203.0.113.7', '203.0.113.7'],
    ['2002:cb00:7107::1', '203.0.113.7'],
    ['2002:cb00:7107:ffff::1', '203.0.113.7'],
    // Every address of one /64 is one client: a line may pick any of them.
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '::/64'],
    // Not an address, or not in a form a socket gives: all of them one client, never a new one per spelling.
    ['unknown', UNREADABLE_CLIENT],
    ['junk-1', UNREADABLE_CLIENT],
    ['203.000.113.009', UNREADABLE_CLIENT],
    ['0xcb.0.113.7', UNREADABLE_CLIENT],
    ['3405803783', UNREADABLE_CLIENT],
    ['', UNREADABLE_CLIENT],
  ])('%j counts as %s', (ip, group) => {
    expect(clientGroupOf(ip)).toBe(group);
  });
});
