import type { PaymentProviderKind, Db, DbOrTx, Sale } from '../db/schema';
import type { SessionHandle } from '../session/session';
import { assertReservedSale, reservationProblem } from '../identity/checkout-sale';
import { currencyOf } from '../catalogue/money';
import { loadSaleTotals } from '../pricing/amounts';
import { namesList } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/common';
import { HttpError } from '../http/errors';
import { paymentMessages } from './messages';

export interface BasketOrganiserPayment {
  id: number;
  name: string;
  payment_provider: PaymentProviderKind | null;
  payment_merchant_id: string | null;
  express_checkout: boolean;
}

/** The organisers whose tickets or vouchers are in the sale, with their payment setup. */
export async function saleOrganisers(db: DbOrTx, saleId: number): Promise<BasketOrganiserPayment[]> {
  return db
    .selectFrom('organisers as o')
    .select(['o.id', 'o.name', 'o.payment_provider', 'o.payment_merchant_id', 'o.express_checkout'])
    .where((eb) =>
      eb.or([
        eb(
          'o.id',
          'in',
          eb
            .selectFrom('sale_lines as l')
            .innerJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
            .innerJoin('events as e', 'e.id', 't.event_id')
            .select('e.organiser_id')
            .where('l.sale_id', '=', saleId),
        ),
        eb(
          'o.id',
          'in',
          eb
            .selectFrom('sale_lines as l')
            .innerJoin('gift_vouchers as g', 'g.id', 'l.gift_voucher_id')
            .select('g.organiser_id')
            .where('l.sale_id', '=', saleId),
        ),
      ]),
    )
    .orderBy('o.id')
    .execute();
}

/**
 * Express checkout (account details on the payment step, card only): a sale flagged express, or a basket whose every
 * organiser has opted in (organisers.express_checkout). See api/README.md 'Payment'.
 */
export function isExpress(
  sale: Pick<Sale, 'express'>,
  organisers: readonly Pick<BasketOrganiserPayment, 'express_checkout'>[],
): boolean {
  return sale.express || (organisers.length > 0 && organisers.every((organiser) => organiser.express_checkout));
}

/** The organiser's payment integration is configured: a provider kind and the account payments go to. */
export const takesPayments = (
  organiser: Pick<BasketOrganiserPayment, 'payment_provider' | 'payment_merchant_id'>,
): boolean => organiser.payment_provider !== null && organiser.payment_merchant_id !== null;

/** The organiser's own square-type account, when the basket is one organiser's who has one. */
export const squareOrganiser = (organisers: readonly BasketOrganiserPayment[]) =>
  organisers.length === 1 && organisers[0]?.payment_provider === 'square' ? organisers[0] : undefined;

export interface PayableSale {
  sale: Sale;
  amountMinor: number;
  currency: string;
  organisers: BasketOrganiserPayment[];
}

/**
 * The session's sale with its amount and organisers. `live` (the default) demands a live reservation (else the
 * 'reserving' refusal); idempotent calls read it without (so a repeat of a request that already paid the sale gets
 * the first answer) and check the reservation with checkPayable inside the attempt.
 */
export async function payableSale(
  db: Db,
  session: SessionHandle,
  now: Date,
  refundProtectionBp: number,
  live = true,
): Promise<PayableSale> {
  const sale = live ? await assertReservedSale(db, session, now) : await sessionSale(db, session);
  if (!sale) throw reservationProblem(undefined, now) ?? new HttpError(409, paymentMessages.notReserved);
  const [totals, organisers] = await Promise.all([
    loadSaleTotals(db, sale, refundProtectionBp, now),
    saleOrganisers(db, sale.id),
  ]);
  return { sale, amountMinor: totals.basketTotalMinor, currency: currencyOf(sale.currency).code, organisers };
}

/** The reservation check of payableSale, for inside an idempotent attempt. */
export function checkPayable(payable: PayableSale, now: Date): void {
  const problem = reservationProblem(payable.sale, now);
  if (problem) throw problem;
}

/** The session's sale whatever its status (a refunded or expired one still has an error or a bank payment to show). */
export async function sessionSale(db: Db, session: SessionHandle): Promise<Sale | undefined> {
  const row = await session.load();
  if (!row?.sale_id) return undefined;
  return db.selectFrom('sales').selectAll().where('id', '=', row.sale_id).executeTakeFirst();
}

/**
 * Something to pay, and every organiser of the basket able to take it (else the spec's 'No payment integration'
 * sentence, naming those who cannot): no paid method moves money for a basket that fails either.
 */
export function requireAmount(payable: PayableSale): void {
  if (payable.amountMinor <= 0) throw new HttpError(409, paymentMessages.nothingToPay);
  const missing = payable.organisers
    .filter((organiser) => !takesPayments(organiser))
    .map((organiser) => organiser.name);
  if (missing.length > 0) throw new HttpError(409, messages.noPaymentIntegration(namesList(missing)));
}

/** The sale's newest payment with a provider ('stripe', 'truelayer') that the provider has an id for. */
export function latestProviderPayment(db: DbOrTx, saleId: number, provider: string) {
  return db
    .selectFrom('sale_provider_payments')
    .selectAll()
    .where('sale_id', '=', saleId)
    .where('provider', '=', provider)
    .where('provider_payment_id', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function saleOfProviderPayment(db: DbOrTx, providerPaymentId: string) {
  return db
    .selectFrom('sale_provider_payments')
    .selectAll()
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();
}

/**
 * The checkout's sagepay_or_stripe: the card provider the sale used, or the one its card payment would use ('square'
 * for a square-type organiser's basket, 'stripe' otherwise); null for an empty basket.
 */
export function cardProviderOf(
  sale: Pick<Sale, 'card_provider'>,
  organisers: readonly Pick<BasketOrganiserPayment, 'payment_provider'>[],
): string | null {
  if (sale.card_provider) return sale.card_provider;
  if (organisers.length === 0) return null;
  return organisers.length === 1 && organisers[0]?.payment_provider === 'square' ? 'square' : 'stripe';
}
