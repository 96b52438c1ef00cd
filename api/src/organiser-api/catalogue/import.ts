import { sql } from 'kysely';
import type { Tx } from '../../db/schema';
import { changeOnsale, createOnsale } from '../../waiting-room/onsales';
import { refused } from '../operation';
import type {
  AfterSaleMessageInput,
  CatalogueEventInput,
  CatalogueFile,
  CharityInput,
  CodeInput,
  EventDateInput,
  EventOnsaleInput,
  GiftVoucherInput,
  OrganiserAccount,
  OrganiserCatalogue,
  QuestionInput,
  TicketTypeInput,
  WaiverInput,
} from './schemas';
import {
  CatalogueWriter,
  type CatalogueKind,
  type ImportOptions,
  type KindCounts,
  lockCatalogue,
  lockCatalogueFile,
  type TicketTypeValues,
} from './writer';

/**
 * The catalogue import: upserts every entity of a file by its external id, inside the caller's transaction (so a
 * refusal anywhere leaves nothing). A field left out takes its default: the file says what the entity is. Nothing is
 * deleted: an entity missing from the file stays as it is. A row whose values already match is not written, so a
 * second import of the same file changes nothing (relative moments aside: they are resolved at each import).
 * Each entity is found by its external id and saved by the writer (CatalogueWriter), so an import and the organiser
 * API's single writes apply the same rules.
 */

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

export class CatalogueImporter extends CatalogueWriter {
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

  async question(eventId: number, eventLabel: string, input: QuestionInput): Promise<number> {
    const stored = await this.tx
      .selectFrom('questions')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('external_id', '=', input.external_id)
      .executeTakeFirst();
    return this.saveQuestion(`Question '${input.external_id}' of ${eventLabel.toLowerCase()}`, eventId, stored, input);
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

  async giftVoucher(organiserId: number, input: GiftVoucherInput): Promise<number> {
    const stored = await this.tx
      .selectFrom('gift_vouchers')
      .selectAll()
      .where('organiser_id', '=', organiserId)
      .where('external_id', '=', input.external_id)
      .executeTakeFirst();
    return this.saveGiftVoucher(`Gift voucher '${input.external_id}'`, organiserId, stored, input);
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

/** Imports a whole file (the operator's command and the seed). The caller's transaction makes it all or nothing. */
export async function importCatalogueFile(tx: Tx, file: CatalogueFile, options: ImportOptions): Promise<ImportResult> {
  await lockCatalogueFile(
    tx,
    file.organisers.map((organiser) => organiser.external_id),
  );
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
  await lockCatalogue(tx, organiserId);
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
