import { formatMoney } from '@checkout/shared';
import { html } from '../../web/html';
import { sandboxPage } from './sandbox-page';

export const THREE_DS_PATH = '/sandbox/stripe/3ds';

export interface ThreeDsView {
  intentId: string;
  amount: number;
  currencySymbol: string;
  /** The intent no longer waits for authentication (already answered). */
  answered: boolean;
}

/** The card sandbox's 3-D Secure challenge: 'Complete authentication' or 'Fail authentication'. */
export function renderThreeDsPage(view: ThreeDsView): string {
  const body = view.answered
    ? html`<h1>Authentication already answered</h1><p>This payment no longer needs authentication.</p>
<form method="post" action="${THREE_DS_PATH}"><input type="hidden" name="pi" value="${view.intentId}"><input type="hidden" name="outcome" value="return">
<div class="actions"><button class="primary" type="submit">Return to the checkout</button></div></form>`
    : html`<h1>Confirm your payment</h1>
<p>Your bank asks you to confirm this card payment (3-D Secure).</p>
<dl><dt>Amount</dt><dd>${formatMoney(view.amount, view.currencySymbol)}</dd><dt>Payment</dt><dd>${view.intentId}</dd></dl>
<form method="post" action="${THREE_DS_PATH}">
<input type="hidden" name="pi" value="${view.intentId}">
<div class="actions">
<button class="primary" type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail">Fail authentication</button>
</div>
</form>
<p class="note">Test card 4000 0027 6000 3184 always asks for this step.</p>`;
  return sandboxPage('3-D Secure', body);
}
