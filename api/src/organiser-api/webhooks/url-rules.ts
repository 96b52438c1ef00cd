import { lookup as dnsLookup } from 'node:dns';
import { lookup as dnsLookupAsync } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent. A webhook makes our server send requests to a URL the organiser chose, so unless
 * private URLs are allowed (tests, local development) it must be https and must not reach our own network: the host
 * is resolved when the endpoint is saved (a quick answer to the organiser) and again on every connection (guardedLookup),
 * since a name can be made to resolve elsewhere after it was checked.
 */
export const MAX_URL_LENGTH = 2048;

/**
 * ipaddr.js names the special-purpose ranges of IANA's registries (RFC 6890 and after): private, loopback, link-local,
 * shared (CGNAT), multicast, documentation, benchmarking, 6to4 relays, broadcast and reserved in IPv4; loopback,
 * unspecified, unique-local, link-local, multicast, documentation, IPv4-translated, NAT64, 6to4, Teredo, ORCHID and
 * discard in IPv6. Only what it calls plain unicast is public, and in IPv6 only inside global unicast 2000::/3: ::/96
 * (IPv4-compatible, which carries an IPv4 address such as ::127.0.0.1) and unassigned space count as unicast to it.
 * Forms that embed an IPv4 address (NAT64, 6to4, Teredo, IPv4-translated) are refused whole rather than unpacked: no
 * receiver needs them, and a check of the embedded address is one more place to be wrong.
 */
const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

function isPublicIPv4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

/**
 * An address in the one spelling ipaddr.js reads as written: IPv6 in WHATWG URL's serialisation (hex, no dotted IPv4
 * tail), since ipaddr.js reads '::a.b.c.d' (IPv4-compatible) as '::ffff:a.b.c.d' (IPv4-mapped). A zone id (fe80::1%eth0)
 * does not serialise: such an address is link-local whatever it is, and is refused.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  try {
    const family = isIP(address);
    if (family === 4) return ipaddr.IPv4.parse(address);
    if (family === 6) return ipaddr.IPv6.parse(new URL(`http://[${address}]/`).hostname.slice(1, -1));
  } catch {
    // not an address ipaddr.js or URL can read
  }
  return undefined;
}

export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  if (parsed instanceof ipaddr.IPv4) return isPublicIPv4(parsed);
  // An IPv4-mapped address (::ffff:a.b.c.d, what a dual-stack socket reports) connects to its IPv4 address.
  if (parsed.isIPv4MappedAddress()) return isPublicIPv4(parsed.toIPv4Address());
  return parsed.range() === 'unicast' && parsed.match(IPV6_GLOBAL_UNICAST);
}

/** The URL's host as an address or a name: IPv6 literals lose their brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

export const urlMessages = {
  tooLong: `The URL is longer than ${MAX_URL_LENGTH} characters.`,
  notUrl: 'The URL is not a valid absolute URL (such as https://example.com/webhooks).',
  scheme: 'The URL must start with https:// (or http://).',
  httpsOnly: 'The URL must use https.',
  credentials: 'The URL must not contain a user name or password: authenticate deliveries by their signature.',
  privateHost: (host: string) =>
    `The URL's host ${host} is not a public address (it is private, loopback, link-local or reserved for a special purpose), which webhooks cannot reach.`,
  unresolved: (host: string) => `The URL's host ${host} could not be found.`,
} as const;

/** What is wrong with a webhook URL without looking the host up, or undefined. */
export function urlProblem(raw: string, allowPrivateUrls: boolean): string | undefined {
  if (raw.length > MAX_URL_LENGTH) return urlMessages.tooLong;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return urlMessages.notUrl;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return urlMessages.scheme;
  if (url.username || url.password) return urlMessages.credentials;
  if (allowPrivateUrls) return undefined;
  if (url.protocol !== 'https:') return urlMessages.httpsOnly;
  const host = hostOf(url);
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && !isPublicAddress(host)))
    return urlMessages.privateHost(host);
  return undefined;
}

/** urlProblem, then (when private URLs are not allowed) the host resolved: every address it has must be public. */
export async function checkWebhookUrl(raw: string, allowPrivateUrls: boolean): Promise<string | undefined> {
  const problem = urlProblem(raw, allowPrivateUrls);
  if (problem || allowPrivateUrls) return problem;
  const host = hostOf(new URL(raw));
  if (isIP(host) !== 0) return undefined;
  let addresses: { address: string }[];
  try {
    addresses = await dnsLookupAsync(host, { all: true });
  } catch {
    return urlMessages.unresolved(host);
  }
  return addresses.every((entry) => isPublicAddress(entry.address)) ? undefined : urlMessages.privateHost(host);
}

/**
 * A connection's name lookup that refuses a name with any non-public address: the address checked is the address
 * connected to, so a name re-pointed after the endpoint was saved (DNS rebinding) cannot reach the internal network.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, []);
      return;
    }
    const blocked = addresses.find((entry) => !isPublicAddress(entry.address));
    const first = addresses[0];
    if (blocked || !first) {
      callback(new Error(urlMessages.privateHost(hostname)), []);
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  });
};
