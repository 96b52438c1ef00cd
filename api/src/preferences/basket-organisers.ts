import type { DbOrTx } from '../db/schema';

export interface BasketOrganiserRow {
  id: number;
  charity_id: number | null;
}

/** The organisers whose tickets or gift vouchers are in the sale's basket. */
export async function basketOrganisers(db: DbOrTx, saleId: number): Promise<BasketOrganiserRow[]> {
  const [viaTickets, viaVouchers] = await Promise.all([
    db
      .selectFrom('sale_lines as l')
      .innerJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
      .innerJoin('events as e', 'e.id', 't.event_id')
      .innerJoin('organisers as o', 'o.id', 'e.organiser_id')
      .select(['o.id', 'o.charity_id'])
      .where('l.sale_id', '=', saleId)
      .execute(),
    db
      .selectFrom('sale_lines as l')
      .innerJoin('gift_vouchers as g', 'g.id', 'l.gift_voucher_id')
      .innerJoin('organisers as o', 'o.id', 'g.organiser_id')
      .select(['o.id', 'o.charity_id'])
      .where('l.sale_id', '=', saleId)
      .execute(),
  ]);
  const byId = new Map<number, BasketOrganiserRow>();
  for (const row of [...viaTickets, ...viaVouchers]) byId.set(row.id, row);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
