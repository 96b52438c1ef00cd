import type { Checkout, TicketLine } from '../contract/entities';
import * as basketMessages from '../messages/basket';
import * as commonMessages from '../messages/common';

/**
 * The basket's rules that are pure functions of the checkout: what to warn about, what
 * blocks reserving, what refund protection offers. The basket step renders them; the server enforces its own copy.
 */

/** Below this viewport width the code box starts collapsed. */
export const MOBILE_WIDTH_PX = 768;

/** The 'DISCOUNT OR VOUCHER CODE?' entry starts open at or above the mobile threshold, collapsed below it. */
export function codeBoxOpenInitially(viewportWidth: number): boolean {
  return viewportWidth >= MOBILE_WIDTH_PX;
}

/**
 * Titles of the companion tickets still missing (the lines' required_tickets): each requirement lists
 * alternative ticket ids, at least one of which must be in the basket. A title shows once however many lines ask.
 */
export function missingRequiredTickets(
  tickets: readonly Pick<TicketLine, 'ticket_id' | 'qty' | 'required_tickets'>[],
): string[] {
  const inBasket = new Set(tickets.filter((t) => t.qty > 0).map((t) => t.ticket_id));
  const missing: string[] = [];
  for (const ticket of tickets) {
    for (const requirement of ticket.required_tickets) {
      if (requirement.ids.some((id) => inBasket.has(id))) continue;
      if (!missing.includes(requirement.title)) missing.push(requirement.title);
    }
  }
  return missing;
}

/**
 * The different-timeslots warnings: an event's own message, when the basket holds its tickets for
 * more than one date and the event has a message to show.
 */
export function timeslotWarnings(c: Pick<Checkout, 'tickets' | 'events'>): string[] {
  const warnings: string[] = [];
  for (const event of c.events) {
    const message = event.warn_customers_about_different_timeslots_message;
    if (!message) continue;
    const dates = new Set(c.tickets.filter((t) => t.event_id === event.id).map((t) => t.date_id));
    if (dates.size > 1 && !warnings.includes(message)) warnings.push(message);
  }
  return warnings;
}

export interface BasketNotes {
  warnings: string[];
  successes: string[];
}

type NotesInput = Pick<
  Checkout,
  'reserving_error' | 'basket_errors' | 'basket_success' | 'had_mismatching_currencies' | 'tickets' | 'events'
>;

/**
 * The notes above the basket: the server's reserving_error and basket_errors, the expiry
 * warning carried over after an expiry reload, the different-currency notice and the timeslot warnings as warnings;
 * basket_success as success notes. Each text once; `shownElsewhere` (a code's refusal the code box shows beside the
 * code) is left out.
 */
export function basketNotes(c: NotesInput, expired: boolean, shownElsewhere: string | null = null): BasketNotes {
  const warnings = [
    ...(expired ? [commonMessages.checkoutExpired] : []),
    ...(c.reserving_error ? [c.reserving_error] : []),
    ...c.basket_errors,
    ...(c.had_mismatching_currencies ? [basketMessages.differentCurrency] : []),
    ...timeslotWarnings(c),
  ];
  const successes = c.basket_success;
  return {
    warnings: [...new Set(warnings.filter((text) => text && text !== shownElsewhere))],
    successes: [...new Set(successes.filter(Boolean))],
  };
}

export interface RefundProtectionOffer {
  /** The stated fee for covering the whole booking. */
  cost: number;
  /** The choice the server holds (the 'original' choice: choosing it again sends nothing). */
  chosen: boolean;
  /** Titles of the basket's events refund protection cannot cover. */
  notCovered: string[];
}

/** Offered only when the server says it is available and states a cost. */
export function refundProtectionOffer(
  c: Pick<Checkout, 'has_refund_protection' | 'refund_protection' | 'refund_protection_cost' | 'events'>,
): RefundProtectionOffer | null {
  if (!c.has_refund_protection || c.refund_protection_cost === null) return null;
  return {
    cost: c.refund_protection_cost,
    chosen: c.refund_protection === 1,
    notCovered: c.events.filter((event) => !event.refund_protection).map((event) => event.title),
  };
}

/**
 * What update_refund_protection sends for a choice: nothing when it is the original choice,
 * else `refund_protection`, true only if chosen and available.
 */
export function refundProtectionUpdate(
  choice: boolean,
  original: boolean,
  available: boolean,
): { refund_protection: boolean } | null {
  if (choice === original) return null;
  return { refund_protection: choice && available };
}

/**
 * Why 'Reserve Basket' cannot be pressed now, in the spec's order, with a quantity box holding no
 * quantity after the updates; null when it can.
 */
export type ReserveBlock =
  'loading' | 'updating' | 'noQuantity' | 'belowMinimum' | 'missingCompanion' | 'noPaymentIntegration';

export interface ReserveBlockInput {
  /** No checkout yet, or the shell is reloading it. */
  loading: boolean;
  /** Changes waiting for the debounce or in flight, a removal, a code being set. */
  updating: boolean;
  /** A quantity box cleared (or holding 0): the basket would be reserved with a quantity the buyer no longer sees. */
  noQuantity: boolean;
  /** A quantity below its min_per_customer (typed here or held by the server). */
  belowMinimum: boolean;
  /** Titles from missingRequiredTickets. */
  missingCompanions: readonly string[];
  /**
   * A basket with something to pay holds lines of an organiser who cannot take payments (organisersWithoutPayments):
   * reserving would hold tickets nobody can pay for.
   */
  noPaymentIntegration: boolean;
}

export function reserveBlock(input: ReserveBlockInput): ReserveBlock | null {
  if (input.loading) return 'loading';
  if (input.updating) return 'updating';
  if (input.noQuantity) return 'noQuantity';
  if (input.belowMinimum) return 'belowMinimum';
  if (input.missingCompanions.length > 0) return 'missingCompanion';
  if (input.noPaymentIntegration) return 'noPaymentIntegration';
  return null;
}
