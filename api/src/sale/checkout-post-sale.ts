import type { AfterSaleMessage, Checkout } from '@checkout/shared';
import { niceDay, niceTime } from '../catalogue/dates';
import type { Db } from '../db/schema';
import { questionsByTicket } from '../questions/by-ticket';
import { canTransfer } from '../transfers/transferable';
import type { WaiverKeys } from '../session/waiver-keys';
import type { CheckoutSource } from './checkout-load';

type PostSaleFields =
  | 'before_payment_questions'
  | 'after_payment_questions'
  | 'has_waivers'
  | 'waiver_key'
  | 'after_sale_messages'
  | 'can_transfer';

/**
 * What the buyer is asked around the sale and offered after it: the events' questions by ticket, waivers, the
 * organisers' after-sale messages and whether the tickets can be transferred.
 */
export async function checkoutPostSale(
  db: Db,
  { sale, lines, context }: CheckoutSource,
  waiverKeys: WaiverKeys,
): Promise<Pick<Checkout, PostSaleFields>> {
  const questionsByTiming = questionsByTicket(lines.tickets, context.questions);
  const hasWaivers = lines.tickets.some((line) => line.waiver_id !== null);
  return {
    before_payment_questions: questionsByTiming.before_payment,
    after_payment_questions: questionsByTiming.after_payment,
    has_waivers: hasWaivers,
    // The link's key goes only to the session holding the paid sale: before payment a recovery link can still move
    // the sale to another browser, and the key made then would open the page for whoever made that link.
    waiver_key: hasWaivers && sale.status === 'paid' ? waiverKeys.keyOf(sale.reference) : null,
    after_sale_messages: afterSaleMessages({ lines, context }),
    can_transfer: await canTransfer(db, sale),
  };
}

/** Each event's message for after the sale, with its organiser and the basket's first date of it. */
function afterSaleMessages({ lines, context }: Pick<CheckoutSource, 'lines' | 'context'>): AfterSaleMessage[] {
  const organiserById = new Map(context.organisers.map((organiser) => [organiser.id, organiser]));
  const eventById = new Map(context.events.map((event) => [event.id, event]));
  const firstDateByEvent = new Map<number, { at: Date; timezone: string }>();
  for (const line of lines.tickets)
    if (!firstDateByEvent.has(line.event_id))
      firstDateByEvent.set(line.event_id, { at: line.starts_at, timezone: line.timezone });
  return context.afterSale.map((message) => {
    const event = eventById.get(message.event_id);
    const date = firstDateByEvent.get(message.event_id);
    const organiser = event ? organiserById.get(event.organiser_id) : undefined;
    return {
      organiser_name: organiser?.name ?? '',
      event_title: event?.title ?? '',
      event_nice_date: date ? niceDay(date.at, date.timezone) : '',
      event_nice_time: date ? niceTime(date.at, date.timezone) : '',
      message: message.message_html,
    };
  });
}
