import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../e2e/support/chromium';

/** The system Chromium, as the e2e suite runs it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
}

/** The basket step is usable: 'Reserve Basket' is on screen and enabled. */
export async function reserveEnabled(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Reserve Basket');
      return button !== undefined && !button.disabled;
    },
    undefined,
    { timeout, polling: 'raf' },
  );
}
