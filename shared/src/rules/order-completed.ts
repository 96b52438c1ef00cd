import { COPIED_NOTICE_MS } from '../contract/constants';
import type { Event, Organiser, UpcomingEvent } from '../contract/entities';

/**
 * The order-completed screen's rules: which tiles it shows and
 * what the share modal says. Pure functions of the checkout's events and the referral link.
 */

/** The share modal's Copy button says 'Copied' for 2 seconds. */
export const COPIED_LABEL_MS = COPIED_NOTICE_MS;

export type OrderCompletedTile = 'livestream' | 'wallet' | 'feedback' | 'transfer' | 'find_a_place' | 'share';

/** An event whose livestream can be watched: it has one and a link to its online access. */
export function livestreamEvents(events: readonly Event[]): Event[] {
  return events.filter((event) => event.has_livestream && !!event.access_online?.trim());
}

/** 'Find a place to stay' needs an event with a full venue address. */
export function hasFullVenueAddress(event: Pick<Event, 'venue'>): boolean {
  return !!event.venue?.full_address?.trim();
}

/** The events a place to stay can be found near (one link each when there is more than one). */
export function placeToStayEvents(events: readonly Event[]): Event[] {
  return events.filter(hasFullVenueAddress);
}

/** The share tile shows only when a referral link exists. */
export function hasReferralLink(link: string | null | undefined): link is string {
  return !!link?.trim();
}

/** 'Share & {short reward text}' when an event rewards referrers, else 'Share with friends & family'. */
export function shareTileText(events: readonly Event[]): string {
  const short = events.map((event) => event.reward_referrers?.short_text?.trim()).find((text) => !!text);
  return short ? `Share & ${short}` : 'Share with friends & family';
}

/**
 * The event's reward text plus the referral link, or a default sentence with the event title and its share
 * link when the event rewards nobody (or there is no referral link to put after the reward text).
 */
export function sharingText(
  event: Pick<Event, 'title' | 'shareable_link' | 'reward_referrers'>,
  referralLink: string | null,
): string {
  const reward = event.reward_referrers?.text?.trim();
  if (reward && hasReferralLink(referralLink)) return `${reward} ${referralLink.trim()}`;
  return `I've just booked tickets for ${event.title}! Get yours here: ${event.shareable_link}`;
}

export interface TileConditions {
  events: readonly Event[];
  hasTickets: boolean;
  transferAllowed: boolean;
  referralLink: string | null;
}

/** The tiles, in the spec's order, only when the checkout has tickets; each behind its own condition. */
export function orderCompletedTiles({
  events,
  hasTickets,
  transferAllowed,
  referralLink,
}: TileConditions): OrderCompletedTile[] {
  if (!hasTickets) return [];
  const tiles: OrderCompletedTile[] = [];
  if (livestreamEvents(events).length > 0) tiles.push('livestream');
  tiles.push('wallet', 'feedback');
  if (transferAllowed) tiles.push('transfer');
  if (placeToStayEvents(events).length > 0) tiles.push('find_a_place');
  if (hasReferralLink(referralLink)) tiles.push('share');
  return tiles;
}

/** 'Browse more events': the organisers' other upcoming events, each once. */
export function moreEvents(organisers: readonly Organiser[]): UpcomingEvent[] {
  const seen = new Set<string>();
  const list: UpcomingEvent[] = [];
  for (const organiser of organisers) {
    for (const event of organiser.upcoming_events) {
      if (seen.has(event.url)) continue;
      seen.add(event.url);
      list.push(event);
    }
  }
  return list;
}

/** Where a venue is, as a map search link (used when no accommodation map is configured). */
export function mapSearchLink(event: Pick<Event, 'venue'>): string | null {
  const address = event.venue?.map_address?.trim() || event.venue?.full_address?.trim();
  return address ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}` : null;
}

/**
 * The accommodation map for a venue when one is configured: `template` holds `{address}` (URL-encoded in). Only an
 * https template is used, so a misconfiguration cannot embed a javascript: or http page.
 */
export function accommodationMapUrl(template: string | undefined, event: Pick<Event, 'venue'>): string | null {
  if (!template || !template.startsWith('https://')) return null;
  const address = event.venue?.map_address?.trim() || event.venue?.full_address?.trim();
  return address ? template.replaceAll('{address}', encodeURIComponent(address)) : null;
}
