import { lookup as dnsLookup } from 'node:dns';
import { lookup as dnsLookupAsync } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a webhook may be sent. A webhook makes our server send requests to a URL the organiser chose, so unless
 * private URLs are allowed (tests, local development) it must be https and must not reach our own network: the host
 * is resolved when the endpoint is saved (a quick answer to the organiser) and again on every connection (guardedLookup),
 * since a name can be made to resolve elsewhere after it was checked.
 */
export const MAX_URL_LENGTH = 2048;

/** Loopback, private, link-local, shared, documentation, multicast and reserved ranges: never a webhook's target. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // BlockList checks IPv4-mapped addresses (::ffff:a.b.c.d) against the IPv4 ranges itself; NAT64 addresses carry
  // an IPv4 address it does not look inside, so they are refused whole.
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
    `The URL's host ${host} is a private, loopback or link-local address, which webhooks cannot reach.`,
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
