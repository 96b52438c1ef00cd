import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { isServerBuildPin } from '@checkout/shared';
import type { RemoteName } from '../config';
import type { ServerBuildConfig } from './server-build-config';

/** What the shell's renderer trusts a remote's server build as (shell/src/server/step-remote.ts). */
export type ServerBuildPin = { integrity: string } | { unpinned: true };

export type ServerBuildPins = () => Partial<Record<RemoteName, ServerBuildPin>>;

const REMOTES: readonly RemoteName[] = ['mf_basket', 'mf_account', 'mf_payment', 'mf_post_sale'];

/** The pin the repository's own build of a remote writes (tooling/webpack-server.cjs), or undefined without one. */
function localBuildPin(repoRoot: string, remote: RemoteName): { read(): string | undefined } {
  const file = path.join(repoRoot, remote.replace(/_/g, '-'), 'dist', 'server', 'integrity.json');
  let seen = '';
  let pin: string | undefined;
  return {
    read() {
      let stamp: string;
      try {
        const stat = statSync(file);
        stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
      } catch {
        return undefined;
      }
      // Read again after a rebuild only: a page costs a stat.
      if (stamp === seen) return pin;
      seen = stamp;
      try {
        const value = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)['remoteEntry.js'];
        pin = typeof value === 'string' && isServerBuildPin(value) ? value : undefined;
      } catch {
        pin = undefined;
      }
      return pin;
    },
  };
}

/**
 * Each remote's server build pin for this page: the deployment's own (REMOTE_*_SERVER_INTEGRITY, or its REMOTES_FILE
 * entry's serverIntegrity); else, outside production, the repository's own build's; else, where the operator opted out
 * (SERVER_RENDER_UNPINNED=1), none checked. A remote left with nothing is not run here: its step renders in the browser.
 */
export function serverBuildPins(
  config: ServerBuildConfig,
  deployments: { serverIntegrity(): Partial<Record<RemoteName, string>> },
  repoRoot: string,
  log: FastifyBaseLogger,
): ServerBuildPins {
  const local = config.localBuilds
    ? new Map(REMOTES.map((remote) => [remote, localBuildPin(repoRoot, remote)]))
    : new Map<RemoteName, ReturnType<typeof localBuildPin>>();
  if (config.allowUnpinned)
    log.warn(
      'checkout page: SERVER_RENDER_UNPINNED=1, a remote server build without a pin runs unverified in this process',
    );
  return () => {
    const pinned = deployments.serverIntegrity();
    const pins: Partial<Record<RemoteName, ServerBuildPin>> = {};
    for (const remote of REMOTES) {
      const integrity = pinned[remote] ?? local.get(remote)?.read();
      if (integrity) pins[remote] = { integrity };
      else if (config.allowUnpinned) pins[remote] = { unpinned: true };
    }
    return pins;
  };
}
