#!/usr/bin/env node
// Runs the whole product on one machine: the api (which also serves the shell and /remotes.json) and one static
// server per remote. Expects `npm run build` (the api and the page builds) to have run. Every port is overridable; the api is told where each remote
// lives through REMOTE_*_URL unless those are set already.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireNode } from './node-version.cjs';

requireNode('scripts/start.mjs', { announce: true });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const apiPort = Number(env.PORT ?? 8080);
const publicHost = env.PUBLIC_HOST ?? 'localhost';

const remotes = [
  { pkg: 'mf-basket', port: Number(env.MF_BASKET_PORT ?? 3001), urlVar: 'REMOTE_BASKET_URL' },
  { pkg: 'mf-account', port: Number(env.MF_ACCOUNT_PORT ?? 3002), urlVar: 'REMOTE_ACCOUNT_URL' },
  { pkg: 'mf-payment', port: Number(env.MF_PAYMENT_PORT ?? 3003), urlVar: 'REMOTE_PAYMENT_URL' },
  { pkg: 'mf-post-sale', port: Number(env.MF_POST_SALE_PORT ?? 3004), urlVar: 'REMOTE_POST_SALE_URL' },
].map((remote) => ({ ...remote, pinVar: remote.urlVar.replace(/_URL$/, '_SERVER_INTEGRITY') }));

const children = [];
let stopping = false;

function run(name, args, extraEnv) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
    stop(code || 1);
  });
  children.push(child);
  return child;
}

function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}

const shellOrigin = `http://${publicHost}:${apiPort}`;
const allowed = [shellOrigin, `http://localhost:${apiPort}`, `http://127.0.0.1:${apiPort}`].join(',');
for (const remote of remotes) {
  run(remote.pkg, ['scripts/serve-static.mjs', path.join(remote.pkg, 'dist'), String(remote.port)], {
    SHELL_ORIGIN: env.SHELL_ORIGIN ?? allowed,
  });
}
const remoteUrls = Object.fromEntries(
  remotes.map((r) => [r.urlVar, env[r.urlVar] ?? `http://${publicHost}:${r.port}/mf-manifest.json`]),
);
// The api runs a remote's server build only when its bytes are the pinned ones: this stack serves the builds here, so
// it pins each to the integrity.json its build wrote, as an operator's deployment does (unless told another remote).
const serverPins = Object.fromEntries(
  remotes
    .filter((r) => env[r.urlVar] === undefined && env[r.pinVar] === undefined)
    .map((r) => [r.pinVar, path.join(root, r.pkg, 'dist', 'server', 'integrity.json')])
    .filter(([, file]) => existsSync(file))
    .map(([pinVar, file]) => [pinVar, JSON.parse(readFileSync(file, 'utf8'))['remoteEntry.js']]),
);
// A development stack: /dev/outbox is where a newcomer (and the e2e and bench walks) read one-time codes, so the
// development pages are on unless DEV_PAGES says otherwise. The api's own start (Docker image, compose) leaves them off.
// The api runs as production runs it, from its build (api/dist, `npm run build`). This is the one-process stack on the
// embedded database, so it stays allowed when NODE_ENV=production is set (the api refuses that otherwise).
run('api', [path.join(root, 'api/dist/main.js')], {
  PORT: String(apiPort),
  DEV_PAGES: env.DEV_PAGES ?? '1',
  // The demo catalogue, even under NODE_ENV=production (the e2e stacks run so): this stack is the demo.
  SEED_DEMO: env.SEED_DEMO ?? '1',
  // ...and its payment sandboxes (test cards, a pretend bank) for every method without a real provider.
  PAYMENTS_SANDBOX: env.PAYMENTS_SANDBOX ?? '1',
  ALLOW_EMBEDDED_DB: env.ALLOW_EMBEDDED_DB ?? '1',
  ...remoteUrls,
  ...serverPins,
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
