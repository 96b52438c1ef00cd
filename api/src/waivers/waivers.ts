import type { Db } from '../db/schema';

/** At most this many signatures per waiver and booking: a party, not a mailing list. */
export const SIGNATURES_PER_WAIVER_MAX = 200;

export interface WaiverSignature {
  name: string;
  signedAt: Date;
}

export interface SaleWaiver {
  id: number;
  title: string;
  /** Organiser HTML, stored as given: the page cleans it in the browser (DOMPurify) before it touches the DOM. */
  bodyHtml: string;
  /** The sale's events whose tickets carry this waiver. */
  eventTitles: string[];
  signatures: WaiverSignature[];
}

export interface WaiverSale {
  saleId: number;
  reference: string;
  waivers: SaleWaiver[];
}

/**
 * The waivers of a paid sale's tickets with who has signed each, in signing order; undefined when the reference is
 * unknown, the sale is not paid or none of its tickets has a waiver (the page does not exist then).
 */
export async function waiverSale(db: Db, reference: string): Promise<WaiverSale | undefined> {
  const sale = await db
    .selectFrom('sales')
    .select(['id', 'reference'])
    .where('reference', '=', reference)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  if (!sale) return undefined;
  const rows = await db
    .selectFrom('sale_lines as l')
    .innerJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
    .innerJoin('waivers as w', 'w.id', 't.waiver_id')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .select(['w.id as waiver_id', 'w.title', 'w.body_html', 'e.title as event_title'])
    .where('l.sale_id', '=', sale.id)
    .orderBy('w.id')
    .orderBy('e.id')
    .execute();
  if (rows.length === 0) return undefined;
  const signatures = await db
    .selectFrom('waiver_signatures')
    .select(['waiver_id', 'signer_name', 'signed_at'])
    .where('sale_id', '=', sale.id)
    .orderBy('signed_at')
    .orderBy('id')
    .execute();
  const waivers = new Map<number, SaleWaiver>();
  for (const row of rows) {
    const waiver = waivers.get(row.waiver_id) ?? {
      id: row.waiver_id,
      title: row.title,
      bodyHtml: row.body_html,
      eventTitles: [],
      signatures: [],
    };
    if (!waiver.eventTitles.includes(row.event_title)) waiver.eventTitles.push(row.event_title);
    waivers.set(row.waiver_id, waiver);
  }
  for (const signature of signatures)
    waivers
      .get(signature.waiver_id)
      ?.signatures.push({ name: signature.signer_name, signedAt: new Date(signature.signed_at) });
  return { saleId: sale.id, reference: sale.reference, waivers: [...waivers.values()] };
}

export type SignOutcome = 'signed' | 'already' | 'full';

/**
 * Stores one signature. The same folded name on the same waiver of the same sale is stored once ('already'); the sale
 * row is locked so two party members signing at the same moment cannot pass the cap together.
 */
export async function signWaiver(
  db: Db,
  input: { saleId: number; waiverId: number; name: string; key: string; now: Date },
): Promise<SignOutcome> {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('sales').select('id').where('id', '=', input.saleId).forUpdate().executeTakeFirstOrThrow();
    const existing = await tx
      .selectFrom('waiver_signatures')
      .select(['signer_key'])
      .where('sale_id', '=', input.saleId)
      .where('waiver_id', '=', input.waiverId)
      .execute();
    if (existing.some((row) => row.signer_key === input.key)) return 'already';
    if (existing.length >= SIGNATURES_PER_WAIVER_MAX) return 'full';
    const inserted = await tx
      .insertInto('waiver_signatures')
      .values({
        sale_id: input.saleId,
        waiver_id: input.waiverId,
        signer_name: input.name,
        signer_key: input.key,
        signed_at: input.now,
      })
      .onConflict((oc) => oc.columns(['sale_id', 'waiver_id', 'signer_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted ? 'signed' : 'already';
  });
}
