import { formatMoney } from '@checkout/shared';
import { html } from '../../web/html';
import { sandboxPage } from './sandbox-page';

export const BANK_PORTAL_PATH = '/sandbox/truelayer/authorize';

export interface BankPortalView {
  paymentId: string;
  amount: number;
  currencySymbol: string;
  reference: string;
  /** Already approved, cancelled or failed: the buttons are gone. */
  decided: string | null;
}

/** The open-banking sandbox's bank portal: the amount and 'Approve', 'Cancel', 'Fail'. */
export function renderBankPortal(view: BankPortalView): string {
  const body = html`<h1>Sandbox Bank: authorise payment</h1>
<dl><dt>Amount</dt><dd>${formatMoney(view.amount, view.currencySymbol)}</dd><dt>Reference</dt><dd>${view.reference}</dd></dl>
${
  view.decided
    ? html`<p>This payment has already been answered (${view.decided}).</p>`
    : html`<form method="post" action="${BANK_PORTAL_PATH}">
<input type="hidden" name="payment_id" value="${view.paymentId}">
<div class="actions">
<button class="primary" type="submit" name="action" value="approve">Approve</button>
<button type="submit" name="action" value="cancel">Cancel</button>
<button type="submit" name="action" value="fail">Fail</button>
</div>
</form>
<p class="note">Approve pays after a short delay, like a real bank; Cancel and Fail send you back to the checkout without paying.</p>`
}`;
  return sandboxPage('Bank portal', body);
}
