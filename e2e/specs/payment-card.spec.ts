import { expect, test, type Locator, type Page } from '@playwright/test';
import { guestEmail, type AccountPage } from '../pages/account';
import { PaymentPage } from '../pages/payment';
import { addTicket } from '../support/basket';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

/**
 * Where the keyboard's focus is, for a buyer who has only a keyboard: Tab and Shift+Tab to a control (each one showing
 * its focus ring), and on a step change focus on the new step's heading, never left on the page's body.
 */
class KeyboardFocus {
  constructor(
    private readonly page: Page,
    private readonly account: AccountPage,
  ) {}

  /** Presses Tab until `target` has focus, and checks its focus shows. */
  async tabTo(target: Locator): Promise<void> {
    await this.account.tabTo(target);
    await this.expectVisible();
  }

  async shiftTabTo(target: Locator, limit = 40): Promise<void> {
    for (let presses = 0; presses < limit; presses += 1) {
      if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
        await this.expectVisible();
        return;
      }
      await this.page.keyboard.press('Shift+Tab');
    }
    throw new Error(`Shift+Tab never reached ${target.toString()}`);
  }

  /** A new step: its heading takes focus, and keeps it once the step has settled (never lost to the body after). */
  async onStep(heading: Locator): Promise<void> {
    await expect(heading).toBeFocused({ timeout: 15_000 });
    await this.page.waitForTimeout(300);
    await expect(heading).toBeFocused();
  }

  /** The focused control draws a focus ring: an outline on it, on its label or on the box around it. */
  async expectVisible(): Promise<void> {
    const shown = await this.page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      if (!active || active === document.body) return 'focus is on the body';
      if (!active.matches(':focus-visible')) return `${active.tagName} is focused without :focus-visible`;
      const labels = 'labels' in active ? Array.from((active as HTMLInputElement).labels ?? []) : [];
      const outlined = (el: Element | null | undefined) => {
        if (!el) return false;
        const style = getComputedStyle(el);
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      };
      // A box around the control may draw the ring for it (an outline only appears there while the control has focus).
      const around = [active.parentElement, active.parentElement?.parentElement, active.closest('li')];
      const ringed = [active, ...labels, ...around].some(outlined);
      return ringed
        ? 'shown'
        : `${active.tagName} "${active.getAttribute('aria-label') ?? active.textContent ?? ''}" has no focus ring`;
    });
    expect(shown).toBe('shown');
  }
}

// Festival Europa is a stripe-type EUR organiser: card only, auto-selected, the sandbox card form.
test('a sandbox card that succeeds: delivered, then the next state', async ({ page, context }) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.europaDay }], 'card-ok');
  await expect(pay.bankButton).toHaveCount(0);
  await expect(pay.cardButton).toHaveAttribute('aria-pressed', 'true');
  expect(await pay.account.seriousViolations()).toEqual([]);
  await pay.fillCard('4242 4242 4242 4242');
  await pay.payButton.click();
  await pay.expectDelivered();
});

test('a declined card: the message in the error box, the form again, and a second card pays', async ({
  page,
  context,
}) => {
  const pay = new PaymentPage(page, context);
  // On a phone, where the error box is above the form the buyer pressed Pay in.
  await page.setViewportSize({ width: 375, height: 812 });
  await pay.reachPayment([{ ticketId: ticket.europaDay }], 'card-decline');
  await pay.fillCard('4000 0000 0000 0002');
  await pay.payButton.click();
  const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(declined).toBeVisible();
  // The error is where the buyer is looking: in view, and focus is on it (not left on the body).
  await expect(declined).toBeInViewport();
  await expect(page.locator('.payment__error')).toBeFocused();
  await expect(pay.heading).toHaveText('Payment');
  await pay.fillCard('4242 4242 4242 4242');
  await pay.payButton.click();
  await pay.expectDelivered();
});

test('3-D Secure: Complete authentication returns to the checkout and delivers', async ({ page, context }) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.europaDay }], 'card-3ds');
  await pay.fillCard('4000 0027 6000 3184');
  await pay.payButton.click();
  await expect(page).toHaveURL(/\/sandbox\/stripe\/3ds/);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await pay.expectDelivered();
});

test('3-D Secure failed: back on payment with the payment error', async ({ page, context }) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.europaDay }], 'card-3ds-fail');
  await pay.fillCard('4000 0027 6000 3184');
  await pay.payButton.click();
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(pay.heading).toHaveText('Payment');
  await expect(page.getByRole('alert').filter({ hasText: 'Your payment was not completed' })).toBeVisible();
  // The billing postcode is kept; the card's own fields are typed again.
  await expect(pay.field('Billing postcode')).toHaveValue('BS1 4QA');
  await expect(pay.field('Card number')).toHaveValue('');
  await expect(pay.field('Security code (CVC)')).toHaveValue('');
  // Back does not reach the answered 3-D Secure page: the payment step stays, and says why.
  await page.goBack();
  await expect(page).toHaveURL(/\/checkout\//);
  await expect(page.getByText('Your bank has already answered, so there is no going back to its page.')).toBeVisible();
  await expect(pay.heading).toHaveText('Payment');
});

test.describe('keyboard alone on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.describe.configure({ timeout: 120_000 });

  test('a whole card purchase, basket to order completed: focus is on each new step and every control shows it', async ({
    page,
    context,
  }) => {
    const pay = new PaymentPage(page, context);
    const { account } = pay;
    const focus = new KeyboardFocus(page, account);
    // Festival Europa asks for the captcha before it reserves.
    await addTicket(context, ticket.europaDay, 1);
    await page.goto('/checkout/');

    // Basket: the ticket's quantity with the arrows, then Reserve Basket.
    const reserve = page.getByRole('button', { name: 'Reserve Basket' });
    await expect(reserve).toBeEnabled();
    const quantity = page.getByRole('spinbutton', { name: 'Quantity of Day ticket' });
    await focus.tabTo(quantity);
    await page.keyboard.press('ArrowUp');
    await expect(quantity).toHaveValue('2');
    await page.keyboard.press('ArrowDown');
    await expect(quantity).toHaveValue('1');
    // The basket's update is sent before Reserve Basket takes a press again.
    await expect(reserve).toBeEnabled({ timeout: 15_000 });
    await focus.tabTo(reserve);
    await page.keyboard.press('Enter');

    // Captcha: the box ticked with Space, then Continue.
    await focus.onStep(page.getByRole('heading', { level: 1, name: 'Checkout' }));
    const human = page.getByRole('checkbox', { name: 'I am human' });
    await focus.tabTo(human);
    await page.keyboard.press('Space');
    await expect(human).toBeChecked();
    await focus.tabTo(account.continueButton);
    await page.keyboard.press('Enter');

    // Account: email, code and name, each sent with Enter.
    await focus.onStep(account.accountHeading);
    const email = guestEmail('keyboard-whole');
    const since = await account.latestCodeId(email);
    await focus.tabTo(account.email);
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await expect(account.code).toBeFocused();
    await page.keyboard.type(await account.codeFor(email, since));
    await page.keyboard.press('Enter');
    await expect(account.fullName).toBeFocused();
    await focus.expectVisible();
    await page.keyboard.type('Kay Board');
    await page.keyboard.press('Enter');

    // Keep updated: a preference ticked with Space, then untick it back from Continue with Shift+Tab.
    await focus.onStep(account.keepUpdatedHeading);
    const newsletter = page.getByRole('checkbox', { name: 'Exclusive event news and discounts (our newsletter)' });
    await focus.tabTo(newsletter);
    await page.keyboard.press('Space');
    await expect(newsletter).toBeChecked();
    await focus.tabTo(account.continueButton);
    await focus.shiftTabTo(newsletter);
    await page.keyboard.press('Space');
    await expect(newsletter).not.toBeChecked();
    await focus.tabTo(account.continueButton);
    await page.keyboard.press('Enter');

    // Payment: the card is the only method (chosen); the form is typed and sent with Enter.
    await focus.onStep(pay.heading);
    await expect(pay.cardButton).toHaveAttribute('aria-pressed', 'true');
    await focus.tabTo(pay.field('Billing postcode'));
    await page.keyboard.type('BS1 4QA');
    await focus.tabTo(pay.field('Card number'));
    await page.keyboard.type('4242424242424242');
    await focus.tabTo(pay.field('Expiry date (MM/YY)'));
    await page.keyboard.type('1234');
    await expect(pay.field('Expiry date (MM/YY)')).toHaveValue('12/34');
    await focus.tabTo(pay.field('Security code (CVC)'));
    await page.keyboard.type('123');
    await focus.tabTo(pay.payButton);
    await page.keyboard.press('Enter');
    await pay.expectDelivered();

    // Order completed: focus on its heading, and its tiles take Tab with a visible ring.
    const completed = page.getByRole('heading', { level: 1, name: 'Order complete! Your tickets are on their way.' });
    await focus.onStep(completed);
    await focus.tabTo(page.getByRole('link', { name: 'Go to your ticket wallet' }));
    expect((await account.serverCheckout()).state).toBe('order_completed');
  });
});
