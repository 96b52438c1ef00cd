import { sql, type Selectable } from 'kysely';
import type { CodesTable, Db, Sale, Session } from '../db/schema';

/**
 * Everything `get` reads that belongs to one sale, in one statement from the session's token (checkout_read,
 * 0029_checkout_read_types): the sale, the session's sign-in, the ticket lines with their types' stock, the gift
 * voucher lines, each line with its organiser's catalogue version (sale/catalogue-cache.ts, which holds the rest of
 * what a line shows), the sale's own holds, its codes, its issued seats, the delivery address's country and whether a
 * payment was started (what an extension rests on, with the events' allowances). One round trip instead of ten; the
 * answer is one JSON value, whose timestamps are turned back into dates here.
 */

/**
 * One ticket line as checkout_read gives it: what sales move (its type's capacity, sold and held) and what finds the
 * rest in the catalogue cache (the type, its event, its organiser and that organiser's catalogue version).
 */
export interface TicketStockLine {
  qty: number;
  ticket_id: number;
  capacity: number;
  sold: number;
  held: number;
  event_id: number;
  organiser_id: number;
  /** The organiser's catalogue version in the read's snapshot (none yet: null, as good as '0'). */
  catalogue_version: string | null;
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
  catalogue_version: string | null;
}

type CodeRow = Selectable<CodesTable>;

/** A timestamp as JSON gives it. */
type Stamp = string;
type Stamped<T, K extends keyof T> = Omit<T, K> & { [P in K]: null extends T[P] ? Stamp | null : Stamp };

/** The sale's timestamp columns: the JSON's strings become dates again (saleOf; a test compares with the row). */
type SaleStamp =
  'created_at' | 'ended_at' | 'hold_expires_at' | 'hold_extended_at' | 'paid_at' | 'reserved_at' | 'updated_at';

/** The JSON object checkout_read (0029_checkout_read_types) returns; null when the session has no live sale. */
interface CheckoutReadJson {
  sale: Stamped<Sale, SaleStamp>;
  session: { user_id: number | null; verified_email: string | null; verified_at: Stamp | null };
  tickets: TicketStockLine[];
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
  // Each basket organiser's catalogue version, as every line of it carries it.
  const catalogueVersions = new Map<number, string>();
  for (const line of [...read.tickets, ...read.vouchers])
    catalogueVersions.set(line.organiser_id, line.catalogue_version ?? '0');
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
    catalogueVersions,
    /** The ticket lines' stock; the rest of each line is in the catalogue (ticketLinesOf, sale/catalogue-cache.ts). */
    stock: read.tickets,
    lines: {
      vouchers: read.vouchers.map(({ catalogue_version: _version, ...line }) => line),
      codes,
      seatsByType,
      heldBySale: new Map(read.held_by_sale.map((hold) => [hold.ticket_type_id, hold.qty])),
    },
    deliveryCountry: read.delivery_country,
    /** Whether a provider payment was started: with the events' allowances, what an extension rests on (sale/extend.ts). */
    paymentStarted: read.payment_started,
  };
}

export type CheckoutSaleRead = NonNullable<Awaited<ReturnType<typeof readCheckoutSale>>>;
