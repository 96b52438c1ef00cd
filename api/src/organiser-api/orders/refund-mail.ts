import type { AppDeps } from '../../deps';
import { refundEmail } from '../../emails/refund';
import { mailSenderOf } from '../../emails/render';
import { formatMoneyMinor } from '../../instalments/money';
import type { RefundAnswer } from './refund';

/**
 * Tells the buyer of a refund once it is recorded (a repeat of the request sends nothing). The mail goes through the
 * outbox, so a mail server that is down delays it and never fails the refund, which is already committed.
 */
export async function mailRefund(deps: AppDeps, organiserId: number, answer: RefundAnswer): Promise<void> {
  const { order, refund } = answer;
  if (!order.buyer.email) return;
  const organiser = await deps.db
    .selectFrom('organisers')
    .select('name')
    .where('id', '=', organiserId)
    .executeTakeFirstOrThrow();
  const byCode = new Map(order.tickets.map((ticket) => [ticket.code, ticket]));
  const message = await refundEmail(
    {
      to: order.buyer.email,
      buyerName: order.buyer.name,
      reference: order.reference,
      organiser: organiser.name,
      amount: formatMoneyMinor(refund.amount_minor, refund.currency),
      tickets: refund.tickets.map((code) => `${byCode.get(code)?.ticket_type ?? 'Ticket'} (ticket ${code})`),
      whole: order.status === 'refunded',
      reason: refund.reason,
    },
    mailSenderOf(deps.config),
  );
  await deps.mailer.send(message);
}
