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
import { onsaleStockBucketsFor } from '../../waiting-room/onsales';
import { refused } from '../operation';
import { guarded } from './database-refusal';
import { resolveMoment } from './moments';
import type {
  AfterSaleMessageInput,
  CodeInput,
  EventDateInput,
  EventFieldsInput,
  GiftVoucherInput,
  OrganiserSettings,
  QuestionInput,
  TicketTypeInput,
  WaiverInput,
} from './schemas';
import { ABSORBED_FEE_ABOVE_PRICE } from './schemas';

/**
 * The catalogue's writer: how one entity is saved over its stored row (or created), for the organiser API's single
 * writes and the import alike, so both apply the same rules. A row whose values already match is not written; each
 * save is counted as created, updated or unchanged (the import's answer).
 *
 * The rules that protect sold tickets live here once: a ticket type's capacity never goes below what is sold or held,
 * and a ticket type or gift voucher with sales keeps its currency.
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

/**
 * Serialises one organiser's catalogue writes and imports, until the transaction ends: two at once would otherwise
 * both create the same external id. Another organiser's writes do not wait (the lock's second key is the organiser).
 */
export async function lockCatalogue(tx: Tx, organiserId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('checkout_catalogue'), ${organiserId}::integer)`.execute(tx);
}

/**
 * A whole file's import (trusted: it creates organisers, charities and platform-wide codes): one file import at a
 * time, then the lock of every organiser the file names that exists already, in id order so two lockers never wait
 * for each other. An organiser the file creates has no key yet, so nothing else writes its catalogue meanwhile.
 */
export async function lockCatalogueFile(tx: Tx, organiserExternalIds: readonly string[]): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('checkout_catalogue_file'))`.execute(tx);
  if (organiserExternalIds.length === 0) return;
  const organisers = await tx
    .selectFrom('organisers')
    .select('id')
    .where('external_id', 'in', organiserExternalIds)
    .orderBy('id')
    .execute();
  for (const organiser of organisers) await lockCatalogue(tx, organiser.id);
}

export class CatalogueWriter {
  readonly counts = emptyCounts();

  constructor(
    protected readonly tx: Tx,
    protected readonly options: ImportOptions,
  ) {}

  protected moment(value: Parameters<typeof resolveMoment>[0]): Date {
    return resolveMoment(value, this.options.now);
  }

  /** The explicit id a trusted import gives a new row, if any. */
  protected stableId(externalId: string): { id: number } | Record<string, never> {
    if (!this.options.stableIds || !/^\d{1,5}$/.test(externalId)) return {};
    return { id: Number(externalId) };
  }

  /**
   * The shared shape of every upsert: compare with the stored row (if any), write only what differs, count it.
   * `stored` is the row found by external id, with at least the columns of `values`.
   */
  protected async put(
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

  protected async idIn(
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
