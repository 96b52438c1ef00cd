import type { DbOrTx } from '../db/schema';
import { checkComponents, type PriceComponents } from '../pricing/price';
import { refundParts } from './refund-amount';
import { checkCodeUses } from './code-uses';
import { checkFees, feesText } from './fees';
import { organiserOfCodes, organiserOfLines } from './record';
import { reconcileRows, salesToReconcile, type ReconcileRows, type SaleToReconcile } from './reconcile-rows';
import { partiesOf } from './shares';

/**
 * Reconciling the ledger with what was sold (api/README.md 'Payment integrity'): for every sale that money touched,
 *
 * - a paid sale: its settlement's price components add up and list exactly the tickets sold, and the money kept
 *   (collected − refunded) equals that price less what the organisers refunded of it (the refunded tickets and, with
 *   a sale's last tickets, its own parts: ledger/refund-amount.ts) — or, for an instalment plan, the
 *   plan's total is that price and the money kept is what its paid instalments collected;
 * - any other sale (refunded, still open, expired, destroyed): the money kept is 0;
 * - no refund has been waiting for its provider longer than the grace period;
 * - every ledger entry's shares add up to it, and what each party keeps is its part of the price (ledger/shares.ts):
 *   all 0 for a sale that sold nothing, each organiser's lines and the marketplace's fees for a sale paid in full;
 * - no discount code took money off more settled sales than its uses, or than its max_uses (ledger/code-uses.ts);
 * - the fee rule (ledger/fees.ts): no organiser's gift voucher paid a fee, no organiser's part is below nothing, and
 *   the marketplace keeps every fee of what was sold (less its own vouchers and what was refunded).
 */

export interface Mismatch {
  saleId: number;
  reference: string;
  problem: string;
}

export interface ReconcileReport {
  /** Sales looked at: every sale with a settlement, a ledger row, or a paid or refunded status. */
  sales: number;
  /** Real money: what the live providers collected and refunded (test money is not in these). */
  collectedMinor: number;
  refundedMinor: number;
  /** Test money, reported apart: the sales an offline sandbox was paid for, and what it 'collected' and 'refunded'. */
  testMoney: { sales: number; collectedMinor: number; refundedMinor: number };
  mismatches: Mismatch[];
}

export interface ReconcileOptions {
  now: Date;
  /** A refund still pending after this long is reported (the refund job retries for hours before giving up). */
  pendingRefundGraceMs?: number;
}

const ticketsOf = (lines: readonly { ticket_type_id: number; qty: number }[]) => {
  const byType = new Map<number, number>();
  for (const line of lines) byType.set(line.ticket_type_id, (byType.get(line.ticket_type_id) ?? 0) + line.qty);
  return [...byType.entries()]
    .sort(([a], [b]) => a - b)
    .map(([type, qty]) => `${type}×${qty}`)
    .join(', ');
};

const partyKey = (organiserId: number | null) =>
  organiserId === null ? 'the marketplace' : `organiser ${organiserId}`;

type Report = (problem: string) => void;
type LedgerEntry = ReconcileRows['ledger'][number];
type Settlement = ReconcileRows['settlements'][number];

const sumOf = (entries: readonly LedgerEntry[], kind: LedgerEntry['kind']) =>
  entries.filter((entry) => entry.kind === kind).reduce((sum, entry) => sum + entry.amount_minor, 0);

/** Checks every entry's shares add up to it; returns what each party keeps, by partyKey. */
function checkShares(entries: readonly LedgerEntry[], shares: ReconcileRows['shares'], report: Report) {
  const keptBy = new Map<string, number>();
  for (const entry of entries) {
    const own = shares.filter((share) => share.ledger_entry_id === entry.id);
    const sum = own.reduce((total, share) => total + share.amount_minor, 0);
    if (sum !== entry.amount_minor)
      report(
        `${entry.kind} ${entry.provider} ${entry.provider_reference}: shares add up to ${sum}, not ${entry.amount_minor}`,
      );
    for (const share of own) {
      const party = partyKey(share.organiser_id);
      keptBy.set(
        party,
        (keptBy.get(party) ?? 0) + (entry.kind === 'payment' ? share.amount_minor : -share.amount_minor),
      );
    }
  }
  return keptBy;
}

function checkPendingRefunds(entries: readonly LedgerEntry[], now: Date, grace: number, report: Report) {
  for (const entry of entries) {
    if (entry.kind === 'refund' && entry.status === 'pending' && now.getTime() - entry.created_at.getTime() > grace) {
      report(
        `refund of ${entry.amount_minor} by ${entry.provider} ${entry.provider_reference} still pending since ${entry.created_at.toISOString()}`,
      );
    }
  }
}

/** What one sale's ledger says it collected, refunded and keeps (in total and for each party). */
interface SaleMoney {
  entries: LedgerEntry[];
  collected: number;
  refunded: number;
  kept: number;
  keptBy: Map<string, number>;
}

function checkTicketsPriced(
  sale: SaleToReconcile,
  components: PriceComponents,
  rows: ReconcileRows,
  money: SaleMoney,
  report: Report,
) {
  const priced = ticketsOf(
    components.lines
      .filter((line) => line.kind === 'ticket')
      .map((line) => ({ ticket_type_id: line.id, qty: line.qty })),
  );
  const inBasket = ticketsOf(
    rows.lines
      .filter((line) => line.sale_id === sale.id)
      .map((line) => ({ ticket_type_id: line.ticket_type_id ?? 0, qty: line.qty })),
  );
  const soldHere = ticketsOf(rows.sold.filter((hold) => hold.sale_id === sale.id));
  if (priced !== inBasket) report(`priced tickets [${priced}] ≠ basket [${inBasket}]`);
  if (priced !== soldHere) report(`priced tickets [${priced}] ≠ sold [${soldHere}]`);
  if (money.entries.some((entry) => entry.currency !== components.currency))
    report(`ledger currency differs from the price's ${components.currency}`);
}

function checkInstalmentPlan(
  sale: SaleToReconcile,
  settlement: Settlement,
  rows: ReconcileRows,
  money: SaleMoney,
  report: Report,
) {
  const plan = rows.plans.find((row) => row.sale_id === sale.id);
  const instalments = rows.paidInstalments.find((row) => row.sale_id === sale.id)?.paid_minor ?? 0;
  if (!plan) report('instalment settlement without a plan');
  else if (plan.total_minor !== settlement.price_minor)
    report(`plan total ${plan.total_minor} ≠ price ${settlement.price_minor}`);
  if (money.kept !== instalments) report(`keeps ${money.kept}, paid instalments ${instalments}`);
}

interface PaidInFull {
  sale: SaleToReconcile;
  settlement: Settlement;
  components: PriceComponents;
  organiserOf: Awaited<ReturnType<typeof organiserOfLines>>;
  fees: ReturnType<typeof checkFees>['fees'];
}

/** A sale paid at once keeps its price less what the organisers refunded, each party its own part of that. */
function checkPaidInFull(
  { sale, settlement, components, organiserOf, fees }: PaidInFull,
  rows: ReconcileRows,
  money: SaleMoney,
  report: Report,
) {
  const { collected, refunded, kept, keptBy } = money;
  const refundedHere = rows.orderRefunds.filter((row) => row.sale_id === sale.id);
  let given: ReturnType<typeof refundParts>;
  try {
    given = refundParts(
      components,
      refundedHere,
      organiserOf,
      refundedHere.some((row) => row.whole_order),
    );
  } catch (error) {
    report(`refunded tickets: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  const price = settlement.price_minor - given.amountMinor;
  if (kept !== price)
    report(`keeps ${kept} (collected ${collected}, refunded ${refunded}), price of what was sold ${price}`);
  const wanted = new Map<string, number>();
  for (const party of partiesOf(components, organiserOf)) wanted.set(partyKey(party.organiserId), party.amountMinor);
  for (const party of given.shares) {
    const key = partyKey(party.organiserId);
    wanted.set(key, (wanted.get(key) ?? 0) - party.amountMinor);
  }
  for (const party of new Set([...wanted.keys(), ...keptBy.keys()])) {
    const has = keptBy.get(party) ?? 0;
    if (has !== (wanted.get(party) ?? 0))
      report(`${party} keeps ${has}, its part of the price is ${wanted.get(party) ?? 0}`);
    if (party !== partyKey(null) && has < 0) report(`${party} keeps ${has}, less than nothing`);
  }
  // The fee rule, from the price alone: the marketplace keeps every fee it earned, less what it refunded.
  const refundedFees = given.shares.find((share) => share.organiserId === null)?.amountMinor ?? 0;
  const feesKept = keptBy.get(partyKey(null)) ?? 0;
  if (feesKept !== fees.partMinor - refundedFees)
    report(
      `marketplace fees: keeps ${feesKept}, earned ${fees.partMinor - refundedFees} ` +
        `(${feesText(fees)}${refundedFees > 0 ? `, less ${refundedFees} refunded` : ''})`,
    );
}

/** The settlement's price components, or a mismatch reported and undefined when it has none to check. */
function componentsOf(settlement: Settlement, kept: number, report: Report): PriceComponents | undefined {
  let components: PriceComponents;
  try {
    components = JSON.parse(settlement.components) as PriceComponents;
  } catch {
    report('settlement components are not JSON');
    return undefined;
  }
  if (!Array.isArray(components.lines)) {
    // Settled before components were recorded: the price is what was collected then.
    if (!settlement.instalment && kept !== settlement.price_minor)
      report(`keeps ${kept}, price ${settlement.price_minor}`);
    return undefined;
  }
  return components;
}

async function checkPaidSale(db: DbOrTx, sale: SaleToReconcile, rows: ReconcileRows, money: SaleMoney, report: Report) {
  const settlement = rows.settlements.find((row) => row.sale_id === sale.id && row.status === 'paid');
  if (!settlement) {
    report('paid sale without a settlement');
    return;
  }
  const components = componentsOf(settlement, money.kept, report);
  if (!components) return;
  const { problems } = checkComponents(components);
  for (const problem of problems) report(`price components: ${problem}`);
  const organiserOf = await organiserOfLines(db, components);
  const feeCheck = checkFees(components, organiserOf, await organiserOfCodes(db, components));
  for (const problem of feeCheck.problems) report(`marketplace fees: ${problem}`);
  if (components.total_minor !== settlement.price_minor)
    report(`settlement price ${settlement.price_minor} ≠ components total ${components.total_minor}`);
  checkTicketsPriced(sale, components, rows, money, report);
  if (settlement.instalment) checkInstalmentPlan(sale, settlement, rows, money, report);
  else checkPaidInFull({ sale, settlement, components, organiserOf, fees: feeCheck.fees }, rows, money, report);
}

const noSales = (): ReconcileReport => ({
  sales: 0,
  collectedMinor: 0,
  refundedMinor: 0,
  testMoney: { sales: 0, collectedMinor: 0, refundedMinor: 0 },
  mismatches: [],
});

export async function reconcile(db: DbOrTx, options: ReconcileOptions): Promise<ReconcileReport> {
  const grace = options.pendingRefundGraceMs ?? 60 * 60 * 1000;
  const sales = await salesToReconcile(db);
  const ids = sales.map((sale) => sale.id);
  if (ids.length === 0) return noSales();
  const rows = await reconcileRows(db, ids);

  const mismatches: Mismatch[] = [];
  let collectedMinor = 0;
  let refundedMinor = 0;
  const testMoney = { sales: 0, collectedMinor: 0, refundedMinor: 0 };
  for (const sale of sales) {
    const report = (problem: string) => mismatches.push({ saleId: sale.id, reference: sale.reference, problem });
    const entries = rows.ledger.filter((entry) => entry.sale_id === sale.id);
    const collected = sumOf(entries, 'payment');
    const refunded = sumOf(entries, 'refund');
    // A sale is checked the same whatever paid for it; only the totals keep test money apart.
    if (entries.some((entry) => entry.test_money)) {
      testMoney.sales += 1;
      testMoney.collectedMinor += collected;
      testMoney.refundedMinor += refunded;
    } else {
      collectedMinor += collected;
      refundedMinor += refunded;
    }
    const kept = collected - refunded;
    const keptBy = checkShares(entries, rows.shares, report);
    checkPendingRefunds(entries, options.now, grace, report);
    if (sale.status !== 'paid') {
      if (kept !== 0) report(`${sale.status} sale keeps ${kept} (collected ${collected}, refunded ${refunded})`);
      for (const [party, minor] of keptBy) if (minor !== 0) report(`${sale.status} sale keeps ${minor} for ${party}`);
      continue;
    }
    await checkPaidSale(db, sale, rows, { entries, collected, refunded, kept, keptBy }, report);
  }
  mismatches.push(...(await checkCodeUses(db)));
  return { sales: sales.length, collectedMinor, refundedMinor, testMoney, mismatches };
}
