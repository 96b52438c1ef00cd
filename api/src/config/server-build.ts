import type { RemoteName } from './index';
import type { AppEnv } from './env-schema';

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

/** The pins from the parsed environment (a pin that is not a sha384 value has already stopped the start). */
export function serverBuildConfigOf(env: AppEnv): ServerBuildConfig {
  const pins: Record<RemoteName, string | undefined> = {
    mf_basket: env.REMOTE_BASKET_SERVER_INTEGRITY,
    mf_account: env.REMOTE_ACCOUNT_SERVER_INTEGRITY,
    mf_payment: env.REMOTE_PAYMENT_SERVER_INTEGRITY,
    mf_post_sale: env.REMOTE_POST_SALE_SERVER_INTEGRITY,
  };
  const integrity: Partial<Record<RemoteName, string>> = {};
  for (const [remote, pin] of Object.entries(pins) as [RemoteName, string | undefined][])
    if (pin) integrity[remote] = pin;
  return { integrity, allowUnpinned: env.SERVER_RENDER_UNPINNED, localBuilds: env.NODE_ENV !== 'production' };
}
