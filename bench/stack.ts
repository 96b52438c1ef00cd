import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { processesStartedWith, waitForExit } from '../e2e/support/reconcile';

export interface RunningStack {
  baseURL: string;
  /** The workspace whose dist/ served a URL of this stack ('shell', 'mf-basket', …), or null for the api's own pages. */
  workspaceOf(url: string): string | null;
  /** The api process's id (a child of scripts/start.mjs), to read its memory. */
  apiPid(): number | null;
  /** The PGlite folder the api keeps its data in (unused when DATABASE_URL is given). */
  dataDir: string;
  /** Resolves once the api has closed its database (after that its PGlite folder can be opened, e.g. to reconcile). */
  stop(): Promise<void>;
}

const REMOTE_WORKSPACES = ['mf-basket', 'mf-account', 'mf-payment', 'mf-post-sale'];
const REMOTE_URL_VARS = ['REMOTE_BASKET_URL', 'REMOTE_ACCOUNT_URL', 'REMOTE_PAYMENT_URL', 'REMOTE_POST_SALE_URL'];

/** The child of `parent` whose command line contains `needle` (Linux /proc). */
function childPid(parent: number, needle: string): number | null {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent && fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

const root = path.resolve(__dirname, '..');

/** Starts the production stack (scripts/start.mjs) on its own ports and a fresh data folder; waits for /healthz. */
export async function startStack(options: {
  port: number;
  remotePortBase: number;
  env?: Record<string, string>;
  distRoot?: string;
}): Promise<RunningStack> {
  const dataDir = path.join(root, '.data', `bench-${options.port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  // distRoot: builds made elsewhere (<distRoot>/<workspace>/dist, e.g. while e2e runs own the tree's dist/ folders):
  // the shell from there (SHELL_DIST) and each remote from a static server of its own on remotePortBase + 11..14.
  const extra: ChildProcess[] = [];
  const distEnv: Record<string, string> = {};
  if (options.distRoot) {
    const shellOrigins = [`http://localhost:${options.port}`, `http://127.0.0.1:${options.port}`].join(',');
    REMOTE_WORKSPACES.forEach((workspace, index) => {
      const port = options.remotePortBase + 11 + index;
      extra.push(
        spawn(
          process.execPath,
          ['scripts/serve-static.mjs', path.join(options.distRoot as string, workspace, 'dist'), String(port)],
          {
            cwd: root,
            stdio: ['ignore', 'ignore', 'inherit'],
            env: { ...process.env, SHELL_ORIGIN: shellOrigins },
          },
        ),
      );
      const urlVar = REMOTE_URL_VARS[index] as string;
      distEnv[urlVar] = `http://localhost:${port}/mf-manifest.json`;
      // The api runs a server build only when it is the pinned one: these builds' own pins (scripts/start.mjs pins the
      // tree's builds the same way).
      const pins = path.join(options.distRoot as string, workspace, 'dist', 'server', 'integrity.json');
      if (fs.existsSync(pins))
        distEnv[urlVar.replace(/_URL$/, '_SERVER_INTEGRITY')] = (
          JSON.parse(fs.readFileSync(pins, 'utf8')) as Record<string, string>
        )['remoteEntry.js'] as string;
    });
    distEnv.SHELL_DIST = path.join(options.distRoot, 'shell', 'dist');
  }
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      MF_BASKET_PORT: String(options.remotePortBase + 1),
      MF_ACCOUNT_PORT: String(options.remotePortBase + 2),
      MF_PAYMENT_PORT: String(options.remotePortBase + 3),
      MF_POST_SALE_PORT: String(options.remotePortBase + 4),
      DATA_DIR: dataDir,
      ...distEnv,
      ...options.env,
    },
  });
  const baseURL = `http://localhost:${options.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the stack exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the stack did not answer /healthz within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    workspaceOf: (url) => {
      const parsed = new URL(url);
      const port = Number(parsed.port);
      if (port === options.port) return parsed.pathname.startsWith('/checkout/') ? 'shell' : null;
      const offset = port - options.remotePortBase;
      return REMOTE_WORKSPACES[offset > 10 ? offset - 11 : offset - 1] ?? null;
    },
    apiPid: () => {
      // start.mjs runs the api's build (node api/dist/main.js) as a child: the deepest process naming it.
      let pid = child.pid === undefined ? null : childPid(child.pid, 'api/dist/main.js');
      for (let next = pid; next !== null; next = childPid(next, 'api/dist/main.js')) pid = next;
      return pid;
    },
    dataDir,
    stop: async () => {
      // start.mjs gives its children 1.5 s before it exits; the api may take longer to close its database.
      const apis = processesStartedWith('api/dist/main.js', 'DATA_DIR', dataDir);
      await new Promise<void>((resolve) => {
        for (const server of extra) if (server.exitCode === null) server.kill('SIGTERM');
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      if (!(await waitForExit(apis, 30_000)))
        console.error(`bench: the api on :${options.port} did not stop within 30 s`);
    },
  };
}
