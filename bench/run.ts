/**
 * npm run bench: measures the figures of DESIGN.md section 8 that exist so far, prints each beside its target with
 * PASS/MISS, and writes them to bench/results/latest.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../e2e/support/chromium';
import { addTicket } from '../e2e/support/basket';
import { seed } from '../e2e/support/seed';
import {
  describeResult,
  freshPostgresDatabase,
  onSaleFigures,
  onSaleStackEnv,
  ONSALE_BUYERS,
  ONSALE_CAPACITY,
  pgliteRawRate,
  postgresBenchDatabase,
  runOnSaleBench,
  type OnSaleResult,
} from './onsale';
import { KiB, measurePageWeight } from './page-weight';
import { startStack } from './stack';

interface Figure {
  name: string;
  value: number;
  unit: string;
  target?: number;
  /** 'max': the value must not exceed the target; 'min': it must reach it; 'info': shown without a target. */
  kind: 'max' | 'min' | 'info';
}

async function basketPageWeight(baseURL: string): Promise<{ figures: Figure[]; detail: unknown }> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  try {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await addTicket(context, seed.standardTicket.id, 1);
    const weight = await measurePageWeight(page, async () => {
      await page.goto('/checkout/');
      await page.getByRole('button', { name: 'Reserve Basket' }).waitFor();
      await page.waitForFunction(() => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Reserve Basket');
        return button !== undefined && !button.disabled;
      });
    });
    return {
      figures: [
        { name: 'JS gzip before the basket step is usable', value: weight.jsGzip / KiB, unit: 'KiB', target: 170, kind: 'max' },
        { name: 'CSS gzip before the basket step is usable', value: weight.cssGzip / KiB, unit: 'KiB', target: 20, kind: 'max' },
      ],
      detail: weight.assets.map((a) => ({ url: new URL(a.url).pathname.replace(/^\//, `${new URL(a.url).port}/`), kind: a.kind, gzipKiB: +(a.gzipBytes / KiB).toFixed(1) })),
    };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  // The default stack (PGlite, even when DATABASE_URL is set for the run) also carries the on-sale load: stock for it,
  // and no captcha for 200 buyers on one address.
  const stack = await startStack({ port: 8280, remotePortBase: 3280, env: { ...onSaleStackEnv(ONSALE_CAPACITY), DATABASE_URL: '' } });
  const results: Record<string, unknown> = { measuredAt: new Date().toISOString() };
  const figures: Figure[] = [];
  const onSale: OnSaleResult[] = [];
  try {
    const weight = await basketPageWeight(stack.baseURL);
    figures.push(...weight.figures);
    results.pageWeightAssets = weight.detail;
    onSale.push(await runOnSaleBench({ baseURL: stack.baseURL, buyers: ONSALE_BUYERS, capacity: ONSALE_CAPACITY, databaseLabel: 'PGlite', rawRate: pgliteRawRate }));
  } finally {
    await stack.stop();
  }
  // PGlite's files belong to the api: its stock is checked through the API (bench/onsale.ts apiAvailable).
  for (const result of onSale) figures.push(...onSaleFigures(result, false));
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (databaseUrl) {
    // A fresh database beside DATABASE_URL's, dropped afterwards.
    const fresh = await freshPostgresDatabase(databaseUrl);
    try {
      const pgStack = await startStack({ port: 8281, remotePortBase: 3290, env: { ...onSaleStackEnv(ONSALE_CAPACITY), DATABASE_URL: fresh.url } });
      const database = postgresBenchDatabase(fresh.url);
      try {
        const result = await runOnSaleBench({ baseURL: pgStack.baseURL, buyers: ONSALE_BUYERS, capacity: ONSALE_CAPACITY, databaseLabel: 'PostgreSQL', database });
        onSale.push(result);
        figures.push(...onSaleFigures(result, true));
      } finally {
        await database.close();
        await pgStack.stop();
      }
    } finally {
      await fresh.drop();
    }
  }
  results.onSale = onSale;
  for (const result of onSale) for (const line of describeResult(result)) console.log(line);
  results.figures = figures;
  for (const f of figures) {
    if (f.kind === 'info' || f.target === undefined) {
      console.log(`INFO  ${f.name}: ${f.value.toFixed(1)} ${f.unit}`);
      continue;
    }
    const pass = f.kind === 'max' ? f.value <= f.target : f.value >= f.target;
    const bound = f.kind === 'max' ? '≤' : '≥';
    console.log(`${pass ? 'PASS' : 'MISS'}  ${f.name}: ${f.value.toFixed(1)} ${f.unit} (target ${bound} ${f.target} ${f.unit})`);
  }
  const out = path.join(__dirname, 'results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'latest.json'), JSON.stringify(results, null, 2) + '\n');
  console.log(`written to ${path.relative(process.cwd(), path.join(out, 'latest.json'))}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
