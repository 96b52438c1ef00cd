import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../e2e/support/chromium';

/** The system Chromium, as the e2e suite runs it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
}

/**
 * The basket step is usable: 'Reserve Basket' is on screen and enabled. Resolves with the moment the page saw it so, in
 * ms since the epoch by the page's clock (the page may have started more requests by the time the bench hears of it).
 */
export async function reserveEnabled(page: Page, timeout = 60_000): Promise<number> {
  const usable = await page.waitForFunction(
    () => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Reserve Basket');
      // A step the server rendered is on screen before its scripts have run: usable once its region is not busy.
      const usable = button !== undefined && !button.disabled && button.closest('[aria-busy="true"]') === null;
      return usable ? performance.timeOrigin + performance.now() : false;
    },
    undefined,
    { timeout, polling: 'raf' },
  );
  return (await usable.jsonValue()) as number;
}
