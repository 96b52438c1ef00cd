import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { rateKey } from '../identity/rate-limit';

/**
 * The client a queue place counts against: its address (request.ip, which is the proxy's forwarded address only when
 * TRUST_PROXY trusts that proxy). An IPv6 client counts by its /64: a single line or phone is given a whole /64 and
 * may pick any address in it, so counting whole addresses would count nothing. An IPv4 address written as IPv6
 * (::ffff:a.b.c.d) is that IPv4 address.
 */
export function clientGroupOf(ip: string): string {
  if (isIP(ip) === 6) {
    try {
      const address = ipaddr.IPv6.parse(ip);
      if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
      const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${address.toNormalizedString()}/64`);
      return `${prefix.toString()}/64`;
    } catch {
      // A form ipaddr.js cannot read (a zone id): the address as given.
    }
  }
  return ip;
}

/** The stored key of a client's group: hashed like the rate limits' keys, so the table keeps no address. */
export function clientPlaceKey(ip: string): string {
  return rateKey('queue-place', clientGroupOf(ip));
}
