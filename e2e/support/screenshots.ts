import type { Page, TestInfo } from '@playwright/test';

/** The widths a buyer's page is looked at: a phone and a desktop. */
const SIZES = [
  ['phone', 375, 812],
  ['desktop', 1280, 900],
] as const;

/**
 * A full-page screenshot at phone and at desktop width, saved in the test's output and attached to its report; the
 * page's own size is put back afterwards, so the test goes on as it was.
 */
export async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const [size, width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    const file = testInfo.outputPath(`${name}-${size}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`${name} (${size} ${width}×${height})`, { path: file, contentType: 'image/png' });
  }
  if (original) await page.setViewportSize(original);
}
