/** Steps of a buyer's checkout over HTTP, shared by the reliability tests. */
import type { Pool } from 'pg';
import { type Buyer, paths } from './buyer';

/** The account step as a guest: a one-time code sent, read from /dev/outbox.json, checked; the guest saved to the sale. */
export async function guestAccount(buyer: Buyer, email: string, fullname = 'Robin Guest'): Promise<void> {
  const sent = await buyer.post('/ajax/user/user/send_one_time_code/', { email });
  if (sent.status !== 200) throw new Error(`send_one_time_code: ${sent.status} ${JSON.stringify(sent.body)}`);
  const outbox = await buyer.get(`/dev/outbox.json?to=${encodeURIComponent(email)}&kind=one_time_code&limit=1`);
  const messages = (outbox.json.messages ?? []) as { text?: string }[];
  const code = messages[0]?.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no one-time code for ${email} in the outbox`);
  const checked = await buyer.post('/ajax/user/user/check_one_time_code/', { email, code });
  if (checked.status !== 200) throw new Error(`check_one_time_code: ${checked.status} ${JSON.stringify(checked.body)}`);
  const saved = await buyer.post('/ajax/checkout/checkout/save_guest_to_sale/', { email, fullname });
  if (saved.status !== 200) throw new Error(`save_guest_to_sale: ${saved.status} ${JSON.stringify(saved.body)}`);
}

/** The buyer's sale id, by its reference in the checkout. */
export async function saleIdOf(buyer: Buyer, pool: Pool): Promise<number> {
  const checkout = await buyer.get(paths.get);
  const { rows } = await pool.query<{ id: number }>('SELECT id FROM sales WHERE reference = $1', [
    checkout.json.sale_reference,
  ]);
  const row = rows[0];
  if (!row) throw new Error(`no sale for ${JSON.stringify(checkout.json.sale_reference)}`);
  return row.id;
}

/** Money the card sandbox took for a sale: intents, those that succeeded, and what is kept after refunds. */
export async function cardCharges(
  pool: Pool,
  saleId: number,
): Promise<{ intents: number; succeeded: number; charged: number; kept: number }> {
  const { rows } = await pool.query<{ intents: number; succeeded: number; charged: number; kept: number }>(
    `SELECT count(*)::int AS intents, count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded,
       coalesce(sum(amount_minor) FILTER (WHERE status = 'succeeded'), 0)::int AS charged,
       coalesce(sum(amount_minor - refunded_minor) FILTER (WHERE status = 'succeeded'), 0)::int AS kept
     FROM sandbox_payment_intents WHERE (metadata::json->>'sale_id')::int = $1`,
    [saleId],
  );
  return rows[0]!;
}

/** Tickets issued for a sale, and how many distinct ones (a ticket issued twice shows as count > distinct seats). */
export async function ticketsOf(pool: Pool, saleId: number): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets WHERE sale_id = $1', [
    saleId,
  ]);
  return rows[0]!.n;
}
