/**
 * npm run bench: measures the product's speed and size figures, prints each beside its target with PASS/MISS,
 * and writes them, with what the weighed scripts are made of, to bench/results/latest.json.
 *
 * Parts (all by default; `--only weight,mobile,lighthouse,flow,onsale,waitingroom,read` picks some): the page weight and
 * requests before the basket step is usable; the mobile lab; Lighthouse on the basket step; the whole flow walked on
 * desktop (its weight and the step changes); the on-sale load on PGlite and, with DATABASE_URL, on PostgreSQL (with the
 * api's peak memory); with DATABASE_URL, the waiting room under 10,000 arrivals over two api processes; the checkout
 * read (`get` against the session-only `get_user`, 200 buyers at once) on PGlite and, with DATABASE_URL, PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { addTicket } from '../e2e/support/basket';
import { reconcileLedger, type LedgerDatabase } from '../e2e/support/reconcile';
import { seed } from '../e2e/support/seed';
import { launchChromium, reserveEnabled } from './browser';
import { composeBuilds } from './bundle-composition';
import { formatFigure, verdictOf, type Figure } from './figures';
import { walkFlows } from './flow';
import { lighthouseLab } from './lighthouse';
import { mobileLab } from './mobile';
import {
  describeResult,
  onSaleFigures,
  onSaleMatrixFigures,
  onSaleStackEnv,
  ONSALE_BUYERS,
  ONSALE_CAPACITY,
  pgliteRawRate,
  runOnSaleBench,
  runPostgresOnSale,
  type OnSaleResult,
} from './onsale';
import { describeWeightReport, KiB, measurePageWeight, weightReport } from './page-weight';
import {
  checkoutReadFigures,
  checkoutReadOnPglite,
  checkoutReadOnPostgres,
  describeCheckoutRead,
} from './checkout-read';
import { startStack, type RunningStack } from './stack';
import { describeWaitingRoom, runWaitingRoomBench, startWaitingRoomStack, waitingRoomFigures } from './waiting-room';

const root = path.resolve(__dirname, '..');
const WORKSPACES = ['shell', 'mf-basket', 'mf-account', 'mf-payment', 'mf-post-sale'];
type Part = 'weight' | 'mobile' | 'lighthouse' | 'flow' | 'onsale' | 'waitingroom' | 'read';
const PARTS: readonly Part[] = ['weight', 'mobile', 'lighthouse', 'flow', 'onsale', 'waitingroom', 'read'];
const PAGE_PARTS: readonly Part[] = ['weight', 'mobile', 'lighthouse', 'flow'];
/** BENCH_DIST_ROOT: weigh and load builds made elsewhere (<root>/<workspace>/dist) instead of the tree's own. */
const distRoot = process.env.BENCH_DIST_ROOT?.trim() || undefined;
/** BENCH_PORT_OFFSET: added to every port the bench's stacks listen on, so two benches can run side by side. */
const portOffset = Number(process.env.BENCH_PORT_OFFSET ?? 0);

function selectedParts(): Set<Part> {
  const at = process.argv.indexOf('--only');
  if (at < 0) return new Set(PARTS);
  const wanted = (process.argv[at + 1] ?? '').split(',').map((p) => p.trim());
  const unknown = wanted.filter((p) => !PARTS.includes(p as Part));
  if (unknown.length > 0) throw new Error(`unknown part(s) ${unknown.join(', ')}; parts: ${PARTS.join(', ')}`);
  return new Set(wanted as Part[]);
}

/** Peak resident memory of a process so far (VmHWM), in MiB; null when it cannot be read. */
function peakRssMiB(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Runs one part; a failure is reported and recorded (the run then exits with 1) without losing the other figures. */
async function attempt(part: string, results: Record<string, unknown>, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    console.error(`bench part '${part}' failed:`, error);
    const failed = (results.failedParts as string[] | undefined) ?? [];
    results.failedParts = [...failed, `${part}: ${error instanceof Error ? error.message : String(error)}`];
  }
}

/**
 * `npm run reconcile` on a stack's database once its api has stopped (docs/deployment.md, 'Reconciling the ledger'):
 * the walks' payments kept exactly the price of what they bought, and every other sale kept nothing. A mismatch fails
 * the run like a failed part; the lines are printed and kept in latest.json.
 */
async function reconcileAfter(
  label: string,
  database: LedgerDatabase,
  results: Record<string, unknown>,
): Promise<void> {
  await attempt(`reconcile ${label}`, results, async () => {
    const outcome = await reconcileLedger(database, `${label} ledger`);
    results.reconcile = [
      ...((results.reconcile as string[] | undefined) ?? []),
      ...outcome.lines.map((line) => `${label}: ${line}`),
    ];
    if (!outcome.ok) throw new Error(outcome.lines.join('; '));
  });
}

async function pageParts(
  stack: RunningStack,
  parts: Set<Part>,
  results: Record<string, unknown>,
  figures: Figure[],
): Promise<void> {
  const chunks = composeBuilds(distRoot ?? root, WORKSPACES);
  const browser = await launchChromium();
  try {
    if (parts.has('weight')) {
      const context = await browser.newContext({ baseURL: stack.baseURL });
      const page = await context.newPage();
      await addTicket(context, seed.standardTicket.id, 1);
      const weight = await measurePageWeight(page, async () => {
        await page.goto('/checkout/');
        return reserveEnabled(page);
      });
      await context.close();
      const report = weightReport(weight, (url) => stack.workspaceOf(url), chunks);
      figures.push(
        {
          name: 'JS gzip before the basket step is usable',
          value: weight.jsGzip / KiB,
          unit: 'KiB',
          target: 110,
          kind: 'max',
          reference: 'Hi.Events 342.3 KiB',
        },
        {
          name: 'script requests before the basket step is usable',
          value: weight.assets.filter((a) => a.kind === 'js').length,
          unit: 'requests',
          target: 8,
          kind: 'max',
        },
        {
          name: 'requests before the basket step is usable (all kinds)',
          value: weight.requests.length,
          unit: 'requests',
          target: 12,
          kind: 'max',
          reference: 'Hi.Events 93 requests',
        },
        {
          name: 'CSS gzip before the basket step is usable',
          value: weight.cssGzip / KiB,
          unit: 'KiB',
          target: 20,
          kind: 'max',
        },
      );
      results.basketWeight = report;
      for (const line of describeWeightReport('before the basket is usable', report)) console.log(line);
    }
    if (parts.has('mobile'))
      await attempt('mobile', results, async () => {
        const lab = await mobileLab(browser, stack.baseURL, Number(process.env.BENCH_MOBILE_RUNS ?? 5));
        figures.push(...lab.figures);
        results.mobileRuns = lab.runs;
        for (const run of lab.runs)
          console.log(
            `  mobile run: usable ${run.usableMs.toFixed(0)} ms, LCP ${run.lcpMs.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, long tasks beyond 50 ms ${run.longTaskMs.toFixed(0)} ms`,
          );
      });
    if (parts.has('lighthouse'))
      await attempt('lighthouse', results, async () => {
        const lab = await lighthouseLab(browser, stack.baseURL, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));
        figures.push(...lab.figures);
        results.lighthouseRuns = lab.runs;
        for (const run of lab.runs)
          console.log(
            `  Lighthouse run: score ${run.score}, LCP ${run.lcpMs.toFixed(0)} ms, TBT ${run.tbtMs.toFixed(0)} ms, FCP ${run.fcpMs.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, Speed Index ${run.speedIndexMs.toFixed(0)} ms, ${run.requests} requests; LCP element ${run.lcpElement ?? 'none'}${run.runWarnings.length > 0 ? `; warnings: ${run.runWarnings.join(' | ')}` : ''}`,
          );
      });
    if (parts.has('flow'))
      await attempt('flow', results, async () => {
        const flow = await walkFlows(browser, stack.baseURL, Number(process.env.BENCH_WALKS ?? 20));
        const report = weightReport(flow.flowWeight, (url) => stack.workspaceOf(url), chunks);
        figures.push(
          {
            name: 'JS gzip for the whole flow (basket → order completed, walked)',
            value: flow.flowWeight.jsGzip / KiB,
            unit: 'KiB',
            target: 160,
            kind: 'max',
            reference: 'Hi.Events 392.6 KiB',
          },
          { name: 'CSS gzip for the whole flow', value: flow.flowWeight.cssGzip / KiB, unit: 'KiB', kind: 'info' },
          ...flow.figures,
        );
        results.flowWeight = report;
        results.stepChangeSamplesMs = flow.samples;
        for (const line of describeWeightReport('the whole flow', report)) console.log(line);
      });
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const parts = selectedParts();
  const results: Record<string, unknown> = { measuredAt: new Date().toISOString(), parts: [...parts] };
  const figures: Figure[] = [];
  const onSale: OnSaleResult[] = [];
  // Each part has its own stack, ports and data folder, so a page run and an on-sale run can go side by side. Both
  // run on PGlite (even when DATABASE_URL is set); with stock for the on-sale load, and no captcha for 200 buyers (or
  // 20 walks) from one address.
  const stackEnv = {
    ...onSaleStackEnv(ONSALE_CAPACITY),
    OTC_SENDS_PER_CLIENT: '1000',
    OTC_CHECKS_PER_CLIENT: '1000',
    DATABASE_URL: '',
  };
  if (PAGE_PARTS.some((part) => parts.has(part))) {
    const stack = await startStack({
      port: 8280 + portOffset,
      remotePortBase: 3280 + portOffset,
      env: stackEnv,
      ...(distRoot ? { distRoot } : {}),
    });
    try {
      await pageParts(stack, parts, results, figures);
    } finally {
      await stack.stop();
    }
    await reconcileAfter('page stack (PGlite)', { dataDir: stack.dataDir }, results);
  }
  if (parts.has('onsale')) {
    const stack = await startStack({ port: 8282 + portOffset, remotePortBase: 3300 + portOffset, env: stackEnv });
    try {
      const result = await runOnSaleBench({
        baseURL: stack.baseURL,
        buyers: ONSALE_BUYERS,
        capacity: ONSALE_CAPACITY,
        databaseLabel: 'PGlite',
        rawRate: pgliteRawRate,
      });
      onSale.push(result);
      figures.push(...onSaleFigures(result, false));
      const rss = peakRssMiB(stack.apiPid());
      if (rss !== null)
        figures.push({
          name: 'on-sale PGlite: api peak RSS (embedded database included)',
          value: rss,
          unit: 'MiB',
          kind: 'info',
        });
    } finally {
      await stack.stop();
    }
    await reconcileAfter('on-sale PGlite', { dataDir: stack.dataDir }, results);
  }
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (parts.has('onsale') && databaseUrl) {
    // A fresh database beside DATABASE_URL's (dropped afterwards) and two api processes on it: the single row and
    // the stock buckets, 200 and 1,000 buyers, one and two processes, with the raw single-row rate, in one run.
    await attempt('on-sale PostgreSQL', results, async () => {
      const matrix = await runPostgresOnSale(
        databaseUrl,
        8286 + portOffset,
        undefined,
        undefined,
        async ({ databaseUrl: url, apiPids }) => {
          const rss = Math.max(...apiPids.map((pid) => peakRssMiB(pid) ?? Number.NaN));
          figures.push({
            name: 'on-sale PostgreSQL: api peak RSS under the load (1,000 buyers at once; largest of two processes)',
            value: rss,
            unit: 'MiB',
            target: 300,
            kind: 'max',
          });
          await reconcileAfter('on-sale PostgreSQL', { databaseUrl: url }, results);
        },
      );
      onSale.push(...matrix);
      figures.push(...onSaleMatrixFigures(matrix));
    });
  } else if (parts.has('onsale')) {
    console.log('DATABASE_URL is not set: the PostgreSQL on-sale figures (the ones with targets) are skipped.');
  }
  if (parts.has('waitingroom') && databaseUrl) {
    // 10,000 arrivals queueing over two api processes on a fresh PostgreSQL database (bench/waiting-room.ts).
    await attempt('waiting room', results, async () => {
      const stack = await startWaitingRoomStack(databaseUrl, portOffset);
      try {
        const result = await runWaitingRoomBench({ apis: stack.apis, databaseUrl: stack.databaseUrl });
        results.waitingRoom = result;
        figures.push(...waitingRoomFigures(result));
        for (const line of describeWaitingRoom(result)) console.log(line);
      } finally {
        await stack.stop();
      }
    });
  } else if (parts.has('waitingroom')) {
    console.log('DATABASE_URL is not set: the waiting-room part (PostgreSQL only) is skipped.');
  }
  if (parts.has('read')) {
    // get against get_user, 200 buyers at once, on a fresh PGlite and (with DATABASE_URL) a fresh PostgreSQL database.
    await attempt('checkout read', results, async () => {
      const reads = [await checkoutReadOnPglite(8296 + portOffset)];
      if (databaseUrl) reads.push(await checkoutReadOnPostgres(databaseUrl, 8297 + portOffset));
      else console.log('DATABASE_URL is not set: the PostgreSQL checkout read is skipped.');
      results.checkoutRead = reads;
      for (const read of reads) {
        figures.push(...checkoutReadFigures(read));
        for (const line of describeCheckoutRead(read)) console.log(line);
      }
    });
  }
  if (onSale.length > 0) results.onSale = onSale;
  for (const result of onSale) for (const line of describeResult(result)) console.log(line);
  results.figures = figures.map((f) => ({ ...f, verdict: verdictOf(f) }));
  console.log('');
  for (const f of figures) console.log(formatFigure(f));
  for (const line of (results.reconcile as string[] | undefined) ?? []) console.log(line);
  const out = path.join(__dirname, 'results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'latest.json'), JSON.stringify(results, null, 2) + '\n');
  console.log(`written to ${path.relative(process.cwd(), path.join(out, 'latest.json'))}`);
  if (results.failedParts) {
    console.error(`failed parts: ${(results.failedParts as string[]).join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
