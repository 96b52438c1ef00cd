import { canAbsorbFee } from '@checkout/shared';
import { sql, type Selectable, type Updateable } from 'kysely';
import type {
  AfterSaleMessagesTable,
  CodesTable,
  EventDatesTable,
  EventsTable,
  GiftVouchersTable,
  QuestionsTable,
  TicketTypesTable,
  Tx,
  WaiversTable,
} from '../../db/schema';
import { activeHeld, drainStock, setStockBuckets } from '../../inventory/holds';
import { refused } from '../operation';
import { guarded } from './database-refusal';
import { changeOnsale, createOnsale, onsaleStockBucketsFor } from '../../waiting-room/onsales';
import { resolveMoment } from './moments';
import type {
  AfterSaleMessageInput,
  CatalogueEventInput,
  CatalogueFile,
  CharityInput,
  CodeInput,
  EventDateInput,
  EventOnsaleInput,
  EventFieldsInput,
  GiftVoucherInput,
  OrganiserAccount,
  OrganiserCatalogue,
  OrganiserSettings,
  QuestionInput,
  TicketTypeInput,
  WaiverInput,
} from './schemas';
import { ABSORBED_FEE_ABOVE_PRICE } from './schemas';

/**
 * The catalogue import: upserts every entity of a file by its external id, inside the caller's transaction (so a
 * refusal anywhere leaves nothing). A field left out takes its default: the file says what the entity is. Nothing is
 * deleted: an entity missing from the file stays as it is. A row whose values already match is not written, so a
 * second import of the same file changes nothing (relative moments aside: they are resolved at each import).
 *
 * The rules that protect sold tickets live here once, for the import and the organiser API's writes alike: a ticket
 * type's capacity never goes below what is sold or held, and a ticket type with sales keeps its currency.
 */

export const CATALOGUE_KINDS = [
  'charities',
  'organisers',
  'waivers',
  'events',
  'dates',
  'ticket_types',
  'questions',
  'after_sale_messages',
  'gift_vouchers',
  'codes',
  'onsales',
] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

export interface KindCounts {
  created: number;
  updated: number;
  unchanged: number;
}

export type IdsByExternalId = Record<string, number>;

export interface ImportedEvent {
  external_id: string;
  id: number;
  dates: IdsByExternalId;
  ticket_types: IdsByExternalId;
  questions: IdsByExternalId;
  after_sale_messages: IdsByExternalId;
}

export interface ImportedOrganiser {
  id: number;
  external_id: string | null;
  waivers: IdsByExternalId;
  events: ImportedEvent[];
  gift_vouchers: IdsByExternalId;
  codes: IdsByExternalId;
}

export interface ImportResult {
  counts: Record<CatalogueKind, KindCounts>;
  charities: IdsByExternalId;
  organisers: ImportedOrganiser[];
  /** Platform-wide codes (no organiser). */
  codes: IdsByExternalId;
}

export interface ImportOptions {
  /** The moment relative dates are counted from (the app's clock). */
  now: Date;
  /**
   * Trusted imports only (the demo seed): an external id that is a whole number below 100000 becomes the row's id,
   * so the demo's stable ids stay what tests and docs name. The tables' own ids start at 100000, so they never meet.
   */
  stableIds?: boolean;
}

type Values = Record<string, unknown>;

/** A ticket type's columns as the import and the API's writes set them. */
export type TicketTypeValues = Required<
  Pick<
    Updateable<TicketTypesTable>,
    | 'external_id'
    | 'event_date_id'
    | 'name'
    | 'description'
    | 'price_minor'
    | 'currency'
    | 'booking_fee_minor'
    | 'absorb_fee'
    | 'hide_booking_fee'
    | 'capacity'
    | 'min_per_customer'
    | 'max_per_customer'
    | 'non_refundable'
    | 'seated'
    | 'waiver_id'
    | 'sort_order'
    | 'on_sale'
  >
>;

/** Values as compared with a stored row: dates by instant, arrays by their items, char(3) without padding. */
function same(stored: unknown, wanted: unknown): boolean {
  if (stored instanceof Date || wanted instanceof Date) {
    const time = (value: unknown) => (value instanceof Date ? value.getTime() : value);
    return time(stored) === time(wanted);
  }
  if (Array.isArray(stored) && Array.isArray(wanted))
    return stored.length === wanted.length && stored.every((item, index) => same(item, wanted[index]));
  if (typeof stored === 'string' && typeof wanted === 'string') return stored.trimEnd() === wanted.trimEnd();
  return stored === wanted;
}

function differs(stored: Values, wanted: Values): boolean {
  return Object.keys(wanted).some((key) => !same(stored[key], wanted[key]));
}

const emptyCounts = (): Record<CatalogueKind, KindCounts> =>
  Object.fromEntries(CATALOGUE_KINDS.map((kind) => [kind, { created: 0, updated: 0, unchanged: 0 }])) as Record<
    CatalogueKind,
    KindCounts
  >;

/** Serialises imports and catalogue writes: two at once would otherwise both create the same external id. */
export async function lockCatalogue(tx: Tx): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('checkout_catalogue'))`.execute(tx);
}

/**
 * Locks every code and ticket type of these organisers that the import may change, before it changes any: codes
 * first, then ticket types, each in id order, the order a reservation locks them (reserve_sale). Locked one by one in
 * the file's order instead, an import and a reservation of two of the same types could each wait for the other, and
 * PostgreSQL would abort one of them. The whole file's import also names the codes of no organiser.
 */
async function lockSellables(tx: Tx, organisers: { ids: number[] } | { externalIds: string[] }): Promise<void> {
  const organiserIds =
    'ids' in organisers
      ? organisers.ids
      : organisers.externalIds.length === 0
        ? []
        : (
            await tx.selectFrom('organisers').select('id').where('external_id', 'in', organisers.externalIds).execute()
          ).map((row) => row.id);
  const globalCodes = !('ids' in organisers);
  await tx
    .selectFrom('codes')
    .select('id')
    .where((eb) => {
      const own = organiserIds.length > 0 ? [eb('organiser_id', 'in', organiserIds)] : [];
      return eb.or(globalCodes ? [...own, eb('organiser_id', 'is', null)] : own);
    })
    .orderBy('id')
    .forUpdate()
    .execute();
  if (organiserIds.length === 0) return;
  await tx
    .selectFrom('ticket_types as t')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .select('t.id')
    .where('e.organiser_id', 'in', organiserIds)
    .orderBy('t.id')
    .forUpdate('t')
    .execute();
}

export class CatalogueImporter {
  readonly counts = emptyCounts();

  constructor(
    private readonly tx: Tx,
    private readonly options: ImportOptions,
  ) {}

  private moment(value: Parameters<typeof resolveMoment>[0]): Date {
    return resolveMoment(value, this.options.now);
  }

  /** The explicit id a trusted import gives a new row, if any. */
  private stableId(externalId: string): { id: number } | Record<string, never> {
    if (!this.options.stableIds || !/^\d{1,5}$/.test(externalId)) return {};
    return { id: Number(externalId) };
  }

  /**
   * The shared shape of every upsert: compare with the stored row (if any), write only what differs, count it.
   * `stored` is the row found by external id, with at least the columns of `values`.
   */
  private async put(
    kind: CatalogueKind,
    label: string,
    stored: (Values & { id: number }) | undefined,
    values: Values,
    insert: () => Promise<number>,
    update: (id: number) => Promise<unknown>,
  ): Promise<number> {
    return guarded(label, async () => {
      if (!stored) {
        this.counts[kind].created += 1;
        return insert();
      }
      if (differs(stored, values)) {
        await update(stored.id);
        this.counts[kind].updated += 1;
      } else this.counts[kind].unchanged += 1;
      return stored.id;
    });
  }

  async charity(input: CharityInput): Promise<number> {
    const values = {
      external_id: input.external_id,
      name: input.name,
      logo: input.logo ?? null,
      description_html: input.description_html ?? '',
      donation_checkout_title: input.donation_checkout_title,
      donation_options_minor: input.donation_options_minor ?? [],
      base_fee_minor: input.base_fee_minor ?? 0,
      booking_fee_bp: input.booking_fee_bp ?? 0,
      booking_fee_includes_vat: input.booking_fee_includes_vat ?? false,
      booking_fee_vat_bp: input.booking_fee_vat_bp ?? 0,
      booking_fee_cap_minor: input.booking_fee_cap_minor ?? null,
      gift_aid_enabled: input.gift_aid_enabled ?? false,
    };
    const stored = await this.tx
      .selectFrom('charities')
      .selectAll()
      .where('external_id', '=', input.external_id)
      .executeTakeFirst();
    return this.put(
      'charities',
      `Charity '${input.external_id}'`,
      stored,
      values,
      async () =>
        (
          await this.tx
            .insertInto('charities')
            .values({ ...values, ...this.stableId(input.external_id) })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      (id) => this.tx.updateTable('charities').set(values).where('id', '=', id).execute(),
    );
  }

  /** An organiser's account (trusted imports): found by external id, created when new. */
  async organiserAccount(input: OrganiserAccount): Promise<number> {
    const label = `Organiser '${input.external_id}'`;
    let charityId: number | null = null;
    if (input.charity != null) {
      const charity = await this.tx
        .selectFrom('charities')
        .select('id')
        .where('external_id', '=', input.charity)
        .executeTakeFirst();
      if (!charity) throw refused(`${label} names charity '${input.charity}', which does not exist.`);
      charityId = charity.id;
    }
    const values = {
      external_id: input.external_id,
      name: input.name,
      slug: input.slug,
      charity_id: charityId,
      is_saas: input.is_saas ?? false,
      payment_provider: input.payment_provider ?? null,
      payment_merchant_id: input.payment_merchant_id ?? null,
      currency: input.currency ?? 'GBP',
      express_checkout: input.express_checkout ?? false,
      marketing_signup_message: input.marketing_signup_message ?? '',
      custom_refund_policy: input.custom_refund_policy ?? null,
      audience_diversity_notice: input.audience_diversity_notice ?? false,
    };
    const stored = await this.tx
      .selectFrom('organisers')
      .selectAll()
      .where('external_id', '=', input.external_id)
      .executeTakeFirst();
    return this.put(
      'organisers',
      label,
      stored,
      values,
      async () =>
        (
          await this.tx
            .insertInto('organisers')
            .values({ ...values, ...this.stableId(input.external_id) })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      (id) => this.tx.updateTable('organisers').set(values).where('id', '=', id).execute(),
    );
  }

  /** The settings an organiser sets about itself; a setting left out is left as it is. */
  async organiserSettings(organiserId: number, input: OrganiserSettings): Promise<void> {
    const stored = await this.tx
      .selectFrom('organisers')
      .selectAll()
      .where('id', '=', organiserId)
      .executeTakeFirstOrThrow();
    const values = {
      marketing_signup_message: input.marketing_signup_message ?? stored.marketing_signup_message,
      custom_refund_policy:
        input.custom_refund_policy === undefined ? stored.custom_refund_policy : input.custom_refund_policy,
      audience_diversity_notice: input.audience_diversity_notice ?? stored.audience_diversity_notice,
    };
    await this.put(
      'organisers',
      'The organiser',
      stored,
      values,
      () => Promise.resolve(organiserId),
      (id) => this.tx.updateTable('organisers').set(values).where('id', '=', id).execute(),
    );
  }

  /** Everything an organiser's part of a file holds, in the order references need. */
  async organiserContents(
    organiserId: number,
    externalId: string | null,
    input: Pick<OrganiserCatalogue, 'waivers' | 'events' | 'gift_vouchers' | 'codes'>,
  ): Promise<ImportedOrganiser> {
    const result: ImportedOrganiser = {
      id: organiserId,
      external_id: externalId,
      waivers: {},
      events: [],
      gift_vouchers: {},
      codes: {},
    };
    for (const waiver of input.waivers ?? [])
      result.waivers[waiver.external_id] = await this.waiver(organiserId, waiver);
    for (const event of input.events ?? []) result.events.push(await this.event(organiserId, event));
    for (const voucher of input.gift_vouchers ?? [])
      result.gift_vouchers[voucher.external_id] = await this.giftVoucher(organiserId, voucher);
    for (const code of input.codes ?? []) result.codes[code.external_id] = await this.code(organiserId, code);
    return result;
  }

  async waiver(organiserId: number, input: WaiverInput): Promise<number> {
    const stored = await this.tx
      .selectFrom('waivers')
      .selectAll()
      .where('organiser_id', '=', organiserId)
      .where('external_id', '=', input.external_id)
      .executeTakeFirst();
    return this.saveWaiver(`Waiver '${input.external_id}'`, organiserId, stored, input);
  }

  /** Writes a waiver over `stored`, or creates it: for the import and the API's changes alike. */
  async saveWaiver(
    label: string,
    organiserId: number,
    stored: Selectable<WaiversTable> | undefined,
    input: Omit<WaiverInput, 'external_id'> & { external_id: string | null },
  ): Promise<number> {
    const values = { external_id: input.external_id, title: input.title, body_html: input.body_html };
    return this.put(
      'waivers',
      label,
      stored,
      values,
      async () =>
        (
          await this.tx
            .insertInto('waivers')
            .values({ ...values, organiser_id: organiserId, ...this.stableId(input.external_id ?? '') })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      (id) => this.tx.updateTable('waivers').set(values).where('id', '=', id).execute(),
    );
  }

  /** Writes an event's own fields over `stored`, or creates it: for the import and the API's changes alike. */
  async saveEvent(
    label: string,
    organiserId: number,
    stored: Selectable<EventsTable> | undefined,
    input: Omit<EventFieldsInput, 'external_id'> & { external_id: string | null },
  ): Promise<number> {
    const values = {
      external_id: input.external_id,
      slug: input.slug,
      title: input.title,
      description: input.description ?? '',
      thumbnail: input.thumbnail ?? null,
      timezone: input.timezone ?? 'Europe/London',
      location: input.venue?.location ?? '',
      venue_full_address: input.venue?.full_address ?? null,
      venue_map_address: input.venue?.map_address ?? null,
      venue_map_checkin: input.venue?.map_checkin ?? null,
      has_livestream: input.has_livestream ?? false,
      access_online: input.access_online ?? null,
      refund_protection: input.refund_protection ?? true,
      timeslot_warning_message: input.timeslot_warning_message ?? null,
      captcha_required: input.captcha_required ?? false,
      require_phone_number: input.require_phone_number ?? false,
      require_delivery_address: input.require_delivery_address ?? false,
      delivery_fee_minor: input.delivery_fee_minor ?? 0,
      transfers_allowed: input.transfers_allowed ?? true,
      payment_plans_enabled: input.payment_plans_enabled ?? false,
      hold_extension_minutes: input.hold_extension_minutes ?? 0,
      fundraising_contact_notice: input.fundraising_contact_notice ?? false,
      ga: input.ga ?? null,
      ga_conversion_id: input.ga_conversion_id ?? null,
      fb_pixel: input.fb_pixel ?? null,
      reward_text: input.reward_text ?? null,
      reward_short_text: input.reward_short_text ?? null,
      published: input.published ?? true,
    };
    return this.put(
      'events',
      label,
      stored,
      values,
      async () =>
        (
          await this.tx
            .insertInto('events')
            .values({ ...values, organiser_id: organiserId, ...this.stableId(input.external_id ?? '') })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      (id) => this.tx.updateTable('events').set(values).where('id', '=', id).execute(),
    );
  }

  async event(organiserId: number, input: CatalogueEventInput): Promise<ImportedEvent> {
    const label = `Event '${input.external_id}'`;
    const stored = await this.tx
      .selectFrom('events')
      .selectAll()
      .where('organiser_id', '=', organiserId)
      .where('external_id', '=', input.external_id)
      .executeTakeFirst();
    const eventId = await this.saveEvent(label, organiserId, stored, input);
    const result: ImportedEvent = {
      external_id: input.external_id,
      id: eventId,
      dates: {},
      ticket_types: {},
      questions: {},
      after_sale_messages: {},
    };
    for (const date of input.dates) result.dates[date.external_id] = await this.date(eventId, label, date);
    const types = input.ticket_types ?? [];
    for (const type of types)
      result.ticket_types[type.external_id] = await this.ticketType(organiserId, eventId, label, type);
    // Companion rules name other types of the event: set once every type exists.
    for (const type of types) await this.requirements(eventId, label, type);
    for (const question of input.questions ?? [])
      result.questions[question.external_id] = await this.question(eventId, label, question);
    for (const message of input.after_sale_messages ?? [])
      result.after_sale_messages[message.external_id] = await this.afterSaleMessage(eventId, label, message);
    if (input.onsale) await this.onsale(organiserId, eventId, label, input.onsale, result.ticket_types);
    return result;
  }

  /**
   * The event's on-sale: the organiser's on-sale of this event (or of some of its ticket types) is changed to match,
   * or one is made. An opening that has passed no longer moves (waiting-room/onsales.ts).
   */
  async onsale(
    organiserId: number,
    eventId: number,
    eventLabel: string,
    input: EventOnsaleInput,
    typeIds: IdsByExternalId,
  ): Promise<number> {
    const label = `The on-sale of ${eventLabel.toLowerCase()}`;
    const listed = (input.ticket_types ?? []).map((externalId) => {
      const id = typeIds[externalId];
      if (id === undefined)
        throw refused(`${label} names ticket type '${externalId}', which the event's 'ticket_types' do not hold.`);
      return id;
    });
    const wanted = {
      eventId: input.ticket_types === undefined ? eventId : null,
      ticketTypeIds: listed,
      opensAt: this.moment(input.opens_at),
      endsAt: input.ends_at ? this.moment(input.ends_at) : null,
      ratePerSecond: input.admission_per_second,
      passSeconds: input.pass_seconds ?? 600,
    };
    const stored = await this.tx
      .selectFrom('onsales as o')
      .selectAll('o')
      .where('o.organiser_id', '=', organiserId)
      .where((eb) =>
        eb.or([
          eb('o.event_id', '=', eventId),
          eb.exists(
            eb
              .selectFrom('onsale_ticket_types as ot')
              .innerJoin('ticket_types as t', 't.id', 'ot.ticket_type_id')
              .select('ot.onsale_id')
              .whereRef('ot.onsale_id', '=', 'o.id')
              .where('t.event_id', '=', eventId),
          ),
        ]),
      )
      .orderBy('o.id')
      .forUpdate()
      .executeTakeFirst();
    const now = this.options.now;
    if (!stored) {
      this.counts.onsales.created += 1;
      return createOnsale(this.tx, organiserId, wanted, now);
    }
    if ((stored.event_id === null) !== (wanted.eventId === null))
      throw refused(
        `${label} would change from ${stored.event_id === null ? 'some ticket types' : 'the whole event'} to ` +
          `${wanted.eventId === null ? 'some ticket types' : 'the whole event'}: delete or end on-sale ${stored.id} first.`,
      );
    const changed = await changeOnsale(
      this.tx,
      stored,
      {
        opensAt: wanted.opensAt,
        endsAt: wanted.endsAt,
        ratePerSecond: wanted.ratePerSecond,
        passSeconds: wanted.passSeconds,
        ...(wanted.eventId === null ? { ticketTypeIds: listed } : {}),
      },
      now,
    );
    this.counts.onsales[changed ? 'updated' : 'unchanged'] += 1;
    return stored.id;
  }

  async date(eventId: number, eventLabel: string, input: EventDateInput): Promise<number> {
    const label = `Date '${input.external_id}' of ${eventLabel.toLowerCase()}`;
    const stored = await this.tx
      .selectFrom('event_dates')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('external_id', '=', input.external_id)
      .executeTakeFirst();
    return this.saveDate(label, eventId, stored, input);
  }

  /** Writes a date over `stored`, or creates it: for the import and the API's changes alike. */
  async saveDate(
    label: string,
    eventId: number,
    stored: Selectable<EventDatesTable> | undefined,
    input: Omit<EventDateInput, 'external_id'> & { external_id: string | null },
  ): Promise<number> {
    const startsAt = this.moment(input.starts_at);
    const endsAt = input.ends_at == null ? null : this.moment(input.ends_at);
    if (endsAt && endsAt.getTime() < startsAt.getTime()) throw refused(`${label} ends before it starts.`);
    const values = { external_id: input.external_id, starts_at: startsAt, ends_at: endsAt };
    return this.put(
      'dates',
      label,
      stored,
      values,
      async () =>
        (
          await this.tx
            .insertInto('event_dates')
            .values({ ...values, event_id: eventId, ...this.stableId(input.external_id ?? '') })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      (id) => this.tx.updateTable('event_dates').set(values).where('id', '=', id).execute(),
    );
  }

  private async idIn(
    table: 'event_dates' | 'ticket_types' | 'questions' | 'after_sale_messages',
    eventId: number,
    externalId: string,
  ): Promise<number | undefined> {
    const row = await this.tx
      .selectFrom(table)
      .select('id')
      .where('event_id', '=', eventId)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
    return row?.id;
  }

  /** The id of the event's date a ticket type names, or a refusal naming `label`. */
  async dateIdOf(label: string, eventId: number, externalId: string): Promise<number> {
    const dateId = await this.idIn('event_dates', eventId, externalId);
    if (dateId === undefined) throw refused(`${label} names date '${externalId}', which the event does not have.`);
    return dateId;
  }

  /** The id of the organiser's waiver a ticket type names (null for none), or a refusal naming `label`. */
  async waiverIdOf(label: string, organiserId: number, externalId: string | null): Promise<number | null> {
    if (externalId === null) return null;
    const waiver = await this.tx
      .selectFrom('waivers')
      .select('id')
      .where('organiser_id', '=', organiserId)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
    if (!waiver) throw refused(`${label} names waiver '${externalId}', which does not exist.`);
    return waiver.id;
  }

  async ticketType(organiserId: number, eventId: number, eventLabel: string, input: TicketTypeInput): Promise<number> {
    const label = `Ticket type '${input.external_id}' of ${eventLabel.toLowerCase()}`;
    const dateId = await this.dateIdOf(label, eventId, input.date);
    const waiverId = await this.waiverIdOf(label, organiserId, input.waiver ?? null);
    const values: TicketTypeValues = {
      external_id: input.external_id,
      event_date_id: dateId,
      name: input.name,
      description: input.description ?? '',
      price_minor: input.price_minor,
      currency: input.currency,
      booking_fee_minor: input.booking_fee_minor ?? 0,
      absorb_fee: input.absorb_fee ?? false,
      hide_booking_fee: input.hide_booking_fee ?? false,
      capacity: input.capacity,
      min_per_customer: input.min_per_customer ?? 1,
      max_per_customer: input.max_per_customer ?? 10,
      non_refundable: input.non_refundable ?? false,
      seated: input.seated ?? false,
      waiver_id: waiverId,
      sort_order: input.sort_order ?? 0,
      on_sale: input.on_sale ?? true,
    };
    // Locked: a checkout holding tickets of this type waits until the new capacity is decided.
    const stored = await this.tx
      .selectFrom('ticket_types')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('external_id', '=', input.external_id)
      .forUpdate()
      .executeTakeFirst();
    return this.saveTicketType(label, eventId, stored, values, input.stock_buckets);
  }

  /**
   * Writes a ticket type's values over `stored` (locked FOR UPDATE by the caller), or creates it: the one place the
   * rules protecting sold tickets are applied, for the import and the API's writes alike.
   */
  async saveTicketType(
    label: string,
    eventId: number,
    stored: Selectable<TicketTypesTable> | undefined,
    values: TicketTypeValues,
    /** The stock buckets wanted (inventory/holds.ts setStockBuckets); undefined leaves them as they are. */
    stockBuckets?: number,
  ): Promise<number> {
    if (stored && stored.capacity !== values.capacity) {
      // The stock parked in buckets goes back to the row (locked by the caller) first, so sold + held is what
      // buyers have taken and the capacity check below and the table's CHECK compare like with like.
      stored = { ...stored, held: stored.held - (await drainStock(this.tx, stored.id)) };
    }
    // The schema refuses this for a whole ticket type; a change of one field (the price, the fee) is checked here.
    if (
      values.absorb_fee &&
      !canAbsorbFee({ priceMinor: values.price_minor, bookingFeeMinor: values.booking_fee_minor })
    )
      throw refused(
        `${label} cannot absorb its booking fee (price_minor ${values.price_minor}, booking_fee_minor ` +
          `${values.booking_fee_minor}). 'absorb_fee': ${ABSORBED_FEE_ABOVE_PRICE}`,
      );
    if (stored) await this.refuseBreakingSales(label, stored, values);
    const id = await this.put(
      'ticket_types',
      label,
      stored,
      values,
      async () =>
        (
          await this.tx
            .insertInto('ticket_types')
            .values({ ...values, event_id: eventId, ...this.stableId(values.external_id ?? '') })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      (typeId) => this.tx.updateTable('ticket_types').set(values).where('id', '=', typeId).execute(),
    );
    const buckets = stockBuckets ?? (stored ? undefined : await onsaleStockBucketsFor(this.tx, id, this.options.now));
    if (buckets !== undefined && buckets !== (stored?.stock_buckets ?? 1)) await setStockBuckets(this.tx, id, buckets);
    return id;
  }

  /** The changes that would break tickets already sold or held. */
  private async refuseBreakingSales(
    label: string,
    stored: { id: number; sold: number; held: number; currency: string },
    wanted: { capacity: number; currency: string },
  ): Promise<void> {
    const taken = stored.sold + stored.held;
    if (wanted.capacity < taken)
      throw refused(`${label} has ${taken} sold or held: its capacity cannot go below ${taken}.`);
    if (!same(stored.currency, wanted.currency) && (await hasSales(this.tx, stored.id)))
      throw refused(`${label} has been sold or is in a basket: its currency cannot change.`);
  }

  async requirements(
    eventId: number,
    eventLabel: string,
    input: Pick<TicketTypeInput, 'external_id' | 'requires'>,
  ): Promise<void> {
    const label = `Ticket type '${input.external_id}' of ${eventLabel.toLowerCase()}`;
    const typeId = await this.idIn('ticket_types', eventId, input.external_id);
    if (typeId === undefined) return;
    const wanted: { title: string; required_ticket_type_ids: number[] }[] = [];
    for (const requirement of input.requires ?? []) {
      const ids: number[] = [];
      for (const externalId of requirement.ticket_types) {
        const id = await this.idIn('ticket_types', eventId, externalId);
        if (id === undefined)
          throw refused(`${label} requires ticket type '${externalId}', which the event does not have.`);
        ids.push(id);
      }
      wanted.push({ title: requirement.title, required_ticket_type_ids: ids });
    }
    const stored = await this.tx
      .selectFrom('ticket_requirements')
      .select(['title', 'required_ticket_type_ids'])
      .where('ticket_type_id', '=', typeId)
      .orderBy('id')
      .execute();
    const unchanged =
      stored.length === wanted.length &&
      stored.every((row, index) => !differs(row, wanted[index] as unknown as Values));
    if (unchanged) return;
    await this.tx.deleteFrom('ticket_requirements').where('ticket_type_id', '=', typeId).execute();
    if (wanted.length > 0)
      await this.tx
        .insertInto('ticket_requirements')
        .values(wanted.map((requirement) => ({ ...requirement, ticket_type_id: typeId })))
        .execute();
  }

  async question(eventId: number, eventLabel: string, input: QuestionInput): Promise<number> {
    const stored = await this.tx
      .selectFrom('questions')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('external_id', '=', input.external_id)
      .executeTakeFirst();
    return this.saveQuestion(`Question '${input.external_id}' of ${eventLabel.toLowerCase()}`, eventId, stored, input);
  }

  /** Writes a question over `stored`, or creates it: for the import and the API's changes alike. */
  async saveQuestion(
    label: string,
    eventId: number,
    stored: Selectable<QuestionsTable> | undefined,
    input: Omit<QuestionInput, 'external_id'> & { external_id: string | null },
  ): Promise<number> {
    let typeId: number | null = null;
    if (input.ticket_type != null) {
      const id = await this.idIn('ticket_types', eventId, input.ticket_type);
      if (id === undefined)
        throw refused(`${label} names ticket type '${input.ticket_type}', which the event does not have.`);
      typeId = id;
    }
    const values = {
      external_id: input.external_id,
      ticket_type_id: typeId,
      osq_id: input.osq_id ?? null,
      question: input.question,
      type: input.type,
      options: input.options ?? [],
      mandatory: input.mandatory ?? false,
      once_per_checkout: input.once_per_checkout ?? false,
      timing: input.timing,
      sort_order: input.sort_order ?? 0,
    };
    return this.put(
      'questions',
      label,
      stored,
      values,
      async () =>
        (
          await this.tx
            .insertInto('questions')
            .values({ ...values, event_id: eventId, ...this.stableId(input.external_id ?? '') })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      (id) => this.tx.updateTable('questions').set(values).where('id', '=', id).execute(),
    );
  }

  async afterSaleMessage(eventId: number, eventLabel: string, input: AfterSaleMessageInput): Promise<number> {
    const stored = await this.tx
      .selectFrom('after_sale_messages')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('external_id', '=', input.external_id)
      .executeTakeFirst();
    const label = `After-sale message '${input.external_id}' of ${eventLabel.toLowerCase()}`;
    return this.saveAfterSaleMessage(label, eventId, stored, input);
  }

  /** Writes an after-sale message over `stored`, or creates it: for the import and the API's changes alike. */
  async saveAfterSaleMessage(
    label: string,
    eventId: number,
    stored: Selectable<AfterSaleMessagesTable> | undefined,
    input: Omit<AfterSaleMessageInput, 'external_id'> & { external_id: string | null },
  ): Promise<number> {
    const values = {
      external_id: input.external_id,
      message_html: input.message_html,
      sort_order: input.sort_order ?? 0,
    };
    return this.put(
      'after_sale_messages',
      label,
      stored,
      values,
      async () =>
        (
          await this.tx
            .insertInto('after_sale_messages')
            .values({ ...values, event_id: eventId, ...this.stableId(input.external_id ?? '') })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      (id) => this.tx.updateTable('after_sale_messages').set(values).where('id', '=', id).execute(),
    );
  }

  async giftVoucher(organiserId: number, input: GiftVoucherInput): Promise<number> {
    const stored = await this.tx
      .selectFrom('gift_vouchers')
      .selectAll()
      .where('organiser_id', '=', organiserId)
      .where('external_id', '=', input.external_id)
      .executeTakeFirst();
    return this.saveGiftVoucher(`Gift voucher '${input.external_id}'`, organiserId, stored, input);
  }

  /** Writes a gift voucher over `stored`, or creates it: for the import and the API's changes alike. */
  async saveGiftVoucher(
    label: string,
    organiserId: number,
    stored: Selectable<GiftVouchersTable> | undefined,
    input: Omit<GiftVoucherInput, 'external_id'> & { external_id: string | null },
  ): Promise<number> {
    const values = {
      external_id: input.external_id,
      name: input.name,
      thumbnail: input.thumbnail ?? null,
      currency: input.currency,
      values_minor: input.values_minor ?? [],
      min_value_minor: input.min_value_minor ?? null,
      max_value_minor: input.max_value_minor ?? null,
      max_per_customer: input.max_per_customer ?? 10,
      valid_months: input.valid_months ?? 12,
      on_sale: input.on_sale ?? true,
    };
    if (stored && !same(stored.currency, values.currency) && (await giftVoucherSold(this.tx, stored.id)))
      throw refused(`${label} has been sold or is in a basket: its currency cannot change.`);
    return this.put(
      'gift_vouchers',
      label,
      stored,
      values,
      async () =>
        (
          await this.tx
            .insertInto('gift_vouchers')
            .values({ ...values, organiser_id: organiserId, ...this.stableId(input.external_id ?? '') })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      (id) => this.tx.updateTable('gift_vouchers').set(values).where('id', '=', id).execute(),
    );
  }

  /** A code of an organiser, or a platform-wide code when `organiserId` is null (trusted imports only). */
  async code(organiserId: number | null, input: CodeInput): Promise<number> {
    const stored = await this.tx
      .selectFrom('codes')
      .selectAll()
      .where(sql<number>`coalesce(organiser_id, 0)`, '=', organiserId ?? 0)
      .where('external_id', '=', input.external_id)
      .forUpdate()
      .executeTakeFirst();
    return this.saveCode(`Code '${input.external_id}'`, organiserId, stored, input);
  }

  /**
   * Writes a code over `stored` (locked FOR UPDATE by the caller), or creates it: for the import and the API's
   * changes alike. Its uses and balance belong to the sales: taken from `input` at creation only.
   */
  async saveCode(
    label: string,
    organiserId: number | null,
    stored: Selectable<CodesTable> | undefined,
    input: Omit<CodeInput, 'external_id'> & { external_id: string | null },
  ): Promise<number> {
    let eventId: number | null = null;
    if (input.event != null) {
      if (organiserId === null) throw refused(`${label} is platform-wide: it cannot name an event.`);
      const event = await this.tx
        .selectFrom('events')
        .select('id')
        .where('organiser_id', '=', organiserId)
        .where('external_id', '=', input.event)
        .executeTakeFirst();
      if (!event) throw refused(`${label} names event '${input.event}', which does not exist.`);
      eventId = event.id;
    }
    const values = {
      external_id: input.external_id,
      code: input.code,
      kind: input.kind,
      event_id: eventId,
      percent_bp: input.percent_bp ?? null,
      amount_minor: input.amount_minor ?? null,
      currency: input.currency ?? null,
      max_uses: input.max_uses ?? null,
      expires_at: input.expires_at == null ? null : this.moment(input.expires_at),
    };
    if (stored && values.max_uses !== null && values.max_uses < stored.uses)
      throw refused(`${label} has been used ${stored.uses} times: 'max_uses' cannot go below ${stored.uses}.`);
    return this.put(
      'codes',
      label,
      stored,
      values,
      async () =>
        (
          await this.tx
            .insertInto('codes')
            .values({
              ...values,
              organiser_id: organiserId,
              // What has been spent or used since belongs to the sales, not to the file: taken at creation only.
              balance_minor: input.balance_minor ?? (input.kind === 'gift_voucher' ? input.amount_minor : null),
              uses: input.uses ?? 0,
              ...this.stableId(input.external_id ?? ''),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      (id) => this.tx.updateTable('codes').set(values).where('id', '=', id).execute(),
    );
  }

  /** A whole file (trusted): charities, organisers with their catalogues, platform-wide codes. */
  async file(input: CatalogueFile): Promise<ImportResult> {
    const result: ImportResult = { counts: this.counts, charities: {}, organisers: [], codes: {} };
    for (const charity of input.charities ?? []) result.charities[charity.external_id] = await this.charity(charity);
    for (const organiser of input.organisers) {
      const id = await this.organiserAccount(organiser);
      result.organisers.push(await this.organiserContents(id, organiser.external_id, organiser));
    }
    for (const code of input.codes ?? []) result.codes[code.external_id] = await this.code(null, code);
    return result;
  }
}

/** Whether anything was ever sold or held of the ticket type, or is in a basket now. */
export async function hasSales(tx: Tx, ticketTypeId: number): Promise<boolean> {
  const row = await tx
    .selectFrom('ticket_types as t')
    .select((eb) => [
      't.sold',
      activeHeld('t').as('held'),
      eb.exists(eb.selectFrom('sale_lines as l').select('l.id').whereRef('l.ticket_type_id', '=', 't.id')).as('lines'),
      eb.exists(eb.selectFrom('holds as h').select('h.id').whereRef('h.ticket_type_id', '=', 't.id')).as('holds'),
    ])
    .where('t.id', '=', ticketTypeId)
    .executeTakeFirst();
  return row !== undefined && (row.sold > 0 || row.held > 0 || Boolean(row.lines) || Boolean(row.holds));
}

/** Whether a gift voucher was ever sold or is in a basket now (a sale line names it). */
export async function giftVoucherSold(tx: Tx, giftVoucherId: number): Promise<boolean> {
  const line = await tx
    .selectFrom('sale_lines')
    .select('id')
    .where('gift_voucher_id', '=', giftVoucherId)
    .limit(1)
    .executeTakeFirst();
  return line !== undefined;
}

/** Imports a whole file (the operator's command and the seed). The caller's transaction makes it all or nothing. */
export async function importCatalogueFile(tx: Tx, file: CatalogueFile, options: ImportOptions): Promise<ImportResult> {
  await lockCatalogue(tx);
  await lockSellables(tx, { externalIds: file.organisers.map((organiser) => organiser.external_id) });
  return new CatalogueImporter(tx, options).file(file);
}

/** Imports one organiser's part (the organiser API): only its own settings and catalogue. */
export async function importOrganiserCatalogue(
  tx: Tx,
  organiserId: number,
  input: OrganiserCatalogue,
  options: Omit<ImportOptions, 'stableIds'>,
): Promise<ImportResult> {
  await lockCatalogue(tx);
  await lockSellables(tx, { ids: [organiserId] });
  const own = await tx
    .selectFrom('organisers')
    .select('external_id')
    .where('id', '=', organiserId)
    .executeTakeFirstOrThrow();
  if (input.external_id !== undefined && input.external_id !== own.external_id)
    throw refused(
      `This catalogue names organiser '${input.external_id}': a key can only import its own organiser's catalogue.`,
    );
  const importer = new CatalogueImporter(tx, options);
  await importer.organiserSettings(organiserId, input);
  const organiser = await importer.organiserContents(organiserId, own.external_id, input);
  return { counts: importer.counts, charities: {}, organisers: [organiser], codes: {} };
}
