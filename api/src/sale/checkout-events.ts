import type { Checkout, Event, Organiser, UpcomingEvent } from '@checkout/shared';
import { niceDate } from '../catalogue/dates';
import { absolute, links } from '../catalogue/links';
import { takesPayments } from '../payment/sale-context';
import type { CheckoutSource } from './checkout-load';

const UPCOMING_PER_ORGANISER = 4;

/** The basket's events and their organisers, each organiser with its next events not already in the basket. */
export function checkoutEvents({ lines, context, config }: CheckoutSource): Pick<Checkout, 'events' | 'organisers'> {
  const events: Event[] = context.events.map((event) => ({
    id: event.id,
    title: event.title,
    refund_protection: event.refund_protection,
    warn_customers_about_different_timeslots_message: event.timeslot_warning_message,
    shareable_link: absolute(config.publicUrl, links.event(event.slug)),
    venue:
      event.venue_full_address || event.venue_map_address || event.venue_map_checkin
        ? {
            full_address: event.venue_full_address,
            map_address: event.venue_map_address,
            map_checkin: event.venue_map_checkin,
          }
        : null,
    has_livestream: event.has_livestream,
    access_online: event.access_online,
    ga: event.ga,
    ga_conversion_id: event.ga_conversion_id,
    fb_pixel: event.fb_pixel,
    reward_referrers: event.reward_text
      ? { text: event.reward_text, short_text: event.reward_short_text ?? event.reward_text }
      : null,
    fundraising_contact_notice: event.fundraising_contact_notice,
  }));

  const inBasket = new Set(lines.tickets.map((line) => line.event_id));
  const organisers: Organiser[] = context.organisers.map((organiser) => {
    const upcoming_events: UpcomingEvent[] = context.upcoming
      .filter((event) => event.organiser_id === organiser.id && !inBasket.has(event.id))
      .slice(0, UPCOMING_PER_ORGANISER)
      .map((event) => ({
        url: links.event(event.slug),
        thumbnail: event.thumbnail,
        title: event.title,
        location: event.location,
        date: niceDate(event.first_at, event.timezone),
      }));
    return {
      name: organiser.name,
      url: links.organiser(organiser.slug),
      full_url: absolute(config.publicUrl, links.organiser(organiser.slug)),
      is_saas: organiser.is_saas,
      has_custom_refund_policy: organiser.custom_refund_policy !== null,
      charity: organiser.charity_id !== null,
      upcoming_events,
      audience_diversity_notice: organiser.audience_diversity_notice,
      takes_payments: takesPayments(organiser),
    };
  });

  return { events, organisers };
}
