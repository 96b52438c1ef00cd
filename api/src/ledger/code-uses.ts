import type { DbOrTx } from '../db/schema';
import { parseComponents } from '../pricing/price';
import type { Mismatch } from './reconcile';

/**
 * Reconciling discount codes with the sales they discounted: each settlement counts one use of every code on its sale
 * (catalogue/codes.ts recordCodeUses), so a code's `uses` is at least the number of settled sales whose price it took
 * money off (more when uses were imported or a code took nothing off a basket), and a limited code discounts no more
 * sales than `max_uses`. A sale past either is one whose discount no claim paid for.
 */

export interface CodeCount {
  code: string;
  uses: number;
  maxUses: number | null;
}

export interface DiscountedSale {
  saleId: number;
  reference: string;
  /** The code texts the settlement's price took money off with. */
  codes: readonly string[];
}

/**
 * The sales discounted beyond what their codes allow, in settlement order: the later ones past the limit are reported
 * (the earlier ones had the uses). Codes are matched without regard to case, as the catalogue does.
 */
export function codeUseProblems(codes: readonly CodeCount[], sales: readonly DiscountedSale[]): Mismatch[] {
  const byText = new Map(codes.map((code) => [code.code.trim().toUpperCase(), code]));
  const seen = new Map<string, number>();
  const mismatches: Mismatch[] = [];
  for (const sale of sales) {
    for (const text of new Set(sale.codes.map((code) => code.trim().toUpperCase()))) {
      const code = byText.get(text);
      if (!code) continue;
      const count = (seen.get(text) ?? 0) + 1;
      seen.set(text, count);
      const problems = [
        ...(code.maxUses !== null && count > code.maxUses
          ? [`discount code ${code.code} used by ${count} settled sales, max_uses ${code.maxUses}`]
          : []),
        ...(count > code.uses ? [`discount code ${code.code} used by ${count} settled sales, uses ${code.uses}`] : []),
      ];
      for (const problem of problems) mismatches.push({ saleId: sale.saleId, reference: sale.reference, problem });
    }
  }
  return mismatches;
}

/** Every settlement's discount codes against the catalogue's counts. */
export async function checkCodeUses(db: DbOrTx): Promise<Mismatch[]> {
  const [settlements, codes] = await Promise.all([
    db
      .selectFrom('payments as p')
      .innerJoin('sales as s', 's.id', 'p.sale_id')
      .select(['p.sale_id', 's.reference', 'p.components'])
      .where('p.status', '=', 'paid')
      .orderBy('p.created_at')
      .orderBy('p.id')
      .execute(),
    db.selectFrom('codes').select(['code', 'uses', 'max_uses']).where('kind', 'in', ['percent', 'fixed']).execute(),
  ]);
  const sales = settlements.map((row) => ({
    saleId: row.sale_id,
    reference: row.reference,
    codes: (parseComponents(row.components)?.discounts ?? [])
      .filter((discount) => discount.amountMinor > 0)
      .map((discount) => discount.code),
  }));
  return codeUseProblems(
    codes.map((code) => ({ code: code.code, uses: code.uses, maxUses: code.max_uses })),
    sales,
  );
}
