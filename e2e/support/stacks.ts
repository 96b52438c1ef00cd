import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { processesStartedWith, reconcileLedger, waitForExit } from './reconcile';
import { stackFor, type Stack } from './stack';

const root = path.resolve(__dirname, '..', '..');

/** What the e2e stacks run with, beside their ports and data folder. */
const environment: Record<string, string> = {
  // The embedded database, as `npm start` runs it, even when DATABASE_URL is set for the server tests (CI sets it).
  DATABASE_URL: '',
  // ...which the api refuses under NODE_ENV=production unless told: each stack is one process on purpose.
  ALLOW_EMBEDDED_DB: '1',
  // One ticket left of the on-sale ticket type: the last-ticket race needs it.
  SEED_ONSALE_CAPACITY: '1',
  // Every e2e buyer comes from 127.0.0.1: the per-client captcha demand would trip after a few specs. The captcha
  // path is exercised through an event that always demands one; the per-client rule has server tests.
  CAPTCHA_RESERVE_LIMIT: '0',
  // The CI machine runs the browsers, the apis and the remotes on two cores, so an api's event loop often runs late;
  // basket-server-rendered.spec.ts needs the page rendered here all the same (the shedding has server tests).
  SERVER_RENDER_SHED_LAG_MS: '60000',
  // The same for one-time codes: a whole stack's guests ask for theirs from this one address. The per-client limits
  // have server tests; the per-email ones stay as deployed (identity.spec.ts meets them).
  OTC_SENDS_PER_CLIENT: '1000',
  OTC_CHECKS_PER_CLIENT: '1000',
  NODE_ENV: 'production',
  // The specs read one-time codes and emails from /dev/outbox.json: a development stack, as `npm start`'s.
  DEV_PAGES: '1',
  // The organiser integration spec receives webhooks on 127.0.0.1 (refused in production unless allowed), and would
  // rather not wait the default 5 s for the deliverer's next look.
  WEBHOOK_ALLOW_PRIVATE_URLS: '1',
  WEBHOOK_JOBS_MS: '500',
};

interface Running {
  stack: Stack;
  dataDir: string;
  starter: ChildProcess;
}

async function healthy(url: string, starter: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (starter.exitCode !== null) throw new Error(`the e2e stack at ${url} stopped while starting`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the e2e stack at ${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Starts the production builds the way the README's run command does, on a fresh embedded database. */
function start(stack: Stack): Running {
  const dataDir = path.join(root, stack.dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  const starter = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      ...environment,
      PORT: String(stack.apiPort),
      MF_BASKET_PORT: String(stack.remotePorts.mf_basket),
      MF_ACCOUNT_PORT: String(stack.remotePorts.mf_account),
      MF_PAYMENT_PORT: String(stack.remotePorts.mf_payment),
      MF_POST_SALE_PORT: String(stack.remotePorts.mf_post_sale),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  starter.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      process.stderr.write(`[stack ${stack.slot}] ${line}\n`);
  });
  return { stack, dataDir, starter };
}

/**
 * Stops a stack the way Ctrl-C stops `npm start` (SIGTERM: the api closes its database, which PGlite needs to write
 * out what it holds), then reconciles its ledger: every sale its buyers paid for kept exactly the price of what was
 * sold, every other sale kept nothing (docs/deployment.md, 'Reconciling the ledger').
 */
async function stopAndReconcile({ stack, dataDir, starter }: Running): Promise<string | null> {
  const apis = processesStartedWith('api/dist/main.js', 'DATA_DIR', dataDir);
  const stop = (pid: number) => {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // gone already
    }
  };
  if (starter.exitCode === null && starter.pid !== undefined) stop(starter.pid);
  else apis.forEach(stop);
  if (!(await waitForExit(apis, 30_000)))
    return `the e2e api of slot ${stack.slot} (${apis.join(', ')}) did not stop within 30 s: its ledger was not reconciled`;
  const outcome = await reconcileLedger({ dataDir }, `e2e ledger (stack ${stack.slot})`);
  return outcome.ok ? null : `the e2e ledger of stack ${stack.slot} does not reconcile:\n${outcome.lines.join('\n')}`;
}

/**
 * One stack per worker slot, all started before the first spec and stopped after the last, each ledger reconciled
 * (a mismatch fails the run). Playwright runs the returned function as the global teardown.
 */
export default async function startStacks(config: FullConfig): Promise<() => Promise<void>> {
  const running: Running[] = [];
  // Every stack is stopped and reconciled, whatever happens to another.
  const stopAll = async () => {
    const outcomes = await Promise.allSettled(running.map(stopAndReconcile));
    const problems = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [String(outcome.reason)] : outcome.value === null ? [] : [outcome.value],
    );
    if (problems.length > 0) throw new Error(problems.join('\n'));
  };
  try {
    for (let slot = 0; slot < Math.max(1, config.workers); slot += 1) running.push(start(stackFor(slot)));
    await Promise.all(
      running.map(({ stack, starter }) => healthy(`http://localhost:${stack.apiPort}/healthz`, starter, 120_000)),
    );
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }
  return stopAll;
}
