import { expect, test } from '@playwright/test';
import { QuestionsPage } from '../pages/questions';
import { seed } from '../support/seed';

const { ticket } = seed.ids;
const save = '/ajax/checkout/checkout/save_question_answers/';

// The Lifeboat Gala Dinner (event 1) asks a dietary dropdown and the guest's name per ticket before payment, and
// 'How did you hear about us?' once per checkout after payment; its event carries the fundraising-contact notice.
test('Gala: questions answered before payment, paid, delivered, then the after-payment questions', async ({
  page,
  context,
}, testInfo) => {
  const q = new QuestionsPage(page, context);
  await q.reachQuestionsBeforePayment([{ ticketId: ticket.galaAdult, quantity: 2 }], 'questions-gala');
  await expect(q.stepButton('Ticket 1')).toHaveAttribute('aria-current', 'step');
  await expect(q.stepButton('Ticket 2')).toBeVisible();
  await expect(q.stepHeading('Ticket 1')).toBeVisible();
  await expect(page.getByText('Dinner ticket', { exact: true })).toBeVisible();
  await expect(q.text('Name of the guest using this ticket')).toHaveAccessibleDescription('Required');
  // The guests' names are given here, before payment: the event's fundraising-contact notice is read here first.
  const fundraising = page.getByText(
    'Lifeboat Gala Dinner raises money for charity. The organiser may use the contact details and answers you give here to tell you about its fundraising. You can ask them to stop at any time.',
  );
  for (const [width, height] of [
    [375, 812],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(fundraising).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`questions-before-notice-${width}.png`), fullPage: true });
  }
  expect(await q.account.seriousViolations()).toEqual([]);

  // Ticket 1 left half done: Continue stays and says what is missing.
  await q.text('Name of the guest using this ticket').fill('Ann Lee');
  await q.continueButton.click();
  await expect(q.stepHeading('Ticket 1')).toBeVisible();
  await expect(q.missingAnswer).toBeVisible();
  await expect(q.dropdown('Dietary requirements')).toBeFocused();
  await q.dropdown('Dietary requirements').selectOption('Vegan');
  await expect(q.missingAnswer).toHaveCount(0);
  await q.continueButton.click();
  await expect(q.stepHeading('Ticket 2')).toBeVisible();
  await expect(q.stepButton('Ticket 1 (completed)')).toBeVisible();
  await expect(q.missingAnswer).toHaveCount(0);
  // Said once, on the first step about the event, not again on every ticket.
  await expect(fundraising).toHaveCount(0);

  // Ticket 2 answered, Ticket 1's name cleared: Continue shows the first incomplete step, with its message.
  await q.dropdown('Dietary requirements').selectOption('None');
  await q.text('Name of the guest using this ticket').fill('Bo Lee');
  // A reload keeps what was typed (nothing is saved until the last Continue).
  await page.reload();
  await expect(q.stepHeading('Ticket 1')).toBeVisible({ timeout: 15_000 });
  await expect(q.text('Name of the guest using this ticket')).toHaveValue('Ann Lee');
  await q.stepButton(/^Ticket 2/).click();
  await expect(q.text('Name of the guest using this ticket')).toHaveValue('Bo Lee');
  await q.stepButton(/^Ticket 1/).click();
  await q.text('Name of the guest using this ticket').fill('');
  await q.stepButton(/^Ticket 2/).click();
  await q.continueButton.click();
  await expect(q.stepHeading('Ticket 1')).toBeVisible();
  await expect(q.missingAnswer).toBeVisible();
  expect(await q.account.seriousViolations()).toEqual([]);
  await q.text('Name of the guest using this ticket').fill('Ann Lee');

  const saved = page.waitForResponse((r) => r.url().includes(save));
  await q.continueButton.click();
  const response = await saved;
  expect(response.request().postData()).toContain('before_or_after=before');
  expect(await response.json()).toEqual({ questions_set: true });

  await q.payByCard();
  expect((await q.account.serverCheckout()).state).toBe('ticket_questions_after');
  await expect(q.heading).toBeVisible();
  // Payment → delivery → questions: focus arrives on the new step, never left on the body.
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toMatch(/^H[12]$/);
  await expect(q.stepHeading('Basket / Applies to all')).toBeVisible();
  await expect(page.getByText(/^Lifeboat Gala Dinner raises money for charity/)).toBeVisible();
  expect(await q.account.seriousViolations()).toEqual([]);
  await q.text('How did you hear about us?').fill('A friend told me');
  const savedAfter = page.waitForResponse((r) => r.url().includes(save));
  await q.continueButton.click();
  const after = await savedAfter;
  expect(after.request().postData()).toContain('before_or_after=after');
  expect(await after.json()).toEqual({ questions_set: true });

  // Next by the spec's rules: waiver if the basket has one, else organiser messages if any, else order completed.
  const checkout = await q.account.serverCheckout();
  const expected = checkout.has_waivers
    ? 'waiver'
    : (checkout.after_sale_messages as unknown[]).length
      ? 'after_sale_messages'
      : 'order_completed';
  await expect.poll(async () => (await q.account.serverCheckout()).state).toBe(expected);
  await expect(page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Ticket Questions' })).toBeVisible();
});

test('keyboard alone answers the questions and reaches payment', async ({ page, context }) => {
  const q = new QuestionsPage(page, context);
  await q.reachQuestionsBeforePayment([{ ticketId: ticket.galaAdult }], 'questions-keyboard');
  // One ticket: a single step, so no step list.
  await expect(q.steps).toHaveCount(0);
  await q.account.tabTo(q.dropdown('Dietary requirements'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(q.dropdown('Dietary requirements')).toHaveValue('Vegetarian');
  await page.keyboard.press('Tab');
  await expect(q.text('Name of the guest using this ticket')).toBeFocused();
  await page.keyboard.type('Kim Keys');
  await page.keyboard.press('Tab');
  await expect(q.continueButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(q.payment.heading).toBeVisible({ timeout: 15_000 });
  expect((await q.account.serverCheckout()).state).toBe('payment');
});
