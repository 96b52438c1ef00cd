import { expect, test, type Locator, type Page } from '@playwright/test';
import { FIRST_ANSWERS_ELEMENT_ID } from '@checkout/shared';
import { hostileMarkupIn, XSS_PAYLOADS } from '../../shared/src/testing/xss-payloads';
import { WaiverFlow, WaiverSigner } from '../pages/waiver';

/**
 * Hostile input: a standard XSS payload list where organisers' HTML is shown (charity
 * description, ticket question text, after-sale messages, waiver terms) and where buyers' text is shown (names on the
 * waiver page). Nothing may run: no dialog, `window.__xss` never set, no element or attribute that runs code left in
 * the DOM (checked too, because the Content-Security-Policy would also stop inline code: the rendering itself must be
 * safe). The organisers' own text and the buyers' names still show, inert.
 */

declare global {
  interface Window {
    __xss?: unknown;
  }
}

const ALL = XSS_PAYLOADS.join('');
const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every dialog a page opens (there must be none), dismissed so a test never hangs on one. */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return opened;
}

/** Hover and click what the payloads left behind, as a curious buyer would; then nothing may have run. */
async function poke(page: Page, within: Locator): Promise<void> {
  for (const text of ['xss-hover', 'xss-button', 'xss-submit', 'xss-link', 'xss-link-2', 'xss-link-3']) {
    const target = within.getByText(text, { exact: true }).first();
    if ((await target.count()) === 0 || !(await target.isVisible())) continue;
    await target.hover();
    // Links are clicked too (their script URL must be gone); buttons only hovered: a cleaned form still submits.
    if (text.startsWith('xss-link')) await target.click();
  }
}

async function expectInert(page: Page, dialogs: string[], container: Locator): Promise<void> {
  expect(await container.evaluate(hostileMarkupIn)).toEqual([]);
  await poke(page, container);
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test("organisers' HTML full of XSS payloads never runs in the checkout, and the waiver page shows hostile names and terms inert", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  const dialogs = watchDialogs(page);

  // The checkout JSON as hostile as the server could send it: every organiser HTML field carries the whole list.
  type HostileFields = {
    charity: { description_html: string } | null;
    after_sale_messages: { message: string }[];
    before_payment_questions: Record<string, { question: string }[]>;
    after_payment_questions: Record<string, { question: string }[]>;
  };
  await page.route('**/ajax/checkout/checkout/get/**', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: hostile((await response.json()) as HostileFields) });
  });
  // The page's first checkout arrives inside the page (a JSON data block), where no route can reach it: the block is
  // taken out as it is parsed, so the page asks for the checkout as it does without one, and gets the hostile one.
  await page.addInitScript((id) => {
    new MutationObserver((_, observer) => {
      const block = document.getElementById(id);
      if (!block) return;
      block.remove();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, FIRST_ANSWERS_ELEMENT_ID);
  function hostile(checkout: HostileFields): HostileFields {
    if (checkout.charity) checkout.charity.description_html = `<p>Charity text survives</p>${ALL}`;
    checkout.after_sale_messages = checkout.after_sale_messages.flatMap((message) =>
      XSS_PAYLOADS.map((payload, index) => ({
        ...message,
        message: `<p>Message text ${index} survives</p>${payload}`,
      })),
    );
    for (const questions of [
      ...Object.values(checkout.before_payment_questions),
      ...Object.values(checkout.after_payment_questions),
    ]) {
      for (const question of questions) question.question = `${question.question}${ALL}`;
    }
    return checkout;
  }

  const flow = new WaiverFlow(page, context);
  await flow.buyKayak('xss', {
    quantity: 1,
    onDonation: async () => {
      const description = page.getByText('Charity text survives').locator('xpath=..');
      await expect(description).toBeVisible();
      await expectInert(page, dialogs, description);
    },
    onQuestions: async () => {
      // The question text (organiser HTML) is shown, cleaned, before the step is checked.
      await expect(page.getByText(/swim 50 metres\?/).first()).toBeVisible();
      await expectInert(page, dialogs, page.locator('main'));
    },
  });

  // The waiver step, then the organiser messages: one message per payload, each text shown, nothing run.
  await expect(flow.waiverHeading).toBeVisible();
  const link = await flow.linkBox.inputValue();
  await flow.continueButton.click();
  await expect(flow.messagesHeading).toHaveText('Organiser messages');
  await expect(page.getByRole('article')).toHaveCount(XSS_PAYLOADS.length);
  for (let index = 0; index < XSS_PAYLOADS.length; index += 1) {
    await expect(page.getByText(`Message text ${index} survives`)).toBeVisible();
  }
  await expectInert(page, dialogs, page.getByRole('list').filter({ has: page.getByRole('article') }));

  // The waiver page: the terms as hostile as an organiser could write them (the page cleans them in the browser)…
  const signerDialogs: string[] = [];
  const signer = await WaiverSigner.open(browser, 'about:blank');
  signer.page.on('dialog', (dialog) => {
    signerDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signer.page.route('**/activity-terms-and-conditions/**', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /data-html="[^"]*"/,
      `data-html="${escapeAttribute(`<p>Terms text survives</p>${ALL}`)}"`,
    );
    await route.fulfill({ response, body });
  });
  await signer.page.goto(link);
  const terms = signer.page.getByText('Terms text survives').locator('xpath=..');
  await expect(terms).toBeVisible();
  await expectInert(signer.page, signerDialogs, terms);

  // …and every payload signed as a name: stored, listed as plain text, never run.
  for (const [index, name] of XSS_PAYLOADS.entries()) {
    await signer.sign(name);
    await expect(signer.signers).toHaveCount(index + 1);
  }
  await signer.page.reload();
  await expect(signer.signers).toHaveText([...XSS_PAYLOADS]);
  await expectInert(signer.page, signerDialogs, signer.page.locator('[data-signatures]'));
  await signer.close();
});
