import { sql, type Selectable } from 'kysely';
import type { CodesTable, Db, Sale, Session } from '../db/schema';

/**
 * Everything `get` reads that belongs to one sale, in one statement from the session's token (checkout_read,
 * 0028_checkout_read): the sale, the session's sign-in, the basket organisers' catalogue versions (sale/catalogue-cache.ts), the lines with
 * their ticket types, events, dates and organisers and each type's stock, the gift voucher lines, the sale's own holds,
 * its codes, its issued seats, the delivery address's country and whether a payment was started (what an extension
 * rests on, with the events' allowances). One round trip instead of ten; the answer is one JSON value, whose
 * timestamps are turned back into dates here.
 */

/** One ticket line as checkout_read gives it: its ticket type, event, date and organiser. */
interface TicketLineJson {
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
  hold_extension_minutes: number;
  date_id: number;
  starts_at: string;
  organiser_id: number;
  organiser_slug: string;
  organiser_name: string;
  custom_refund_policy: string | null;
}

interface VoucherLineJson {
  qty: number;
  value_minor: number | null;
  id: number;
  name: string;
  thumbnail: string | null;
  valid_months: number;
  organiser_id: number;
  organiser_name: string;
  organiser_slug: string;
}

type CodeRow = Selectable<CodesTable>;

/** A timestamp as JSON gives it. */
type Stamp = string;
type Stamped<T, K extends keyof T> = Omit<T, K> & { [P in K]: null extends T[P] ? Stamp | null : Stamp };

/** The sale's timestamp columns: the JSON's strings become dates again (saleOf; a test compares with the row). */
type SaleStamp =
  'created_at' | 'ended_at' | 'hold_expires_at' | 'hold_extended_at' | 'paid_at' | 'reserved_at' | 'updated_at';

/** The JSON object checkout_read (0028_checkout_read) returns; null when the session has no live sale. */
interface CheckoutReadJson {
  sale: Stamped<Sale, SaleStamp>;
  session: { user_id: number | null; verified_email: string | null; verified_at: Stamp | null };
  /** Each basket organiser's catalogue version (none yet: absent, as good as '0'). */
  catalogue_versions: Record<string, string>;
  tickets: TicketLineJson[];
  vouchers: VoucherLineJson[];
  held_by_sale: { ticket_type_id: number; qty: number }[];
  codes: Stamped<CodeRow, 'created_at' | 'expires_at'>[];
  seats: { ticket_type_id: number; seat_label: string }[];
  delivery_country: number | null;
  payment_started: boolean;
}

const dateOrNull = (value: Stamp | null): Date | null => (value === null ? null : new Date(value));

function saleOf(json: CheckoutReadJson['sale']): Sale {
  return {
    ...json,
    created_at: new Date(json.created_at),
    ended_at: dateOrNull(json.ended_at),
    hold_expires_at: dateOrNull(json.hold_expires_at),
    hold_extended_at: dateOrNull(json.hold_extended_at),
    paid_at: dateOrNull(json.paid_at),
    reserved_at: dateOrNull(json.reserved_at),
    updated_at: new Date(json.updated_at),
  };
}

export type SaleSession = Pick<Session, 'user_id' | 'verified_email' | 'verified_at' | 'sale_id'>;

/** The session's live sale and everything of it the checkout shows, in one statement; undefined when it has none. */
export async function readCheckoutSale(db: Db, tokenHash: string) {
  const { rows } = await sql<{
    read: CheckoutReadJson | string | null;
  }>`SELECT checkout_read(${tokenHash}) AS read`.execute(db);
  const raw = rows[0]?.read ?? null;
  if (raw === null) return undefined;
  // json comes parsed from both drivers; text would be a driver configured otherwise.
  const read: CheckoutReadJson = typeof raw === 'string' ? (JSON.parse(raw) as CheckoutReadJson) : raw;
  const sale = saleOf(read.sale);
  const session: SaleSession = {
    user_id: read.session.user_id,
    verified_email: read.session.verified_email,
    verified_at: dateOrNull(read.session.verified_at),
    sale_id: sale.id,
  };
  const tickets = read.tickets.map(({ hold_extension_minutes: _minutes, ...line }) => ({
    ...line,
    starts_at: new Date(line.starts_at),
  }));
  const codes: CodeRow[] = read.codes.map((code) => ({
    ...code,
    created_at: new Date(code.created_at),
    expires_at: dateOrNull(code.expires_at),
  }));
  const seatsByType = new Map<number, string[]>();
  for (const seat of read.seats)
    seatsByType.set(seat.ticket_type_id, [...(seatsByType.get(seat.ticket_type_id) ?? []), seat.seat_label]);
  return {
    sale,
    session,
    catalogueVersions: new Map(Object.entries(read.catalogue_versions).map(([id, version]) => [Number(id), version])),
    lines: {
      tickets,
      vouchers: read.vouchers,
      codes,
      seatsByType,
      heldBySale: new Map(read.held_by_sale.map((hold) => [hold.ticket_type_id, hold.qty])),
    },
    deliveryCountry: read.delivery_country,
    /** What extensionTerms (sale/extend.ts) reads: the smallest allowance of the basket's events, a payment started. */
    extensionTerms: {
      minutes: read.tickets.length ? Math.min(...read.tickets.map((line) => line.hold_extension_minutes)) : 0,
      paying: read.payment_started,
    },
  };
}

export type CheckoutSaleRead = NonNullable<Awaited<ReturnType<typeof readCheckoutSale>>>;
