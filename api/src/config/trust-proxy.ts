import proxyAddr from '@fastify/proxy-addr';

/**
 * Which proxies in front of the api may tell it the client's address (X-Forwarded-For). Every per-address limit
 * (captcha after repeated reservations, one-time code sends and checks, address lookups, sign-ups, waiver signatures)
 * counts request.ip, so trusting a header the client wrote would let anyone pick a new address per request.
 *
 * - `none`: the socket's address is the client (the api is reached directly).
 * - `hops`: the api is reached only through this many proxies, each appending the address it saw; the client is the
 *   address the outermost proxy appended, and anything the client wrote before it is ignored.
 * - `addresses`: the proxies' own addresses or CIDR ranges (and proxy-addr's names `loopback`, `linklocal`,
 *   `uniquelocal`); the client is the last address in the chain that is not one of them. Safe even when the api can
 *   also be reached directly: a direct client's header is not believed, since its socket is not a trusted proxy.
 *
 * Never "trust everything": `true`, `all` and `*` are refused at start-up.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; addresses: string[] };

/** Parses TRUST_PROXY; throws with a sentence naming the variable when the value is not one of the forms above. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return { kind: 'none' };
  if (/^(true|all|\*)$/i.test(value)) {
    throw new Error(
      `TRUST_PROXY=${value} would believe any X-Forwarded-For a client writes. Give the number of proxies in front of the api (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1).`,
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (!Number.isSafeInteger(hops) || hops > 10)
      throw new Error(`TRUST_PROXY must be a hop count from 0 to 10, got '${value}'`);
    return { kind: 'hops', hops };
  }
  const addresses = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(addresses);
  } catch (error) {
    throw new Error(
      `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses/CIDRs, got '${value}': ${(error as Error).message}`,
    );
  }
  return { kind: 'addresses', addresses };
}

/**
 * Fastify's trustProxy option for a setting: false, or a function of (address, hop) in proxy-addr's terms (hop 0 is
 * the socket). Fastify's own number option trusts nothing in this version, so hop counts are given as a function.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | ((address: string, hop: number) => boolean) {
  if (setting.kind === 'none') return false;
  if (setting.kind === 'hops') {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  return proxyAddr.compile(setting.addresses);
}

/** How the setting reads in the start-up log. */
export function describeTrustProxy(setting: TrustProxy): string {
  if (setting.kind === 'none') return 'client address = the connection (no proxy trusted)';
  if (setting.kind === 'hops')
    return `client address = the one appended by the outermost of ${setting.hops} trusted proxy hop(s)`;
  return `client address = the last X-Forwarded-For entry not from a trusted proxy (${setting.addresses.join(', ')})`;
}
