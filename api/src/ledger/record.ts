import { sql, type Insertable } from 'kysely';
import type { DbOrTx, LedgerEntriesTable, Tx } from '../db/schema';
import type { PriceComponents } from '../pricing/price';
import { partiesOf, type Share, sharesOf } from './shares';

/**
 * Writing the ledger: every entry with its shares, in the caller's transaction (the database refuses, at commit, an
 * entry whose shares do not add up to it). An entry already written (the same payment or refund again) adds nothing.
 */

type Entry = Omit<Insertable<LedgerEntriesTable>, 'kind'>;

/** The organiser of each line of a price: a ticket type's event's, a gift voucher's own. */
export async function organiserOfLines(
  tx: DbOrTx,
  components: PriceComponents,
): Promise<(line: PriceComponents['lines'][number]) => number> {
  const ticketIds = components.lines.filter((line) => line.kind === 'ticket').map((line) => line.id);
  const voucherIds = components.lines.filter((line) => line.kind === 'voucher').map((line) => line.id);
  const [tickets, vouchers] = await Promise.all([
    ticketIds.length > 0
      ? tx
          .selectFrom('ticket_types as t')
          .innerJoin('events as e', 'e.id', 't.event_id')
          .select(['t.id', 'e.organiser_id'])
          .where('t.id', 'in', ticketIds)
          .execute()
      : [],
    voucherIds.length > 0
      ? tx.selectFrom('gift_vouchers').select(['id', 'organiser_id']).where('id', 'in', voucherIds).execute()
      : [],
  ]);
  const ticketOrganiser = new Map(tickets.map((row) => [row.id, row.organiser_id]));
  const voucherOrganiser = new Map(vouchers.map((row) => [row.id, row.organiser_id]));
  return (line) => {
    const organiser = (line.kind === 'ticket' ? ticketOrganiser : voucherOrganiser).get(line.id);
    if (organiser === undefined) throw new Error(`ledger: no organiser for ${line.kind} ${line.id}`);
    return organiser;
  };
}

/**
 * The organiser of each gift voucher code a price names (null: the marketplace's own voucher; undefined: a code no
 * longer in the catalogue). Codes are unique across the platform whatever their case.
 */
export async function organiserOfCodes(
  db: DbOrTx,
  components: PriceComponents,
): Promise<(code: string) => number | null | undefined> {
  const texts = components.gift_voucher_codes.map((code) => code.code.toUpperCase());
  const rows =
    texts.length > 0
      ? await db
          .selectFrom('codes')
          .select(['code', 'organiser_id'])
          .where(sql<string>`upper(code)`, 'in', texts)
          .execute()
      : [];
  const byCode = new Map(rows.map((row) => [row.code.toUpperCase(), row.organiser_id]));
  return (code) => byCode.get(code.toUpperCase());
}

/** Each party's part of a price (shares.ts partiesOf), its lines' organisers read from the catalogue. */
export async function pricePartiesOf(tx: DbOrTx, components: PriceComponents): Promise<Share[]> {
  return partiesOf(components, await organiserOfLines(tx, components));
}

async function insertEntry(
  tx: Tx,
  entry: Insertable<LedgerEntriesTable>,
  shares: () => Promise<Share[]>,
): Promise<void> {
  const inserted = await tx
    .insertInto('ledger_entries')
    .values(entry)
    .onConflict((oc) => oc.columns(['kind', 'provider', 'provider_reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return;
  const rows = sharesOf(entry.amount_minor, await shares());
  if (rows.length === 0) return;
  await tx
    .insertInto('ledger_shares')
    .values(
      rows.map((share) => ({
        ledger_entry_id: inserted.id,
        organiser_id: share.organiserId,
        amount_minor: share.amountMinor,
      })),
    )
    .execute();
}

/**
 * Money collected, shared as the price it paid for (`components`: the priced snapshot the payment was made for; null
 * for a price recorded before components were, which is all the marketplace's).
 */
export function recordPayment(tx: Tx, entry: Entry, components: PriceComponents | null): Promise<void> {
  return insertEntry(tx, { ...entry, kind: 'payment' }, async () => (components ? pricePartiesOf(tx, components) : []));
}

/** Money given back, shared as the payment it gives back was (the database checks that payment exists). */
export function recordRefund(tx: Tx, entry: Entry): Promise<void> {
  return insertEntry(tx, { ...entry, kind: 'refund' }, async () => {
    const paid = await tx
      .selectFrom('ledger_entries as l')
      .innerJoin('ledger_shares as s', 's.ledger_entry_id', 'l.id')
      .select(['s.organiser_id', 's.amount_minor'])
      .where('l.kind', '=', 'payment')
      .where('l.provider', '=', entry.provider)
      .where('l.provider_reference', '=', entry.provider_reference)
      .orderBy('s.organiser_id')
      .execute();
    return paid.map((share) => ({ organiserId: share.organiser_id, amountMinor: share.amount_minor }));
  });
}

/**
 * A part of a payment given back (an organiser's refund of some of a sale's tickets), shared as the caller priced it
 * (ledger/refund-amount.ts); `refund_of` names the payment (the database checks every part of it adds
 * up to no more than it collected).
 */
export function recordRefundPart(
  tx: Tx,
  entry: Entry & { refund_of: string },
  shares: readonly Share[],
): Promise<void> {
  return insertEntry(tx, { ...entry, kind: 'refund' }, async () => [...shares]);
}
