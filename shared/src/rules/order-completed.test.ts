import type { Event, Organiser } from '../contract/entities';
import { sampleCheckout } from '../testing/sample-data';
import {
  accommodationMapUrl,
  hasFullVenueAddress,
  livestreamEvents,
  mapSearchLink,
  moreEvents,
  orderCompletedTiles,
  placeToStayEvents,
  shareTileText,
  sharingText,
} from './order-completed';

const base = sampleCheckout().events[0] as Event;
const event = (fields: Partial<Event> = {}): Event => ({ ...base, ...fields });
const noVenue = event({ id: 2, title: 'Online Talk', venue: null });
const streamed = event({
  id: 3,
  title: 'Aurora Sessions',
  has_livestream: true,
  access_online: 'https://stream.example.com/aurora',
});
const rewarding = event({
  id: 4,
  title: 'Folk by the Sea',
  reward_referrers: { text: 'Share and get £5 off for each friend who books.', short_text: 'get £5 off' },
});
const LINK = 'http://localhost:8080/all-events/?ref=abc123';

describe('orderCompletedTiles (the tiles and their conditions, in order)', () => {
  test.each<[string, Event[], boolean, boolean, string | null, string[]]>([
    ['no tickets: no tiles', [base], false, true, LINK, []],
    ['always the wallet and feedback', [noVenue], true, false, null, ['wallet', 'feedback']],
    [
      'livestream only with a livestream and its online access',
      [streamed],
      true,
      false,
      null,
      ['livestream', 'wallet', 'feedback', 'find_a_place'],
    ],
    [
      'a livestream without an access link',
      [event({ has_livestream: true, access_online: ' ', venue: null })],
      true,
      false,
      null,
      ['wallet', 'feedback'],
    ],
    ['transfer when allowed', [noVenue], true, true, null, ['wallet', 'feedback', 'transfer']],
    ['find a place with a full venue address', [base], true, false, null, ['wallet', 'feedback', 'find_a_place']],
    [
      'a venue with only a map address is not enough',
      [event({ venue: { full_address: null, map_address: 'Bristol', map_checkin: null } })],
      true,
      false,
      null,
      ['wallet', 'feedback'],
    ],
    ['share when a referral link exists', [noVenue], true, false, LINK, ['wallet', 'feedback', 'share']],
    ['an empty referral link', [noVenue], true, false, '', ['wallet', 'feedback']],
    [
      'everything',
      [streamed, rewarding],
      true,
      true,
      LINK,
      ['livestream', 'wallet', 'feedback', 'transfer', 'find_a_place', 'share'],
    ],
  ])('%s', (_name, events, hasTickets, transferAllowed, referralLink, tiles) => {
    expect(orderCompletedTiles({ events, hasTickets, transferAllowed, referralLink })).toEqual(tiles);
  });
});

test('livestreamEvents, hasFullVenueAddress and placeToStayEvents', () => {
  expect(livestreamEvents([base, streamed]).map((e) => e.id)).toEqual([3]);
  expect(hasFullVenueAddress(base)).toBe(true);
  expect(hasFullVenueAddress(noVenue)).toBe(false);
  expect(hasFullVenueAddress(event({ venue: { full_address: '  ', map_address: null, map_checkin: null } }))).toBe(
    false,
  );
  expect(placeToStayEvents([base, noVenue, rewarding]).map((e) => e.id)).toEqual([101, 4]);
});

describe('shareTileText', () => {
  test.each([
    ['an event rewarding referrers', [noVenue, rewarding], 'Share & get £5 off'],
    ['no reward', [base], 'Share with friends & family'],
    [
      'a reward without short text',
      [event({ reward_referrers: { text: 'x', short_text: '' } })],
      'Share with friends & family',
    ],
  ])('%s', (_name, events, text) => {
    expect(shareTileText(events)).toBe(text);
  });
});

describe('sharingText', () => {
  test.each([
    ['reward text plus the referral link', rewarding, LINK, `Share and get £5 off for each friend who books. ${LINK}`],
    [
      'no reward: the default sentence with the title and share link',
      base,
      LINK,
      `I've just booked tickets for Winter Gala at the Riverside! Get yours here: ${base.shareable_link}`,
    ],
    [
      'a reward but no referral link: the default sentence',
      rewarding,
      null,
      `I've just booked tickets for Folk by the Sea! Get yours here: ${rewarding.shareable_link}`,
    ],
  ])('%s', (_name, e, link, text) => {
    expect(sharingText(e, link)).toBe(text);
  });
});

test("moreEvents: the organisers' upcoming events, each once", () => {
  const [organiser] = sampleCheckout().organisers as [Organiser];
  const other: Organiser = {
    ...organiser,
    name: 'Other',
    upcoming_events: [
      ...organiser.upcoming_events,
      { url: 'http://x/quiz/', thumbnail: null, title: 'Quiz', location: 'Pub', date: 'Friday' },
    ],
  };
  expect(moreEvents([organiser, other]).map((e) => e.title)).toEqual(['Sunday Jazz Brunch', 'Quiz']);
  expect(moreEvents([])).toEqual([]);
});

describe('map links', () => {
  test('a map search for the map address, else the full address', () => {
    expect(mapSearchLink(base)).toBe('https://www.google.com/maps/search/?api=1&query=Riverside%20Hall%2C%20Bristol');
    expect(
      mapSearchLink(event({ venue: { full_address: 'A & B Street', map_address: null, map_checkin: null } })),
    ).toBe('https://www.google.com/maps/search/?api=1&query=A%20%26%20B%20Street');
    expect(mapSearchLink(noVenue)).toBeNull();
  });
  test.each([
    ['not configured', undefined, null],
    [
      'an https template',
      'https://maps.example.com/embed?near={address}',
      'https://maps.example.com/embed?near=Riverside%20Hall%2C%20Bristol',
    ],
    ['not https: refused', 'http://maps.example.com/?q={address}', null],
    ['a javascript: URL: refused', 'javascript:alert(1)//{address}', null],
  ])('accommodationMapUrl %s', (_name, template, url) => {
    expect(accommodationMapUrl(template, base)).toBe(url);
  });
});
