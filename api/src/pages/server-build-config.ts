import { isServerBuildPin } from '@checkout/shared';
import type { RemoteName } from '../config';
import type { Env } from '../env';

/** Each remote's variable naming the pin of its server build (the remote's dist/server/integrity.json). */
export const SERVER_INTEGRITY_VARIABLES: Record<RemoteName, string> = {
  mf_basket: 'REMOTE_BASKET_SERVER_INTEGRITY',
  mf_account: 'REMOTE_ACCOUNT_SERVER_INTEGRITY',
  mf_payment: 'REMOTE_PAYMENT_SERVER_INTEGRITY',
  mf_post_sale: 'REMOTE_POST_SALE_SERVER_INTEGRITY',
};

/** What the api trusts a remote's server build as before running it in this process (pages/server-build-pins.ts). */
export interface ServerBuildConfig {
  /**
   * REMOTE_*_SERVER_INTEGRITY: the pin (`sha384-…`) of the server build at REMOTE_*_URL. A REMOTES_FILE entry that
   * names a remote brings its own pin (or none) with its address.
   */
  integrity: Partial<Record<RemoteName, string>>;
  /**
   * SERVER_RENDER_UNPINNED=1: a remote without a pin is run unverified. Off by default: without a pin the step renders
   * in the browser (outside production, the local build's own pin is taken, see `localBuilds`).
   */
  allowUnpinned: boolean;
  /**
   * Outside NODE_ENV=production, a remote without a pin is pinned to the repository's own build of it
   * (`<remote>/dist/server/integrity.json`): `npm start`, the tests and a developer's api serve those builds.
   */
  localBuilds: boolean;
}

function flag(env: Env, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new Error(`${name} must be 1 or 0, got '${env[name]}'`);
}

/** Reads the pins from the environment; a pin that is not a sha384 value stops the start, naming its variable. */
export function loadServerBuildConfig(env: Env): ServerBuildConfig {
  const integrity: Partial<Record<RemoteName, string>> = {};
  for (const [remote, variable] of Object.entries(SERVER_INTEGRITY_VARIABLES) as [RemoteName, string][]) {
    const value = env[variable]?.trim();
    if (!value) continue;
    if (!isServerBuildPin(value))
      throw new Error(
        `${variable} must be the sha384-… value of the remote's dist/server/integrity.json, got '${value}'`,
      );
    integrity[remote] = value;
  }
  return {
    integrity,
    allowUnpinned: flag(env, 'SERVER_RENDER_UNPINNED'),
    localBuilds: env.NODE_ENV !== 'production',
  };
}
