import ipaddr from 'ipaddr.js';

/** Every client address that cannot be read as one: they share one group, so no spelling of junk is a new client. */
export const UNREADABLE_CLIENT = 'unreadable';

/**
 * The address with what a proxy may write around it taken off: brackets, a port, an IPv6 zone id. What is left is
 * then read strictly (dotted decimal for IPv4): `203.0.113.7:443`, `[2001:db8::1]:443` and `fe80::1%eth0` are their
 * addresses; `203.000.113.009` is none.
 */
function bareAddress(raw: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.replace(/%.*$/, '');
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  return ipaddr.IPv6.isValid(text) ? ipaddr.IPv6.parse(text) : null;
}

/**
 * The client a per-client count (queue places, the organiser API's limit on bad keys) counts against: its address
 * (request.ip, which is the proxy's forwarded address only when TRUST_PROXY trusts that proxy).
 *
 * - An IPv6 client counts by its /64: a single line or phone is given a whole /64 and may pick any address in it, so
 *   counting whole addresses would count nothing. (Households given a /56 or a /48 could still count as several
 *   clients; grouping wider would lump together the many phones a mobile carrier puts in one such block.)
 * - An IPv4 address carried in IPv6 is that IPv4 address: written as IPv6 (::ffff:a.b.c.d, ::a.b.c.d), through NAT64
 *   (64:ff9b::/96) or 6to4 (2002::/16, where one IPv4 address owns a whole /48).
 * - Anything else that is not an address is one group for all (UNREADABLE_CLIENT).
 */
export function clientGroupOf(ip: string): string {
  const address = bareAddress(ip);
  if (!address) return UNREADABLE_CLIENT;
  if (address.kind() === 'ipv4') return address.toString();
  const v6 = address as ipaddr.IPv6;
  const parts = v6.parts;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const embedded = (high: number, low: number) =>
    ipaddr.fromByteArray([high >> 8, high & 0xff, low >> 8, low & 0xff]).toString();
  // ::a.b.c.d (IPv4-compatible, deprecated), excluding :: and ::1 themselves.
  if (parts.slice(0, 6).every((part) => part === 0) && ((parts[6] ?? 0) !== 0 || (parts[7] ?? 0) > 1))
    return embedded(parts[6] ?? 0, parts[7] ?? 0);
  if (v6.range() === 'rfc6052' || (parts[0] === 0x64 && parts[1] === 0xff9b))
    return embedded(parts[6] ?? 0, parts[7] ?? 0);
  if (v6.range() === '6to4') return embedded(parts[1] ?? 0, parts[2] ?? 0);
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${v6.toNormalizedString()}/64`).toString()}/64`;
}
