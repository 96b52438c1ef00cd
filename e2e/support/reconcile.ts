import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm run reconcile` on the database a stack of our own used (the end-to-end run's, the benchmark's), once its api has
 * stopped: a PGlite directory is one process's at a time, and the api writes its data out only when it closes.
 */

const root = path.resolve(__dirname, '..', '..');

export type LedgerDatabase = { dataDir: string } | { databaseUrl: string };

export interface ReconcileOutcome {
  /** Exited 0 and printed no mismatch. */
  ok: boolean;
  /** What it printed: each mismatch, then the 'reconcile …: N sales checked, …' line. */
  lines: string[];
}

/** Runs the reconcile script on `database`, printing its lines prefixed with `label`. */
export function reconcileLedger(database: LedgerDatabase, label: string): Promise<ReconcileOutcome> {
  const env = {
    ...process.env,
    // Exactly the one database: an empty DATABASE_URL is PGlite's DATA_DIR, whatever the caller's environment says.
    DATABASE_URL: 'databaseUrl' in database ? database.databaseUrl : '',
    DATA_DIR: 'dataDir' in database ? database.dataDir : '',
  };
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'reconcile'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = out.split('\n').filter((line) => line.trim() !== '');
      for (const line of lines) console.log(`${label}: ${line}`);
      // npm's own warnings about the machine's configuration are not the ledger's business.
      for (const line of err.split('\n').filter((l) => l.trim() !== '' && !/^npm warn/i.test(l)))
        console.error(`${label}: ${line}`);
      resolve({ ok: code === 0 && !lines.some((line) => line.startsWith('MISMATCH')), lines });
    });
  });
}

// ---- Our stacks' processes (Linux /proc) ----------------------------------------------------------------------------

function read(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Alive and not a zombie waiting for its parent. */
export function isRunning(pid: number): boolean {
  const stat = read(`/proc/${pid}/stat`);
  if (stat === null) return false;
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

/**
 * The processes whose command line contains `needle` and that were started with `name=value` in their environment:
 * the stack that was given one data folder is found by it, and no other process is touched.
 */
export function processesStartedWith(needle: string, name: string, value: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = read(`/proc/${entry}/cmdline`);
    if (cmdline === null || !cmdline.includes(needle)) continue;
    const environ = read(`/proc/${entry}/environ`);
    if (environ?.split('\0').includes(`${name}=${value}`)) found.push(Number(entry));
  }
  return found;
}

/** Waits until none of `pids` runs; false when some still do after `timeoutMs`. */
export async function waitForExit(pids: readonly number[], timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (pids.some(isRunning)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}
