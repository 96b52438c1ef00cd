import path from 'node:path';
import { processesStartedWith, reconcileLedger, waitForExit } from './reconcile';
import { stack } from './stack';

/**
 * The end-to-end run ends with its ledger reconciled: every sale its buyers paid for kept exactly the price of what
 * was sold, every other sale kept nothing (README 'Operations: reconciling the ledger').
 *
 * Playwright stops its webServer only after this teardown, and by killing it, which would lose what PGlite had not yet
 * written out. So the stack this run started (found by its data folder) is stopped here the way Ctrl-C stops
 * `npm start` (SIGTERM: the api closes its database), then `npm run reconcile` reads that folder. A mismatch fails the run.
 */
export default async function reconcileAfterRun(): Promise<void> {
  const dataDir = path.resolve(__dirname, '..', '..', stack.dataDir);
  const apis = processesStartedWith('api/dist/main.js', 'DATA_DIR', dataDir);
  const starters = processesStartedWith('scripts/start.mjs', 'DATA_DIR', dataDir);
  for (const pid of starters.length > 0 ? starters : apis) process.kill(pid, 'SIGTERM');
  if (!(await waitForExit(apis, 30_000)))
    throw new Error(`the e2e api (${apis.join(', ')}) did not stop within 30 s: its ledger was not reconciled`);
  const outcome = await reconcileLedger({ dataDir }, 'e2e ledger');
  if (!outcome.ok) throw new Error(`the e2e run's ledger does not reconcile:\n${outcome.lines.join('\n')}`);
}
