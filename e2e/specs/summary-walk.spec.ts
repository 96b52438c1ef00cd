import { expect, test, type Page } from '@playwright/test';
import { AccountPage, guestEmail } from '../pages/account';
import { BasketPage } from '../pages/basket';
import { PaymentPage } from '../pages/payment';
import { QuestionsPage } from '../pages/questions';
import { AppliedCodes, pounds, StepLook } from '../pages/summary';
import { addTicket } from '../support/basket';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

/**
 * The buyer sees the truth on every step: the seeded buyer paths walked once at each size, every step looked at
 * (StepLook: a screenshot kept, the order summary's rows adding up to its Total to the penny, no serious or critical
 * axe violation), and on Payment the Total is what the card is charged.
 *
 * - The Lifeboat Gala Dinner (a charity's event): a Dinner ticket with SAVE10 and a £20 donation with Gift Aid, the
 *   account step with a code from the outbox, Keep updated, the two mandatory questions before payment, payment,
 *   delivery, the question after payment, order completed.
 * - Folk by the Sea (tickets posted): a Balcony seat, whose booking fee the organiser absorbs, with FOLK5 and the
 *   delivery charge: account, Keep updated, Delivery Address, payment, delivery, the questions after payment, the
 *   organiser's message, order completed.
 *
 * The desktop pays with the card that succeeds (4242…); the phone with the 3-D Secure card (4000 0027 6000 3184), so
 * the amount the sandbox bank is asked for is read from its page as well.
 */

test.describe.configure({ timeout: 120_000 });

const SIZES = [
  { name: 'desktop', width: 1280, height: 900, card: '4242 4242 4242 4242' },
  { name: 'phone', width: 375, height: 812, card: '4000 0027 6000 3184' },
] as const;
type Size = (typeof SIZES)[number];

const HOLD = {
  reserve: '**/ajax/checkout/checkout/reserve_tickets/',
  wallet: '**/ajax/checkout/checkout/deliver_to_wallet/',
};

/** Holds the page's calls to `url` until released, so a step that moves on by itself stays still to be looked at. */
async function hold(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * The code on the basket: its saving and 'Code applied' still shown after a reload, 'Remove' takes it off (the row
 * goes, the Total goes back up), and it is applied again for the rest of the walk. Answers the Total with the code.
 */
async function codeSurvivesReloadAndRemoves(steps: StepLook, basket: BasketPage, code: string): Promise<number> {
  const codes = new AppliedCodes(steps.page);
  const without = await steps.summary.expectAddsUp().then((read) => read.total);
  await steps.summary.close();
  await codes.apply(code);
  await basket.waitForUpdates();
  const withCode = await steps.summary.expectAddsUp();
  const row = withCode.rows.find((r) => r.label === `Discount code ${code}`);
  expect(row, `a 'Discount code ${code}' row`).toBeDefined();
  expect(withCode.total).toBe(without + (row?.pence ?? 0));
  await steps.summary.close();

  await steps.page.reload();
  await expect(basket.reserveButton).toBeEnabled({ timeout: 15_000 });
  await codes.expectShown(code, pounds(-(row?.pence ?? 0)));
  await codes.remove(code);
  await basket.waitForUpdates();
  const removed = await steps.summary.expectAddsUp();
  expect(removed.rows.map((r) => r.label)).not.toContain(`Discount code ${code}`);
  expect(removed.total).toBe(without);
  await steps.summary.close();

  await codes.apply(code);
  await basket.waitForUpdates();
  return withCode.total;
}

/** Payment: the Total is on the Pay button, and (3-D Secure card) on the sandbox bank's page; then delivery. */
async function payAndDeliver(steps: StepLook, pay: PaymentPage, size: Size, expected: number): Promise<void> {
  const { page } = steps;
  await expect(pay.heading).toBeVisible({ timeout: 15_000 });
  const charged = await steps.look('payment', pay.payButton, expected);
  await expect(pay.payButton).toHaveText(`Pay ${pounds(charged)}`);
  await pay.fillCard(size.card);
  const wallet = await hold(page, HOLD.wallet);
  await pay.payButton.click();
  if (size.card.startsWith('4000 0027')) {
    await expect(page).toHaveURL(/\/sandbox\/stripe\/3ds/);
    await expect(page.getByRole('definition').filter({ hasText: /^£/ })).toHaveText(pounds(charged));
    await page.getByRole('button', { name: 'Complete authentication' }).click();
  }
  // Delivery runs by itself: its wallet call is held while the step is looked at.
  const delivering = page.getByRole('status').filter({ hasText: 'Sending your ticket wallet to your email' });
  await steps.look('delivery', delivering, charged);
  wallet();
  await pay.expectDelivered();
}

const completedHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Order complete! Your tickets are on their way.' });

for (const size of SIZES) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test(`Lifeboat Gala Dinner with SAVE10 and a £20 donation with Gift Aid, basket to order completed (${size.name})`, async ({
      page,
      context,
    }, testInfo) => {
      const basket = new BasketPage(page);
      const account = new AccountPage(page, context);
      const pay = new PaymentPage(page, context);
      const questions = new QuestionsPage(page, context);
      const steps = new StepLook(page, testInfo, 'gala-');

      await addTicket(context, ticket.galaAdult, 1);
      await basket.open();
      await expect(basket.reserveButton).toBeEnabled();
      const basketTotal = await codeSurvivesReloadAndRemoves(steps, basket, 'SAVE10');
      await steps.look('basket', basket.reserveButton, basketTotal);
      expect(steps.labels()).toEqual([
        expect.stringMatching(/^1 × Dinner ticket Lifeboat Gala Dinner, /),
        'Discount code SAVE10',
        'Booking fee',
      ]);

      const reserved = await hold(page, HOLD.reserve);
      await basket.reserveButton.click();
      await steps.look('reserve', basket.reserving, basketTotal);
      reserved();

      // A charity's event: the donation first; £20 and its fee (20p + 1.5 %, with 20 % VAT: 60p) join the summary.
      await expect(basket.countdown).toBeVisible({ timeout: 15_000 });
      await steps.look(
        'donation',
        page.getByRole('heading', { level: 1, name: 'Would you like to add a donation?' }),
        basketTotal,
      );
      await page.getByRole('radio', { name: '£20.00' }).check();
      await page.getByRole('button', { name: 'Add donation' }).click();
      const total = await steps.look('gift-aid', account.giftAidHeading, basketTotal + 2000 + 60);
      expect(steps.rows.filter((r) => r.label.startsWith('Donation')).map((r) => [r.label, r.shown])).toEqual([
        ['Donation to Harbour Lifeboat Trust', '£20.00'],
        ['Donation fee', '£0.60'],
      ]);
      await page.getByRole('checkbox', { name: 'Yes, add Gift Aid to my donation' }).check();
      for (const name of [
        /^I am a UK taxpayer/,
        /^This donation is my own money/,
        /^I am not receiving anything in return/,
      ]) {
        await page.getByRole('checkbox', { name }).check();
      }
      await account.field('Address line 1').fill('14 Marine Parade');
      await account.field('Postcode').fill('BN2 1TL');
      await account.continueButton.click();

      // Gift Aid is noted under the donation once the summary has the step's save.
      await expect(page.getByText('With Gift Aid: the charity can claim 25% more at no cost to you')).toBeAttached();
      await steps.look('account', account.accountHeading, total);
      expect(steps.labels()).toContain(
        'Donation to Harbour Lifeboat Trust With Gift Aid: the charity can claim 25% more at no cost to you',
      );
      await account.signInAsGuest(guestEmail(`gala-walk-${size.name}`), 'Wendy Walker');

      await steps.look('keep-updated', account.keepUpdatedHeading, total);
      await account.continueButton.click();

      await steps.look('questions-before', questions.heading, total);
      await questions.dropdown('Dietary requirements').selectOption('Vegetarian');
      await questions.text('Name of the guest using this ticket').fill('Wendy Walker');
      await questions.continueButton.click();

      await payAndDeliver(steps, pay, size, total);

      await steps.look('questions-after', questions.heading, total);
      if (steps.summary.isPhone) await expect(steps.summary.phoneBar).toContainText('Paid');
      await questions.text('How did you hear about us?').fill('A friend told me');
      await questions.continueButton.click();

      await steps.look('order-completed', completedHeading(page), total);
      const checkout = await account.serverCheckout();
      expect(checkout.state).toBe('order_completed');
      expect(Math.round(Number(checkout.basket_total) * 100)).toBe(total);
    });

    test(`Folk by the Sea: a Balcony seat (fee absorbed) with FOLK5, posted, basket to order completed (${size.name})`, async ({
      page,
      context,
    }, testInfo) => {
      const basket = new BasketPage(page);
      const account = new AccountPage(page, context);
      const pay = new PaymentPage(page, context);
      const questions = new QuestionsPage(page, context);
      const steps = new StepLook(page, testInfo, 'folk-');

      await addTicket(context, ticket.folkBalcony, 1);
      await basket.open();
      await expect(basket.reserveButton).toBeEnabled();
      const total = await codeSurvivesReloadAndRemoves(steps, basket, 'FOLK5');
      await steps.look('basket', basket.reserveButton, total);
      // The absorbed booking fee is shown once, inside the seat's price: no Booking fee row. £22 + £1.50 delivery - £5.
      expect(steps.rows.map((r) => [r.label, r.shown])).toEqual([
        [expect.stringMatching(/^1 × Balcony seat Folk by the Sea, .* · Includes booking fee £1\.50$/), '£22.00'],
        ['Discount code FOLK5', '-£5.00'],
        ['Delivery', '£1.50'],
      ]);
      expect(total).toBe(1850);
      await expect(page.getByText(/booking fee £1\.50/i)).toHaveCount(1);
      // The basket's own line asks what the summary says the seat costs.
      await expect(basket.line('Balcony seat')).toContainText('£22.00');

      const reserved = await hold(page, HOLD.reserve);
      await basket.reserveButton.click();
      await steps.look('reserve', basket.reserving, total);
      reserved();

      await steps.look('account', account.accountHeading, total);
      await account.signInAsGuest(guestEmail(`folk-walk-${size.name}`), 'Pat Post');
      await steps.look('keep-updated', account.keepUpdatedHeading, total);
      await account.continueButton.click();

      await steps.look('delivery-address', account.deliveryHeading, total);
      await account.field('Find an address by postcode or street').fill('BN2 1TL');
      await page.getByRole('button', { name: 'Find' }).click();
      await page.getByRole('button', { name: 'Use this address: 14 Marine Parade, Brighton, BN2 1TL' }).click();
      await account.field('First name').fill('Pat');
      await account.field('Last name').fill('Post');
      await account.continueButton.click();

      await payAndDeliver(steps, pay, size, total);

      // After payment: the once-per-checkout question, then the seat's own (optional) one.
      await steps.look('questions-after', questions.heading, total);
      await questions.text('How did you hear about us?').fill('The programme');
      const message = page.getByRole('heading', { level: 1, name: 'Organiser message' });
      await expect(questions.stepHeading('Basket / Applies to all')).toBeVisible();
      await questions.continueButton.click();
      await expect(questions.stepHeading('Ticket 1')).toBeVisible();
      await questions.continueButton.click();
      await steps.look('organiser-message', message, total);
      await page.getByRole('button', { name: 'Continue' }).click();

      await steps.look('order-completed', completedHeading(page), total);
      if (steps.summary.isPhone) await expect(steps.summary.phoneBar).toContainText('Paid');
      expect(Math.round(Number((await account.serverCheckout()).basket_total) * 100)).toBe(total);
    });
  });
}
