import type { Tx } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { DomainEventSubscriber } from '../../domain-events/subscribers';
import { refundEmail } from '../../emails/refund';
import { mailSenderOf } from '../../emails/render';
import { formatMoneyMinor } from '../../instalments/money';
import { refundAnswer, type RefundAnswer } from './refund';

/**
 * The buyer of a refunded order is told, by an order.refunded subscriber: the message is stored in the mail outbox in
 * the refund's own transaction, so there is a mail exactly when there is a refund (a repeat of the request publishes
 * nothing and sends nothing), and a mail server that is down delays it without failing the refund.
 */
export const refundMailSubscribers = (deps: AppDeps): readonly DomainEventSubscriber[] => [
  {
    name: 'emails.order.refunded',
    type: 'order.refunded',
    handle: async (tx, { event }) =>
      mailRefund(deps, tx, event.organiserId, await refundAnswer(tx, event.organiserId, event.refundId)),
  },
];

async function mailRefund(deps: AppDeps, tx: Tx, organiserId: number, answer: RefundAnswer): Promise<void> {
  const { order, refund } = answer;
  if (!order.buyer.email) return;
  const organiser = await tx
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
  await deps.mailer.sendInTransaction(tx, message);
}
