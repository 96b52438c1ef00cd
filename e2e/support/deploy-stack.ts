import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONTRACT_VERSION } from '@checkout/shared';

/**
 * Processes the deployment specs start on ports of their own, beside the shared e2e stack (8180, 3181-3184), the bench
 * (8280, 3281-3284) and each other (8380…, 8480…).
 */

export const ROOT = path.resolve(__dirname, '..', '..');
export const WORK_DIR = path.join(ROOT, '.data', 'deploy-e2e');

export type RemoteName = 'mf_basket' | 'mf_account' | 'mf_payment' | 'mf_post_sale';
export const REMOTES: { name: RemoteName; pkg: string }[] = [
  { name: 'mf_basket', pkg: 'mf-basket' },
  { name: 'mf_account', pkg: 'mf-account' },
  { name: 'mf_payment', pkg: 'mf-payment' },
  { name: 'mf_post_sale', pkg: 'mf-post-sale' },
];

export const manifestUrl = (port: number) => `http://localhost:${port}/mf-manifest.json`;

export function writeRemotesFile(file: string, remotes: Record<RemoteName, string>): void {
  // Written whole and renamed into place, as a deployment tool would, so the api never reads half a file.
  const temporary = `${file}.tmp`;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(temporary, JSON.stringify(remotes, null, 2));
  renameSync(temporary, file);
}

/**
 * Builds another release of the basket remote into `out` with the shared webpack config (production mode), the shell
 * untouched: `entry` swaps the remote's entry module; `olderContract` builds it against CONTRACT_VERSION - 1.
 */
export function buildBasketVariant(out: string, options: { entry?: string; olderContract?: boolean }): void {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VARIANT_REMOTE: 'mf_basket',
    VARIANT_DIR: path.join(ROOT, 'mf-basket'),
    VARIANT_OUT: out,
  };
  if (options.entry) env.VARIANT_ENTRY = options.entry;
  if (options.olderContract) {
    const file = path.join(`${out}-contract`, 'version.ts');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `export const CONTRACT_VERSION = ${CONTRACT_VERSION - 1};\n`);
    env.VARIANT_CONTRACT_FILE = file;
  }
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'),
      '--config',
      path.join(ROOT, 'e2e/deploy/remote-variant.webpack.cjs'),
      '--mode',
      'production',
    ],
    { cwd: ROOT, env, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`building the basket variant failed:\n${result.stdout}\n${result.stderr}`);
}

export interface Started {
  stop(): Promise<void>;
}

/** Starts a process and keeps its last output for the error message should it stop early. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Started & { child: ChildProcess } {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    if (!stopping && code !== 0) console.error(`${name} stopped (${signal ?? code}):\n${tail}`);
  });
  let stopping = false;
  return {
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export async function waitForHealth(url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not become healthy in ${timeoutMs} ms (${last})`);
}

/** A fingerprint (content hash and modification time) of every file in a folder, to show it was not rebuilt. */
export function fingerprint(dir: string): Record<string, string> {
  const result: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        result[path.relative(dir, full)] =
          `${createHash('sha256').update(readFileSync(full)).digest('hex')} ${statSync(full).mtimeMs}`;
    }
  };
  walk(dir);
  return result;
}
