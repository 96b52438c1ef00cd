import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { BasketPage } from './basket';

/** One row of the order summary as the page shows it: the words of its label and its amount in pence. */
export interface SummaryRow {
  label: string;
  shown: string;
  pence: number;
}

/** '£12.50' → 1250, '-£5.00' → -500, 'FREE' → 0: an amount as the summary prints it, in pence (no float sums). */
export function pence(shown: string): number {
  const text = shown.trim();
  if (text === 'FREE') return 0;
  const match = /^(-)?[£$€](\d{1,3}(?:,\d{3})*|\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`not an amount: '${shown}'`);
  const [, minus, whole = '0', fraction = '0'] = match;
  const value = Number(whole.replace(/,/g, '')) * 100 + Number(fraction);
  return minus ? -value : value;
}

/** Pence as the pages print pounds: 1250 → '£12.50'. */
export function pounds(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}£${Math.floor(abs / 100).toLocaleString('en-GB')}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The order summary every step shows, as a buyer reads it: beside the step from 768 px, folded into
 * the 'Your basket' bar below it on a phone. Its rows are read from the page (a description list: each label a term,
 * each amount its definition), never from the server's answer, so what is checked is what the buyer sees.
 */
export class OrderSummary {
  constructor(readonly page: Page) {}

  get region(): Locator {
    return this.page.getByRole('region', { name: 'Order summary' });
  }

  /** The phone's expandable basket: 'Your basket', the item count, a tick once paid, and the total. */
  get phoneBar(): Locator {
    return this.page.getByRole('button', { name: /^Your basket/ });
  }

  get isPhone(): boolean {
    return (this.page.viewportSize()?.width ?? 1280) < 768;
  }

  /** On a phone, opens the 'Your basket' bar (when closed); on a wide screen the summary is always open. */
  async open(): Promise<void> {
    if (!this.isPhone) {
      await expect(this.region).toBeVisible();
      return;
    }
    await expect(this.phoneBar).toBeVisible();
    if ((await this.phoneBar.getAttribute('aria-expanded')) !== 'true') await this.phoneBar.click();
    await expect(this.phoneBar).toHaveAttribute('aria-expanded', 'true');
    await expect(this.region).toBeVisible();
  }

  async close(): Promise<void> {
    if (this.isPhone && (await this.phoneBar.getAttribute('aria-expanded')) === 'true') await this.phoneBar.click();
  }

  /** Every row above the Total, in order. */
  async rows(): Promise<SummaryRow[]> {
    const lines = await this.region.locator('dl > div').evaluateAll((divs) =>
      divs.map((div) => ({
        label: (div.querySelector<HTMLElement>('dt')?.innerText ?? '').replace(/\s+/g, ' ').trim(),
        shown: (div.querySelector<HTMLElement>('dd')?.innerText ?? '').trim(),
      })),
    );
    // '2 ×' is set apart from the name by a margin, not a space: read as the buyer sees it, '2 × Stalls seat'.
    return lines
      .filter((line) => line.label !== 'Total')
      .map((line) => ({
        label: line.label.replace(/^(\d+ ×)(?=\S)/, '$1 '),
        shown: line.shown,
        pence: pence(line.shown),
      }));
  }

  /** The Total row as shown. */
  async total(): Promise<string> {
    const row = this.region
      .locator('dl > div')
      .filter({ has: this.page.getByRole('term').getByText('Total', { exact: true }) });
    await expect(row).toHaveCount(1);
    return ((await row.getByRole('definition').textContent()) ?? '').trim();
  }

  /**
   * The rows add up to the Total to the penny (on a phone after opening the basket bar, whose own total must be the
   * same). Answers the rows and the Total in pence.
   */
  async expectAddsUp(): Promise<{ rows: SummaryRow[]; total: number }> {
    await this.open();
    const rows = await this.rows();
    const total = pence(await this.total());
    expect(rows.length, 'the order summary has rows').toBeGreaterThan(0);
    const sum = rows.reduce((acc, row) => acc + row.pence, 0);
    expect(
      sum,
      `rows ${rows.map((r) => `${r.label} ${r.shown}`).join(' | ')} add up to the Total ${pounds(total)}`,
    ).toBe(total);
    if (this.isPhone) {
      await expect(this.phoneBar).toContainText(pounds(total));
      // What a screen reader says of the bar: the count in words, 'Paid' once paid, the total; not the arrow.
      const amount = pounds(total).replace(/[.$]/g, '\\$&');
      await expect(this.phoneBar).toHaveAccessibleName(
        new RegExp(`^Your basket \\d+ items? in your basket (Paid )?${amount}$`),
      );
    }
    return { rows, total };
  }

  // ---- Edit basket ------------------------------------------------------------------------------------------------

  get editBasket(): Locator {
    return this.region.getByRole('button', { name: /^Edit basket/ });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Are you sure?' });
  }

  /** Edit basket, the warning, and "Yes, I'm sure". */
  async editAndConfirm(): Promise<void> {
    await this.open();
    await this.editBasket.click();
    await expect(this.dialog).toBeVisible();
    await expect(this.dialog).toContainText('By editing your basket, you could lose your reserved tickets.');
    await expect(this.dialog.getByRole('button', { name: 'No, cancel' })).toBeVisible();
    await this.dialog.getByRole('button', { name: "Yes, I'm sure" }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Basket' })).toBeVisible({ timeout: 15_000 });
  }
}

/** Serious and critical axe violations on the page as it is now, one line each (empty when there are none). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * A screenshot kept with the test's results (attached, and as a file under the test's folder in test-results/):
 * `screen` is the first screenful from the top of the page, as the buyer arrives; `end` the last screenful, scrolled
 * to the bottom (on a phone with the fixed footer button over it, if it shows); `page` is the whole page.
 */
export async function keepScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  what: 'screen' | 'end' | 'page',
): Promise<void> {
  const size = page.viewportSize();
  const tag = size ? `${size.width}x${size.height}` : 'page';
  if (what === 'screen') await page.evaluate(() => window.scrollTo(0, 0));
  if (what === 'end') await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // Fonts and the step's layout settle (and the footer button notices what is in view) before the picture is taken.
  await page.evaluate(() =>
    document.fonts.ready.then(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    ),
  );
  const file = testInfo.outputPath(`${name}-${tag}-${what}.png`);
  await page.screenshot({ path: file, fullPage: what === 'page' });
  const described = { screen: 'first screen', end: 'last screen', page: 'whole page' }[what];
  await testInfo.attach(`${name} ${tag} (${described})`, { path: file, contentType: 'image/png' });
  if (what === 'end') await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * A buyer's walk looked at step by step: on each step screenshots (the whole page; on a phone also the first screen,
 * and the last screen with the basket bar open), the order summary adding up to its Total, and axe with no serious or
 * critical violation.
 */
export class StepLook {
  readonly summary: OrderSummary;
  /** The rows read on the last step looked at. */
  rows: SummaryRow[] = [];
  private count = 0;

  constructor(
    readonly page: Page,
    readonly testInfo: TestInfo,
    readonly prefix = '',
  ) {
    this.summary = new OrderSummary(page);
  }

  /**
   * Waits for `shown` (and, when given, for the summary's Total to be `expected` pence: the summary follows the step's
   * own save by a reload), then looks at the step. Answers the summary's Total in pence.
   */
  async look(step: string, shown: Locator, expected?: number): Promise<number> {
    await expect(shown).toBeVisible({ timeout: 15_000 });
    if (expected !== undefined) {
      await this.summary.open();
      await expect
        .poll(async () => pence(await this.summary.total()), { message: `the Total on ${step}` })
        .toBe(expected);
      await this.summary.close();
    }
    this.count += 1;
    const name = `${this.prefix}${String(this.count).padStart(2, '0')}-${step}`;
    if (this.summary.isPhone) await keepScreenshot(this.page, this.testInfo, name, 'screen');
    const { rows, total } = await this.summary.expectAddsUp();
    this.rows = rows;
    await keepScreenshot(this.page, this.testInfo, name, 'page');
    if (this.summary.isPhone) await keepScreenshot(this.page, this.testInfo, name, 'end');
    expect(await seriousViolations(this.page), `axe on ${step} at ${this.page.viewportSize()?.width}px`).toEqual([]);
    await this.summary.close();
    return total;
  }

  /** The label of each row read on the last step. */
  labels(): string[] {
    return this.rows.map((row) => row.label);
  }
}

// ---- Codes on the basket ------------------------------------------------------------------------------------------

/** The basket's code box: each applied code, 'SAVE10: £5.00 off', 'Code applied' and a Remove button. */
export class AppliedCodes {
  constructor(readonly page: Page) {}

  get box(): Locator {
    return this.page.getByRole('region', { name: 'DISCOUNT OR VOUCHER CODE?' });
  }

  item(code: string): Locator {
    return this.box
      .getByRole('list', { name: 'Code applied' })
      .getByRole('listitem')
      .filter({ hasText: `${code}: ` });
  }

  /** Types the code and applies it; the box says 'Code applied'. */
  async apply(code: string): Promise<void> {
    await (await new BasketPage(this.page).openCodeBox()).fill(code);
    await this.box.getByRole('button', { name: 'Apply' }).click();
    await expect(this.box.getByRole('status')).toHaveText('Code applied');
    await expect(this.item(code)).toBeVisible();
  }

  /** The code is shown with its saving (e.g. '£5.00'), the 'Code applied' badge and its Remove button. */
  async expectShown(code: string, saving: string): Promise<void> {
    const item = this.item(code);
    await expect(item).toBeVisible();
    await expect(item).toContainText(`${code}: ${saving} off`);
    await expect(item.getByText('Code applied', { exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: `Remove code ${code}` })).toHaveText('Remove');
  }

  async remove(code: string): Promise<void> {
    await this.item(code)
      .getByRole('button', { name: `Remove code ${code}` })
      .click();
    await expect(this.item(code)).toHaveCount(0);
  }

  /** Types a code the server refuses: one alert beside the box with 'Invalid code' and why, and not a second above. */
  async applyRefused(code: string, reason: string): Promise<void> {
    await (await new BasketPage(this.page).openCodeBox()).fill(code);
    await this.box.getByRole('button', { name: 'Apply' }).click();
    await expect(this.box.getByRole('alert')).toHaveText(`Invalid code: ${reason}`);
    await expect(this.page.getByText(reason)).toHaveCount(1);
    await expect(this.box.getByRole('status')).toHaveCount(0);
  }
}
