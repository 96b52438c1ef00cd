import { isValidFullName, messages, PHONE_PATTERN, splitFullName, type TruelayerStatus } from '@checkout/shared';
import type { AppDeps } from '../deps';
import { toDecimal } from '../catalogue/money';
import { failpoint } from '../failpoints';
import { HttpError } from '../http/errors';
import type { CallHandlers } from '../http/route';
import { RESERVING } from '../identity/checkout-sale';
import { rotateSession } from '../identity/session';
import { findUserByEmail } from '../identity/users';
import { setMarketingPreferences } from '../preferences/marketing';
import { lockCurrentSale, secondsRemaining } from '../sale/current';
import { assertUsableBillingAddress, saveBillingAddress, usableBillingAddress } from './billing';
import { claimStaleMs, idempotent } from './idempotency';
import { paymentMessages } from './messages';
import type { PaymentProviders } from './providers';
import {
  isExpress,
  latestProviderPayment,
  checkPayable,
  payableSale,
  requireAmount,
  saleOrganisers,
  sessionSale,
  squareOrganiser,
} from './sale-context';
import { settleSalePaid, type SettleResult } from './settle';

const BANK_CURRENCIES = new Set(['GBP', 'EUR']);

/** The payment calls of spec section 7 (delivery and instalments are the DELIVERY helper's). */
export function paymentHandlers(deps: AppDeps, providers: PaymentProviders): CallHandlers {
  const { db, clock, config } = deps;
  const bp = config.sale.refundProtectionBp;
  const once = { db, clock, waitMs: config.payment.idempotencyWaitMs };
  const payable = (session: Parameters<typeof payableSale>[1]) => payableSale(db, session, clock.now(), bp);
  // For idempotent calls: read whatever the sale's status, checked again inside the attempt (checkPayable).
  const keyed = (session: Parameters<typeof payableSale>[1]) => payableSale(db, session, clock.now(), bp, false);
  const settle = (saleId: number, provider: string, providerPaymentId: string, amountMinor: number, currency: string): Promise<SettleResult> =>
    settleSalePaid(db, { saleId, provider, providerPaymentId, amountMinor, currency, now: clock.now(), refundProtectionBp: bp });

  return {
    getToken: async ({ idempotency_key }, { request }) => {
      const sale = await keyed(request.session);
      const { amountMinor, currency } = sale;
      // Safe to run again after a crash (the intent is created with the key, the open intent reused): resumable.
      return idempotent({ ...once, staleMs: claimStaleMs() }, { saleId: sale.sale.id, key: idempotency_key, call: 'getToken', request: { amountMinor, currency } }, async () => {
        checkPayable(sale, clock.now());
        requireAmount(sale);
        if (squareOrganiser(sale.organisers)) throw new HttpError(409, paymentMessages.squareNotOffered);
        // A new Pay attempt reuses the sale's open intent for the same amount: one intent, at most one charge.
        const open = await latestProviderPayment(db, sale.sale.id, 'stripe');
        if (open && open.amount_minor === amountMinor && open.currency === currency) {
          const intent = await providers.card.retrieveIntent(open.provider_payment_id).catch(() => undefined);
          if (intent && (intent.status === 'requires_payment_method' || intent.status === 'requires_action')) {
            return { public_key: providers.card.publicKey, client_secret: intent.clientSecret };
          }
          if (intent?.status === 'succeeded') throw new HttpError(409, paymentMessages.alreadyPaid);
        }
        const intent = await providers.card.createIntent({ saleId: sale.sale.id, amountMinor, currency, idempotencyKey: idempotency_key });
        failpoint('card.after-intent');
        const now = clock.now();
        await db
          .insertInto('sale_provider_payments')
          .values({ sale_id: sale.sale.id, provider: 'stripe', provider_payment_id: intent.id, amount_minor: amountMinor, currency, created_at: now })
          .execute();
        await db.updateTable('sales').set({ card_provider: 'stripe', payment_error: null, updated_at: now }).where('id', '=', sale.sale.id).execute();
        return { public_key: providers.card.publicKey, client_secret: intent.clientSecret };
      });
    },

    claimFreeTickets: async ({ email, idempotency_key }, { request }) => {
      const sale = await keyed(request.session);
      return idempotent(once, { saleId: sale.sale.id, key: idempotency_key, call: 'claimFreeTickets', request: { email: email.toLowerCase(), amountMinor: sale.amountMinor } }, async () => {
        checkPayable(sale, clock.now());
        if (sale.amountMinor !== 0) throw new HttpError(409, paymentMessages.notFree);
        if (!sale.sale.email) await db.updateTable('sales').set({ email, updated_at: clock.now() }).where('id', '=', sale.sale.id).execute();
        const result = await settle(sale.sale.id, 'free', `free_${sale.sale.id}`, 0, sale.currency);
        if (result.outcome !== 'paid') throw new HttpError(409, messages.checkoutExpired, undefined, RESERVING);
        return { success: true };
      });
    },

    createTruelayerPayment: async (_input, { request }) => {
      const sale = await payable(request.session);
      requireAmount(sale);
      const stripeType = sale.organisers.some((organiser) => organiser.payment_provider === 'stripe');
      if (!BANK_CURRENCIES.has(sale.currency) || stripeType || isExpress(sale.sale, sale.organisers)) throw new HttpError(409, paymentMessages.bankNotOffered);
      const payment = await providers.bank.createPayment({ saleId: sale.sale.id, amountMinor: sale.amountMinor, currency: sale.currency, idempotencyKey: '', reference: sale.sale.reference });
      await db
        .insertInto('sale_provider_payments')
        .values({ sale_id: sale.sale.id, provider: 'truelayer', provider_payment_id: payment.id, amount_minor: sale.amountMinor, currency: sale.currency, created_at: clock.now() })
        .execute();
      return { success: true, payment_id: payment.id };
    },

    payWithTruelayer: async ({ contact_number, idempotency_key }, { request }) => {
      const sale = await keyed(request.session);
      const { amountMinor, currency } = sale;
      return idempotent(once, { saleId: sale.sale.id, key: idempotency_key, call: 'payWithTruelayer', request: { amountMinor, currency } }, async () => {
        checkPayable(sale, clock.now());
        requireAmount(sale);
        const stripeType = sale.organisers.some((organiser) => organiser.payment_provider === 'stripe');
        if (!BANK_CURRENCIES.has(sale.currency) || stripeType || isExpress(sale.sale, sale.organisers)) throw new HttpError(409, paymentMessages.bankNotOffered);
        const open = await latestProviderPayment(db, sale.sale.id, 'truelayer');
        let paymentId = open && open.amount_minor === amountMinor && open.currency === currency ? open.provider_payment_id : undefined;
        if (paymentId && (await providers.bank.status(paymentId)) !== 'pending') paymentId = undefined;
        const now = clock.now();
        if (!paymentId) {
          paymentId = (await providers.bank.createPayment({ saleId: sale.sale.id, amountMinor, currency, idempotencyKey: idempotency_key, reference: sale.sale.reference })).id;
          await db.insertInto('sale_provider_payments').values({ sale_id: sale.sale.id, provider: 'truelayer', provider_payment_id: paymentId, amount_minor: amountMinor, currency, created_at: now }).execute();
        }
        await db
          .updateTable('sales')
          .set({ state: 'awaiting_truelayer', truelayer_returned_from: null, payment_error: null, ...(contact_number ? { contact_number } : {}), updated_at: now })
          .where('id', '=', sale.sale.id)
          .execute();
        return { auth_url: providers.bank.authUrl(paymentId) };
      });
    },

    getTruelayerStatus: async (_input, { request }) => {
      const sale = await sessionSale(db, request.session);
      const payment = sale ? await latestProviderPayment(db, sale.id, 'truelayer') : undefined;
      if (!sale || !payment) throw new HttpError(409, paymentMessages.noBankPayment);
      const now = clock.now();
      const base: TruelayerStatus = {
        status: 'pending',
        payment_completed: false,
        reference: sale.reference,
        total: toDecimal(payment.amount_minor),
        checkout_expires_in: secondsRemaining(sale, now),
        truelayer_status_error: null,
      };
      if (sale.status === 'paid') return { truelayer_status: { ...base, status: 'executed', payment_completed: true, checkout_expires_in: null } };
      if (sale.status === 'refunded') {
        return { truelayer_status: { ...base, status: 'failed', checkout_expires_in: 0, truelayer_status_error: sale.refund_reason ?? messages.paymentFailedExpired } };
      }
      const status = await providers.bank.status(payment.provider_payment_id);
      if (status === 'executed') {
        const result = await settle(sale.id, 'truelayer', payment.provider_payment_id, payment.amount_minor, payment.currency);
        if (result.outcome === 'paid') return { truelayer_status: { ...base, status: 'executed', payment_completed: true, checkout_expires_in: null } };
        return { truelayer_status: { ...base, status: 'failed', checkout_expires_in: 0, truelayer_status_error: result.reason } };
      }
      if (status === 'failed' || status === 'cancelled') {
        const error = status === 'failed' ? paymentMessages.bankFailed : paymentMessages.bankCancelled;
        return { truelayer_status: { ...base, status: 'failed', truelayer_status_error: error } };
      }
      return { truelayer_status: base };
    },

    getPaymentError: async (_input, { request }) => {
      const sale = await sessionSale(db, request.session);
      return sale?.payment_error ?? '';
    },

    setBillingAddress: async ({ address, contact_number }, { request }) => {
      const sale = await payable(request.session);
      assertUsableBillingAddress(address);
      const user = sale.sale.user_id ? await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', sale.sale.user_id).executeTakeFirst() : undefined;
      const names = user ?? splitFullName(sale.sale.full_name ?? '');
      const now = clock.now();
      if (contact_number) await db.updateTable('sales').set({ contact_number, updated_at: now }).where('id', '=', sale.sale.id).execute();
      return saveBillingAddress(db, sale.sale.id, address, names, now);
    },

    setAccountDetails: async (input, { request, reply }) => {
      const sale = await payable(request.session);
      if (!isExpress(sale.sale, sale.organisers)) throw new HttpError(409, paymentMessages.notExpress);
      const needsPhone = await db
        .selectFrom('sale_lines as l')
        .innerJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
        .innerJoin('events as e', 'e.id', 't.event_id')
        .select('e.id')
        .where('l.sale_id', '=', sale.sale.id)
        .where('e.require_phone_number', '=', true)
        .executeTakeFirst();
      const errors: Record<string, string> = {};
      if (!isValidFullName(input.fullname)) errors.fullname = messages.expressFullNameRequired;
      if (needsPhone && !(input.contact_number && PHONE_PATTERN.test(input.contact_number))) errors.contact_number = messages.invalidPhone;
      const first = Object.values(errors)[0];
      if (first) throw new HttpError(400, first, errors);
      assertUsableBillingAddress(input.address);
      const names = splitFullName(input.fullname);
      const now = clock.now();
      const record = await db.transaction().execute(async (tx) => {
        const sessionRow = await request.session.lock(tx);
        const locked = await lockCurrentSale(tx, sessionRow);
        if (!locked || locked.id !== sale.sale.id) throw new HttpError(409, messages.checkoutExpired, undefined, RESERVING);
        let user = await findUserByEmail(tx, input.email);
        let created = false;
        if (!user) {
          user = await tx
            .insertInto('users')
            .values({ email: input.email.trim(), first_name: names.first_name, last_name: names.last_name, phone: input.contact_number || null, created_at: now, updated_at: now })
            .returningAll()
            .executeTakeFirstOrThrow();
          created = true;
        }
        await tx
          .updateTable('sales')
          .set({ user_id: user.id, email: user.email, full_name: `${names.first_name} ${names.last_name}`, ...(input.contact_number ? { contact_number: input.contact_number } : {}), updated_at: now })
          .where('id', '=', sale.sale.id)
          .execute();
        // A new account is the buyer's own: the session signs in to it (with a new id). An existing account only
        // receives the tickets; signing in to it still needs its one-time code.
        if (created && sessionRow.user_id === null) {
          await tx.updateTable('sessions').set({ user_id: user.id }).where('id', '=', sessionRow.id).execute();
          await rotateSession(deps.sessions, request, reply, tx);
        }
        return saveBillingAddress(tx, sale.sale.id, input.address, names, now);
      });
      request.session.forget();
      await setMarketingPreferences(db, clock, request.session, {
        ct_subscribed: input.ct_subscribed,
        event_subscribed: false,
        organiser_subscribed_marketing: input.organiser_subscribed_marketing,
      });
      return record;
    },

    getOpoaUsers: async (_input, { request }) => {
      const sale = await sessionSale(db, request.session);
      if (!sale) return { opoa_users: [], full_name: null };
      const organisers = await saleOrganisers(db, sale.id);
      const user = sale.user_id ? await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', sale.user_id).executeTakeFirst() : undefined;
      return {
        opoa_users: organisers
          .filter((organiser) => organiser.payment_provider !== null && organiser.payment_merchant_id !== null)
          .map((organiser) => ({ organiser_id: organiser.id, name: organiser.name, provider: organiser.payment_provider, merchant_id: organiser.payment_merchant_id })),
        full_name: user ? `${user.first_name} ${user.last_name}`.trim() : sale.full_name,
      };
    },

    getSquareCredentials: async (_input, { request }) => {
      const sale = await payable(request.session);
      if (!squareOrganiser(sale.organisers)) throw new HttpError(409, paymentMessages.squareNotOffered);
      return providers.square.credentials();
    },

    payWithSquare: async ({ billing_address_data, source_id, verification_token, idempotency_key }, { request }) => {
      const sale = await keyed(request.session);
      if (!source_id) throw new HttpError(400, messages.payFailed, { source_id: messages.payFailed });
      // Not a charge: a corrected address may be sent again with the same key.
      if (!usableBillingAddress(billing_address_data)) return { payment_completed: false, addressError: messages.addressNotFound };
      const { amountMinor, currency } = sale;
      return idempotent(once, { saleId: sale.sale.id, key: idempotency_key, call: 'payWithSquare', request: { amountMinor, currency, source_id } }, async () => {
        checkPayable(sale, clock.now());
        requireAmount(sale);
        if (!squareOrganiser(sale.organisers)) throw new HttpError(409, paymentMessages.squareNotOffered);
        const result = await providers.square.createPayment({ saleId: sale.sale.id, amountMinor, currency, idempotencyKey: idempotency_key, sourceId: source_id, ...(verification_token ? { verificationToken: verification_token } : {}) });
        const now = clock.now();
        if (result.status === 'VERIFY_BUYER') return { payment_completed: false, square_verify_buyer: true };
        if (result.status === 'FAILED') {
          await db.updateTable('sales').set({ payment_error: result.error, updated_at: now }).where('id', '=', sale.sale.id).execute();
          return { payment_completed: false, error: result.error };
        }
        await db.insertInto('sale_provider_payments').values({ sale_id: sale.sale.id, provider: 'square', provider_payment_id: result.paymentId, amount_minor: amountMinor, currency, created_at: now }).execute();
        await saveBillingAddress(db, sale.sale.id, billing_address_data, splitFullName(sale.sale.full_name ?? ''), now);
        await db.updateTable('sales').set({ card_provider: 'square' }).where('id', '=', sale.sale.id).execute();
        const settled = await settle(sale.sale.id, 'square', result.paymentId, amountMinor, currency);
        return settled.outcome === 'paid' ? { payment_completed: true } : { payment_completed: false, error: settled.reason };
      });
    },
  };
}
