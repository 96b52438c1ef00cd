import type { Selectable } from 'kysely';
import type { AfterSaleMessagesTable, Database, Db, EventsTable, QuestionsTable } from '../db/schema';
import type { TicketStockLine } from './checkout-read';

/**
 * What the checkout reads of the catalogue (organisers and their charities, their upcoming dates, events, ticket
 * types' words and terms with their dates, ticket requirements, questions, after-sale messages), kept in memory per organiser under that organiser's catalogue version
 * (0028_checkout_read): every write to those tables moves the version of the organisers it concerns in its own
 * transaction, and each checkout read gets the versions in the same statement as its sale, so an organiser's entry is
 * used only while its catalogue is as it was read. A moved version replaces the entry; its rows are read again as
 * checkouts need them. The same holds across api processes: each keeps its own cache and each reads the versions from
 * the one database.
 */

type Requirement = Pick<
  Selectable<Database['ticket_requirements']>,
  'id' | 'ticket_type_id' | 'title' | 'required_ticket_type_ids'
>;
type EventRow = Selectable<EventsTable>;
type QuestionRow = Selectable<QuestionsTable>;
type AfterSaleRow = Selectable<AfterSaleMessagesTable>;

/** A published event of an organiser with one of its dates, as the organiser's upcoming events are made from. */
interface UpcomingDate {
  id: number;
  organiser_id: number;
  slug: string;
  title: string;
  thumbnail: string | null;
  location: string;
  timezone: string;
  starts_at: Date;
}

export interface UpcomingEventRow extends Omit<UpcomingDate, 'starts_at'> {
  first_at: Date;
}

type OrganiserRow = Awaited<ReturnType<typeof basketOrganisers>>[number];

/**
 * The ticket type's columns the cache keeps: what a checkout shows and prices a line by, none of what sales move
 * (capacity, sold, held: checkout_read reads those with every sale). The version trigger on ticket_types fires on
 * exactly these (0029_checkout_read_types; sale/checkout-read.test.ts compares the two lists).
 */
export const CACHED_TICKET_TYPE_COLUMNS = [
  'name',
  'price_minor',
  'booking_fee_minor',
  'absorb_fee',
  'hide_booking_fee',
  'max_per_customer',
  'min_per_customer',
  'non_refundable',
  'seated',
  'waiver_id',
  'event_id',
  'event_date_id',
] as const;

/** A ticket type as the cache keeps it, with its date's start. */
type CachedTicketType = Pick<
  Selectable<Database['ticket_types']>,
  'id' | (typeof CACHED_TICKET_TYPE_COLUMNS)[number]
> & {
  starts_at: Date;
};

export interface CatalogueContext {
  /** The basket's ticket types, by id. */
  ticketTypes: ReadonlyMap<number, CachedTicketType>;
  requirements: Requirement[];
  events: EventRow[];
  organisers: OrganiserRow[];
  upcoming: UpcomingEventRow[];
  questions: QuestionRow[];
  afterSale: AfterSaleRow[];
}

interface EventEntry {
  event: EventRow;
  questions: QuestionRow[];
  afterSale: AfterSaleRow[];
}

/** One organiser's part of the catalogue, as of `version`; filled as checkouts need its pieces. */
interface OrganiserEntry {
  version: string;
  organiser?: OrganiserRow;
  /** Its published events' dates after the moment they were read, soonest first. */
  dates?: UpcomingDate[];
  events: Map<number, EventEntry>;
  /** Filled together: a type in one is in the other. */
  ticketTypes: Map<number, CachedTicketType>;
  requirements: Map<number, Requirement[]>;
}

/** What a checkout asks of one organiser: its events and ticket types in the basket. */
export interface OrganiserAsk {
  eventIds: number[];
  ticketTypeIds: number[];
}

/** Organisers kept at most: beyond it the cache starts again (a bound on memory, not a policy). */
const MAX_ORGANISERS = 5_000;

/** The basket's organisers with their charity's donation terms. */
function basketOrganisers(db: Db, organiserIds: readonly number[]) {
  return db
    .selectFrom('organisers as o')
    .leftJoin('charities as c', 'c.id', 'o.charity_id')
    .select([
      'o.id',
      'o.name',
      'o.slug',
      'o.is_saas',
      'o.charity_id',
      'o.custom_refund_policy',
      'o.marketing_signup_message',
      'o.payment_provider',
      'o.payment_merchant_id',
      'o.express_checkout',
      'o.audience_diversity_notice',
      'c.name as charity_name',
      'c.logo as charity_logo',
      'c.description_html as charity_description_html',
      'c.donation_checkout_title as charity_donation_checkout_title',
      'c.donation_options_minor as charity_donation_options_minor',
      'c.base_fee_minor as charity_base_fee_minor',
      'c.booking_fee_bp as charity_booking_fee_bp',
      'c.booking_fee_includes_vat as charity_booking_fee_includes_vat',
      'c.booking_fee_vat_bp as charity_booking_fee_vat_bp',
      'c.booking_fee_cap_minor as charity_booking_fee_cap_minor',
    ])
    .where('o.id', 'in', [...organiserIds])
    .orderBy('o.id')
    .execute();
}

/** The organisers' published events' dates after `now`, soonest first. */
function upcomingDates(db: Db, organiserIds: readonly number[], now: Date): Promise<UpcomingDate[]> {
  return db
    .selectFrom('events as e')
    .innerJoin('event_dates as d', 'd.event_id', 'e.id')
    .select(['e.id', 'e.organiser_id', 'e.slug', 'e.title', 'e.thumbnail', 'e.location', 'e.timezone', 'd.starts_at'])
    .where('e.organiser_id', 'in', [...organiserIds])
    .where('e.published', '=', true)
    .where('d.starts_at', '>', now)
    .orderBy('d.starts_at')
    .orderBy('e.id')
    .execute();
}

const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;
const bySortOrder = <T extends { id: number; sort_order: number }>(a: T, b: T) =>
  a.sort_order - b.sort_order || a.id - b.id;

export class CatalogueCache {
  private readonly organisers = new Map<number, OrganiserEntry>();

  /**
   * The catalogue rows a checkout points to, as of each organiser's `versions` (read with its sale), in the orders the
   * checkout uses: requirements by id, events and organisers by id, upcoming events soonest first, questions and
   * messages by their sort order. Upcoming events are the dates still to come at `now`, each event at its first.
   */
  async context(
    db: Db,
    versions: ReadonlyMap<number, string>,
    asks: ReadonlyMap<number, OrganiserAsk>,
    now: Date,
  ): Promise<CatalogueContext> {
    const entries = await Promise.all(
      [...asks].map(([organiserId, ask]) => this.entry(db, organiserId, versions.get(organiserId) ?? '0', ask, now)),
    );
    const eventIds = [...asks.values()].flatMap((ask) => ask.eventIds);
    const ticketTypeIds = [...asks.values()].flatMap((ask) => ask.ticketTypeIds);
    const eventEntries = eventIds.flatMap((id) => entries.flatMap((entry) => entry.events.get(id) ?? []));
    return {
      ticketTypes: new Map(
        ticketTypeIds
          .flatMap((id) => entries.flatMap((entry) => entry.ticketTypes.get(id) ?? []))
          .map((t) => [t.id, t]),
      ),
      requirements: ticketTypeIds
        .flatMap((id) => entries.flatMap((entry) => entry.requirements.get(id) ?? []))
        .sort(byId),
      events: eventEntries.map((entry) => entry.event).sort(byId),
      organisers: entries.flatMap((entry) => entry.organiser ?? []).sort(byId),
      upcoming: upcomingOf(
        entries.flatMap((entry) => entry.dates ?? []),
        now,
      ),
      questions: eventEntries.flatMap((entry) => entry.questions).sort(bySortOrder),
      afterSale: eventEntries.flatMap((entry) => entry.afterSale).sort(bySortOrder),
    };
  }

  /**
   * The organiser's entry at `version` with what `ask` needs read in. A newer entry kept meanwhile (another checkout
   * saw a newer version) is left in place: this one still answers its own checkout, from rows read after its version.
   */
  private async entry(db: Db, organiserId: number, version: string, ask: OrganiserAsk, now: Date) {
    const kept = this.organisers.get(organiserId);
    const entry: OrganiserEntry =
      kept?.version === version
        ? kept
        : { version, events: new Map(), ticketTypes: new Map(), requirements: new Map() };
    await fill(db, organiserId, entry, ask, now);
    const current = this.organisers.get(organiserId);
    if (current === undefined || (current === kept && BigInt(current.version) <= BigInt(version))) {
      if (current === undefined && this.organisers.size >= MAX_ORGANISERS) this.organisers.clear();
      this.organisers.set(organiserId, entry);
    }
    return entry;
  }
}

/** Reads into `entry` what `ask` needs and it lacks. */
async function fill(db: Db, organiserId: number, entry: OrganiserEntry, ask: OrganiserAsk, now: Date) {
  const types = ask.ticketTypeIds.filter((id) => !entry.ticketTypes.has(id));
  const events = ask.eventIds.filter((id) => !entry.events.has(id));
  const organiser = entry.organiser === undefined || entry.dates === undefined;
  if (types.length + events.length === 0 && !organiser) return;
  const none = Promise.resolve([]);
  const [typeRows, requirementRows, eventRows, questionRows, afterSaleRows, organiserRows, dateRows] =
    await Promise.all([
      types.length
        ? db
            .selectFrom('ticket_types as t')
            .innerJoin('event_dates as d', 'd.id', 't.event_date_id')
            .select(['t.id', ...CACHED_TICKET_TYPE_COLUMNS.map((column) => `t.${column}` as const), 'd.starts_at'])
            .where('t.id', 'in', types)
            .execute()
        : none,
      types.length
        ? db
            .selectFrom('ticket_requirements')
            .select(['id', 'ticket_type_id', 'title', 'required_ticket_type_ids'])
            .where('ticket_type_id', 'in', types)
            .execute()
        : none,
      events.length ? db.selectFrom('events').selectAll().where('id', 'in', events).execute() : none,
      events.length ? db.selectFrom('questions').selectAll().where('event_id', 'in', events).execute() : none,
      events.length ? db.selectFrom('after_sale_messages').selectAll().where('event_id', 'in', events).execute() : none,
      organiser ? basketOrganisers(db, [organiserId]) : none,
      organiser ? upcomingDates(db, [organiserId], now) : none,
    ]);
  for (const row of typeRows) entry.ticketTypes.set(row.id, row);
  for (const id of types)
    entry.requirements.set(
      id,
      requirementRows.filter((row) => row.ticket_type_id === id),
    );
  for (const event of eventRows)
    entry.events.set(event.id, {
      event,
      questions: questionRows.filter((row) => row.event_id === event.id),
      afterSale: afterSaleRows.filter((row) => row.event_id === event.id),
    });
  if (organiser) {
    entry.organiser = organiserRows[0];
    entry.dates = dateRows;
  }
}

/** Each event once, at its first date after `now`, soonest first (ties by event id). */
function upcomingOf(dates: readonly UpcomingDate[], now: Date): UpcomingEventRow[] {
  const first = new Map<number, UpcomingEventRow>();
  for (const { starts_at, ...event } of dates) {
    if (starts_at.getTime() <= now.getTime()) continue;
    const seen = first.get(event.id);
    if (!seen || starts_at.getTime() < seen.first_at.getTime()) first.set(event.id, { ...event, first_at: starts_at });
  }
  return [...first.values()].sort((a, b) => a.first_at.getTime() - b.first_at.getTime() || a.id - b.id);
}

/** One ticket line of the basket as the checkout builds on it: its stock from the read, the rest from the catalogue. */
export interface TicketLine {
  qty: number;
  ticket_id: number;
  ticket_name: string;
  price_minor: number;
  booking_fee_minor: number;
  absorb_fee: boolean;
  hide_booking_fee: boolean;
  capacity: number;
  sold: number;
  held: number;
  max_per_customer: number;
  min_per_customer: number;
  non_refundable: boolean;
  seated: boolean;
  waiver_id: number | null;
  event_id: number;
  event_slug: string;
  event_title: string;
  thumbnail: string | null;
  timezone: string;
  refund_protection: boolean;
  delivery_fee_minor: number;
  date_id: number;
  starts_at: Date;
  organiser_id: number;
  organiser_slug: string;
  organiser_name: string;
  custom_refund_policy: string | null;
}

/**
 * The basket's ticket lines, in the read's order: each line's stock joined to its type, event, date and organiser from
 * the catalogue (`context`, read under the versions the lines came with). A line whose type, event or organiser the
 * context lacks is a bug (the context is built from these lines' asks), not a state of the data.
 */
export function ticketLinesOf(stock: readonly TicketStockLine[], context: CatalogueContext): TicketLine[] {
  const events = new Map(context.events.map((event) => [event.id, event]));
  const organisers = new Map(context.organisers.map((organiser) => [organiser.id, organiser]));
  return stock.map((line) => {
    const type = context.ticketTypes.get(line.ticket_id);
    const event = events.get(line.event_id);
    const organiser = organisers.get(line.organiser_id);
    if (!type || !event || !organiser) throw new Error(`ticket type ${line.ticket_id} is not in the catalogue read`);
    return {
      qty: line.qty,
      ticket_id: line.ticket_id,
      ticket_name: type.name,
      price_minor: type.price_minor,
      booking_fee_minor: type.booking_fee_minor,
      absorb_fee: type.absorb_fee,
      hide_booking_fee: type.hide_booking_fee,
      capacity: line.capacity,
      sold: line.sold,
      held: line.held,
      max_per_customer: type.max_per_customer,
      min_per_customer: type.min_per_customer,
      non_refundable: type.non_refundable,
      seated: type.seated,
      waiver_id: type.waiver_id,
      event_id: event.id,
      event_slug: event.slug,
      event_title: event.title,
      thumbnail: event.thumbnail,
      timezone: event.timezone,
      refund_protection: event.refund_protection,
      delivery_fee_minor: event.delivery_fee_minor,
      date_id: type.event_date_id,
      starts_at: type.starts_at,
      organiser_id: organiser.id,
      organiser_slug: organiser.slug,
      organiser_name: organiser.name,
      custom_refund_policy: organiser.custom_refund_policy,
    };
  });
}

/** The extension an event allows, the smallest of the basket's events (0 without tickets): extend.ts's terms. */
export function extensionMinutesOf(lines: readonly TicketLine[], context: CatalogueContext): number {
  const minutes = context.events
    .filter((event) => lines.some((line) => line.event_id === event.id))
    .map((event) => event.hold_extension_minutes);
  return minutes.length ? Math.min(...minutes) : 0;
}
