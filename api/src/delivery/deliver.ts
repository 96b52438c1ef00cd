import type { Clock } from '../platform/clock';
import type { Db } from '../db/schema';
import { orderConfirmationFor } from '../emails/order-confirmation-for';
import type { Mailer } from '../mail/mailer';
import type { PaymentConfig } from '../payment/config';
import type { ConfirmPayment } from './confirm';
import { deliveryMessages } from './messages';
import { issueTickets } from '../tickets/tickets';
import type { WaiverKeys } from '../session/waiver-keys';

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  /** The payment domain's check with the provider (settles the sale when the payment succeeded). */
  confirmPayment: ConfirmPayment;
  /** The receipt names the card, which a real provider may have to be asked for. */
  payment: PaymentConfig;
  /** The marketplace's name (MailConfig.senderName): it heads every email. */
  senderName: string;
  /** The receipt's waiver link carries its key. */
  waiverKeys: WaiverKeys;
}

export interface DeliveryResult {
  delivery_completed: boolean;
  error?: string;
}

/**
 * deliver_to_bitticket: the payment confirmed with the provider, then the sale's tickets issued into the wallet
 * (once, however often it is called). A sale on a payment plan gets its tickets after the final payment.
 */
export async function deliverTickets(deps: DeliveryDeps, saleId: number | undefined): Promise<DeliveryResult> {
  if (saleId === undefined) return { delivery_completed: false, error: deliveryMessages.noOrder };
  const confirmed = await deps.confirmPayment(saleId);
  if (!confirmed.paid) return { delivery_completed: false, error: confirmed.error || deliveryMessages.notPaid };
  const outcome = await issueTickets(deps.db, saleId, deps.clock.now());
  if (outcome.issued || outcome.reason === 'plan_remaining') return { delivery_completed: true };
  return { delivery_completed: false, error: deliveryMessages.notPaid };
}

/**
 * deliver_to_wallet: the order confirmation (the receipt, with the tickets and a calendar file per event) emailed to
 * the sale's address, exactly once (a conditional update claims the sending; a failure to store the message gives
 * the claim back). Issues the tickets first if that has not happened. A payment plan's schedule email went out when
 * the plan was set up; its confirmation follows the final payment.
 */
export async function emailWallet(deps: DeliveryDeps, saleId: number | undefined): Promise<DeliveryResult> {
  const { db, clock } = deps;
  if (saleId === undefined) return { delivery_completed: false, error: deliveryMessages.noOrder };
  const sale = await db
    .selectFrom('sales')
    .select(['id', 'status', 'reference', 'email', 'user_id', 'payment_plan_remaining'])
    .where('id', '=', saleId)
    .executeTakeFirst();
  if (!sale || sale.status !== 'paid') return { delivery_completed: false, error: deliveryMessages.notPaid };
  if (sale.payment_plan_remaining) return { delivery_completed: true };
  const issued = await issueTickets(db, saleId, clock.now());
  if (!issued.issued) return { delivery_completed: false, error: deliveryMessages.notPaid };

  const to =
    sale.email ??
    (sale.user_id === null
      ? undefined
      : (await db.selectFrom('users').select('email').where('id', '=', sale.user_id).executeTakeFirst())?.email);
  if (!to) return { delivery_completed: false, error: deliveryMessages.noEmail };

  const now = clock.now();
  await db
    .insertInto('sale_deliveries')
    .values({ sale_id: saleId })
    .onConflict((oc) => oc.column('sale_id').doNothing())
    .execute();
  const claimed = await db
    .updateTable('sale_deliveries')
    .set({ wallet_emailed_at: now })
    .where('sale_id', '=', saleId)
    .where('wallet_emailed_at', 'is', null)
    .returning('sale_id')
    .executeTakeFirst();
  if (!claimed) return { delivery_completed: true };
  try {
    const outboxId = await deps.mailer.send(await orderConfirmationFor(deps, saleId, to));
    await db.updateTable('sale_deliveries').set({ wallet_outbox_id: outboxId }).where('sale_id', '=', saleId).execute();
  } catch (error) {
    await db
      .updateTable('sale_deliveries')
      .set({ wallet_emailed_at: null })
      .where('sale_id', '=', saleId)
      .where('wallet_outbox_id', 'is', null)
      .execute();
    throw error;
  }
  return { delivery_completed: true };
}
