import type { Checkout, QuestionStep } from '@checkout/shared';
import { copy } from './copy';

/** What the notices read of the checkout. */
export type NoticeCheckout = Pick<Checkout, 'tickets' | 'events' | 'organisers'>;

/** The ticket types a step asks about: its own ticket, or for the basket step every type its questions belong to. */
function ticketsAskedOn(step: QuestionStep): number[] {
  return step.kind === 'ticket' ? [step.ticket_id] : step.fields.map((field) => field.question.ticket_id);
}

/**
 * The intro texts of each step of a questions form, by step id. The fundraising-contact notice of a flagged event
 * shows on the first step that asks about that event's tickets, in the form before payment as after it: that is where
 * the buyer first gives the organiser answers (a guest's name, say) about it, so it must be read before, not only on
 * the after-payment basket step. The audience-diversity notice of an organiser opens the form, on its first step.
 */
export function stepNotices(steps: readonly QuestionStep[], checkout: NoticeCheckout | null): Map<string, string[]> {
  const notices = new Map<string, string[]>(steps.map((step) => [step.id, []]));
  const [first] = steps;
  if (!checkout || !first) return notices;
  const eventOf = new Map(checkout.tickets.map((line) => [line.ticket_id, line.event_id]));
  const flagged = new Map(
    checkout.events.filter((event) => event.fundraising_contact_notice).map((event) => [event.id, event.title]),
  );
  const told = new Set<number>();
  for (const step of steps) {
    for (const ticketId of ticketsAskedOn(step)) {
      const eventId = eventOf.get(ticketId);
      const title = eventId === undefined ? undefined : flagged.get(eventId);
      if (eventId === undefined || title === undefined || told.has(eventId)) continue;
      told.add(eventId);
      notices.get(step.id)?.push(copy.fundraisingNotice(title));
    }
  }
  notices
    .get(first.id)
    ?.push(
      ...checkout.organisers
        .filter((organiser) => organiser.audience_diversity_notice)
        .map((organiser) => copy.diversityNotice(organiser.name)),
    );
  return notices;
}
