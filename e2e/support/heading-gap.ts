import type { Page } from '@playwright/test';

/**
 * The blank space between a step's heading and what follows it, in CSS pixels: a stack's gap alone is 16 px, while a
 * heading's browser margins on top of it leave the large gaps a buyer notices.
 */
export async function gapUnderHeading(page: Page, headingId: string): Promise<number> {
  return page.evaluate((id) => {
    const heading = document.getElementById(id);
    const next = heading?.nextElementSibling;
    if (!heading || !next) return Number.NaN;
    return next.getBoundingClientRect().top - heading.getBoundingClientRect().bottom;
  }, headingId);
}
