import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { type AccountPage, guestEmail } from './account';
import { PaymentPage } from './payment';

type Line = { ticketId: number; quantity?: number };

/**
 * The ticket questions steps, before and after payment, found by role and by the spec's
 * words. Getting there reuses the account and payment page objects.
 */
export class QuestionsPage {
  readonly account: AccountPage;
  readonly payment: PaymentPage;

  constructor(
    readonly page: Page,
    readonly context: BrowserContext,
  ) {
    this.payment = new PaymentPage(page, context);
    this.account = this.payment.account;
  }

  /** Reserve, skip a charity's donation offer, sign in as a new guest and keep the preferences: the questions come next. */
  async reachQuestionsBeforePayment(lines: readonly Line[], label = 'questions'): Promise<string> {
    const email = guestEmail(label);
    await this.account.reserve(lines);
    const skip = this.page.getByRole('button', { name: 'Skip donation' });
    await expect(skip.or(this.account.accountHeading)).toBeVisible();
    if (await skip.isVisible()) await skip.click();
    await this.account.signInAsGuest(email, 'Quinn Asker');
    await this.account.keepPreferences();
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
    return email;
  }

  /** Pays with the sandbox card that succeeds and waits for the delivery to finish. */
  async payByCard(): Promise<void> {
    await expect(this.payment.heading).toBeVisible({ timeout: 15_000 });
    await this.payment.fillCard('4242 4242 4242 4242');
    await this.payment.payButton.click();
    await this.payment.expectDelivered();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Ticket Questions' });
  }

  /** The heading of the step shown: 'Basket / Applies to all' or 'Ticket N'. */
  stepHeading(name: string): Locator {
    return this.page.getByRole('heading', { level: 2, name, exact: true });
  }

  get steps(): Locator {
    return this.page.getByRole('list', { name: 'Question steps' });
  }

  /** A step in the step list; a completed one is named '… (completed)'. */
  stepButton(name: string | RegExp): Locator {
    return this.steps.getByRole('button', { name });
  }

  text(question: string): Locator {
    return this.page.getByRole('textbox', { name: question, exact: true });
  }

  dropdown(question: string): Locator {
    return this.page.getByRole('combobox', { name: question, exact: true });
  }

  get continueButton(): Locator {
    return this.page.getByRole('button', { name: 'Continue', exact: true });
  }

  get missingAnswer(): Locator {
    return this.page.getByText('Please enter your answer');
  }
}
