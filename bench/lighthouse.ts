/**
 * Lighthouse on the basket step, the way the web measures it: the `lighthouse` package's default configuration (mobile,
 * simulated throttling: 4× CPU, 150 ms RTT, 1.6 Mbps), performance category only, against `/checkout/` with one ticket
 * in the basket. Each run is a fresh system Chromium (its own profile) given the session of a basket prepared as the
 * mobile lab prepares it; Lighthouse keeps cookies when it clears the origin's storage, so the page loads that basket.
 *
 * Lighthouse runs as its own CLI in a plain `node`, not imported here: the bench runs under tsx, whose transform adds
 * `__name()` calls to functions, and Lighthouse sends some of its functions' source into the page to run there.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { launch } from 'chrome-launcher';
import { chromium, type Browser, type Cookie } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../e2e/support/chromium';
import { addTicket } from '../e2e/support/basket';
import { seed } from '../e2e/support/seed';
import type { Figure } from './figures';
import { lighthouseFigures, lighthouseResultSchema, lighthouseRunOf, type LighthouseRun } from './lighthouse-result';

const lighthouseCli = require.resolve('lighthouse/cli/index.js');

/** The default configuration (mobile, simulated throttling), performance only, as JSON into a file; no prompts. */
async function runLighthouse(url: string, port: number): Promise<unknown> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const report = path.join(folder, 'report.json');
  try {
    await promisify(execFile)(
      process.execPath,
      [
        lighthouseCli,
        url,
        `--port=${port}`,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
        '--no-enable-error-reporting',
      ],
      { timeout: 180_000 },
    );
    return JSON.parse(fs.readFileSync(report, 'utf8')) as unknown;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** A basket with one standard ticket, prepared in a Playwright context as the mobile lab does: its cookies. */
async function basketSession(browser: Browser, baseURL: string): Promise<Cookie[]> {
  const context = await browser.newContext({ baseURL });
  try {
    await addTicket(context, seed.standardTicket.id, 1);
    return await context.cookies();
  } finally {
    await context.close();
  }
}

async function oneRun(browser: Browser, baseURL: string): Promise<LighthouseRun> {
  const cookies = await basketSession(browser, baseURL);
  const chrome = await launch({
    chromePath: chromiumExecutable,
    chromeFlags: ['--headless=new', ...chromiumArgs],
    logLevel: 'error',
  });
  try {
    // The basket's session goes into the new browser's own profile, where Lighthouse's tab will open.
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    try {
      const profile = cdp.contexts()[0];
      if (!profile) throw new Error('the launched Chromium has no default profile');
      await profile.addCookies(cookies);
    } finally {
      await cdp.close();
    }
    const lhr = lighthouseResultSchema.parse(await runLighthouse(`${baseURL}/checkout/`, chrome.port));
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lighthouseRunOf(lhr);
  } finally {
    chrome.kill();
  }
}

export async function lighthouseLab(
  browser: Browser,
  baseURL: string,
  runs = 5,
): Promise<{ figures: Figure[]; runs: LighthouseRun[] }> {
  const results: LighthouseRun[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await oneRun(browser, baseURL));
  return { runs: results, figures: lighthouseFigures(results) };
}
