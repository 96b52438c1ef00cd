import { sql, type Selectable } from 'kysely';
import type { CodesTable, DbOrTx, Tx } from '../db/schema';

/**
 * Codes in the catalogue: discount codes (percent, fixed) and the codes of sold gift vouchers (a balance to spend).
 *
 * Usage limits: a use is counted when a sale is paid (`recordCodeUses`), and claimed while a live reservation holds
 * the code, so a code with one use left cannot be reserved by two checkouts at once (reserve_sale in 0002_basket
 * checks the same count under the code row's lock). A gift voucher code is held by one live reservation at a time.
 * A payment whose reservation lapsed and lost a claim meanwhile is refunded when it settles (`codesClaimedElsewhere`).
 */
export type CodeRow = Selectable<CodesTable>;

/** Codes are matched without regard to case (the unique index is on upper(code)). */
export function findCode(db: DbOrTx, text: string) {
  return db
    .selectFrom('codes')
    .selectAll()
    .where(sql<string>`upper(code)`, '=', text.trim().toUpperCase())
    .executeTakeFirst();
}

/** The code row locked for this transaction (after the session and sale rows: the lock order). */
export function lockCode(tx: Tx, codeId: number) {
  return tx.selectFrom('codes').selectAll().where('id', '=', codeId).forUpdate().executeTakeFirstOrThrow();
}

/** Live reservations other than `saleId` that hold the code now. */
export async function liveClaims(db: DbOrTx, codeId: number, saleId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('sale_codes as sc')
    .innerJoin('sales as s', 's.id', 'sc.sale_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('sc.code_id', '=', codeId)
    .where('sc.sale_id', '<>', saleId)
    .where('s.status', '=', 'reserved')
    .where('s.hold_expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * For the payment of a sale (inside its transaction, after the sale row's lock): the codes it is priced with that it no
 * longer holds a claim on, by their text. A reservation that lapsed lets its claims go, so another checkout may have
 * taken them since: a discount code whose uses are then all paid or claimed by other live reservations, or a gift
 * voucher code another live reservation holds. A claim nobody took in the meantime is the sale's again, as lapsed stock
 * still free is. The code rows are locked in id order (reserve_sale's order), so two settlements of the last use wait
 * for each other and the second reads the first one's count.
 */
export async function codesClaimedElsewhere(tx: Tx, saleId: number, now: Date): Promise<string[]> {
  const codes = await tx
    .selectFrom('codes as c')
    .innerJoin('sale_codes as sc', 'sc.code_id', 'c.id')
    .select(['c.id', 'c.code', 'c.kind', 'c.max_uses', 'c.uses'])
    .where('sc.sale_id', '=', saleId)
    .where((eb) => eb.or([eb('c.max_uses', 'is not', null), eb('c.kind', '=', 'gift_voucher')]))
    .orderBy('c.id')
    .forUpdate('c')
    .execute();
  const lost: string[] = [];
  for (const code of codes) {
    const claims = await liveClaims(tx, code.id, saleId, now);
    const taken =
      code.kind === 'gift_voucher' ? claims > 0 : code.max_uses !== null && code.uses + claims >= code.max_uses;
    if (taken) lost.push(code.code);
  }
  return lost;
}

/** The codes applied to a sale, in the order they were applied. */
export function saleCodes(db: DbOrTx, saleId: number) {
  return db
    .selectFrom('sale_codes as sc')
    .innerJoin('codes as c', 'c.id', 'sc.code_id')
    .selectAll('c')
    .where('sc.sale_id', '=', saleId)
    .orderBy('sc.created_at')
    .orderBy('c.id')
    .execute();
}

/**
 * For the payment of a sale (inside its transaction): each discount code's use is counted and each gift voucher
 * code's balance spent by what it paid (`amounts`, code id -> minor units, from the sale's totals).
 */
export async function recordCodeUses(tx: Tx, saleId: number, amounts: ReadonlyMap<number, number>): Promise<void> {
  const codes = await tx
    .selectFrom('sale_codes as sc')
    .innerJoin('codes as c', 'c.id', 'sc.code_id')
    .select(['c.id', 'c.kind'])
    .where('sc.sale_id', '=', saleId)
    .orderBy('c.id')
    .forUpdate()
    .execute();
  for (const code of codes) {
    const spent = code.kind === 'gift_voucher' ? (amounts.get(code.id) ?? 0) : 0;
    await tx
      .updateTable('codes')
      .set((eb) => ({
        uses: eb('uses', '+', 1),
        ...(code.kind === 'gift_voucher'
          ? { balance_minor: sql<number>`greatest(0, coalesce(${eb.ref('balance_minor')}, 0) - ${spent})` }
          : {}),
      }))
      .where('id', '=', code.id)
      // Never past the limit: settling has already refused a sale whose claim another checkout took
      // (codesClaimedElsewhere), so this only keeps the row's CHECK from turning a surprise into a failed payment.
      .where(sql<boolean>`max_uses IS NULL OR uses < max_uses`)
      .execute();
  }
}
