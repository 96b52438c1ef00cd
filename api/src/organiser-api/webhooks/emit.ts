import type { Tx } from '../../db/schema';
import { recordWebhookEvent } from './record';

/**
 * The webhook events made from other domains' events (webhooks/subscriber.ts): `ticket.transferred` when a recipient
 * accepts a transfer, `sale.expired` when a reservation lapses (without the unpaid sale's reference). Each organiser whose tickets (or vouchers) are involved gets an
 * event with its own part only: an organiser never learns what else was in a buyer's sale.
 */

/**
 * An event's data as it goes out. A sale.expired event stored before it stopped carrying the reference may still be
 * waiting for a delivery or a retry: its reference is taken out on the way, so no receiver gets an unpaid sale's link.
 */
export function deliverableData(type: string, data: unknown): unknown {
  if (type !== 'sale.expired' || data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const { reference: _reference, ...rest } = data as Record<string, unknown>;
  return rest;
}

/** After a transfer's tickets moved to its recipient (with new codes): one event per organiser of the tickets. */
export async function recordTicketsTransferred(
  tx: Tx,
  transferId: number,
  previousCodes: ReadonlyMap<number, string>,
  now: Date,
): Promise<void> {
  const transfer = await tx
    .selectFrom('ticket_transfers as tr')
    .innerJoin('sales as s', 's.id', 'tr.sale_id')
    .select(['tr.id', 's.reference', 'tr.recipient_name', 'tr.recipient_email', 'tr.is_gift', 'tr.accepted_at'])
    .where('tr.id', '=', transferId)
    .executeTakeFirstOrThrow();
  const tickets = await tx
    .selectFrom('tickets as t')
    .innerJoin('ticket_types as tt', 'tt.id', 't.ticket_type_id')
    .innerJoin('events as e', 'e.id', 'tt.event_id')
    .select([
      't.id',
      't.code',
      't.ticket_type_id',
      'tt.name as ticket_type_name',
      'e.id as event_id',
      't.event_date_id',
      'e.organiser_id',
    ])
    .where('t.id', 'in', [...previousCodes.keys()])
    .orderBy('t.id')
    .execute();
  const byOrganiser = new Map<number, typeof tickets>();
  for (const ticket of tickets)
    byOrganiser.set(ticket.organiser_id, [...(byOrganiser.get(ticket.organiser_id) ?? []), ticket]);
  for (const [organiserId, own] of byOrganiser) {
    await recordWebhookEvent(
      tx,
      {
        organiserId,
        type: 'ticket.transferred',
        data: {
          transfer: {
            id: transfer.id,
            order_reference: transfer.reference,
            is_gift: transfer.is_gift,
            accepted_at: (transfer.accepted_at ?? now).toISOString(),
          },
          new_owner: { name: transfer.recipient_name, email: transfer.recipient_email },
          tickets: own.map((ticket) => ({
            id: ticket.id,
            code: ticket.code,
            previous_code: previousCodes.get(ticket.id) ?? null,
            ticket_type_id: ticket.ticket_type_id,
            ticket_type_name: ticket.ticket_type_name,
            event_id: ticket.event_id,
            event_date_id: ticket.event_date_id,
          })),
        },
      },
      now,
    );
  }
}

/**
 * After a reserved sale turned 'expired': one event per organiser of its lines. The sale's reference is left out: an
 * unpaid sale's reference is its recovery link's secret, which would hand the checkout to whoever holds the payload.
 */
export async function recordSaleExpired(tx: Tx, saleId: number, now: Date): Promise<void> {
  const sale = await tx
    .selectFrom('sales')
    .select(['hold_expires_at'])
    .where('id', '=', saleId)
    .executeTakeFirstOrThrow();
  const lines = await tx
    .selectFrom('sale_lines as l')
    .leftJoin('ticket_types as tt', 'tt.id', 'l.ticket_type_id')
    .leftJoin('events as e', 'e.id', 'tt.event_id')
    .leftJoin('gift_vouchers as gv', 'gv.id', 'l.gift_voucher_id')
    .select([
      'l.ticket_type_id',
      'l.gift_voucher_id',
      'l.qty',
      'l.value_minor',
      'tt.name as ticket_type_name',
      'gv.name as gift_voucher_name',
      'e.organiser_id as event_organiser_id',
      'gv.organiser_id as voucher_organiser_id',
    ])
    .where('l.sale_id', '=', saleId)
    .orderBy('l.id')
    .execute();
  const byOrganiser = new Map<number, Record<string, unknown>[]>();
  for (const line of lines) {
    const organiserId = line.event_organiser_id ?? line.voucher_organiser_id;
    if (organiserId === null) continue;
    const view =
      line.ticket_type_id !== null
        ? { ticket_type_id: line.ticket_type_id, name: line.ticket_type_name, qty: line.qty }
        : {
            gift_voucher_id: line.gift_voucher_id,
            name: line.gift_voucher_name,
            qty: line.qty,
            value_minor: line.value_minor,
          };
    byOrganiser.set(organiserId, [...(byOrganiser.get(organiserId) ?? []), view]);
  }
  for (const [organiserId, own] of byOrganiser) {
    await recordWebhookEvent(
      tx,
      {
        organiserId,
        type: 'sale.expired',
        data: { lines: own, expired_at: (sale.hold_expires_at ?? now).toISOString() },
      },
      now,
    );
  }
}
