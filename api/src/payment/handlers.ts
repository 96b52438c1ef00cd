import { isValidFullName, PHONE_PATTERN, splitFullName, type TruelayerStatus } from '@checkout/shared';
import * as awaitingBankMessages from '@checkout/shared/messages/awaiting-bank';
import * as commonMessages from '@checkout/shared/messages/common';
import * as sharedPaymentMessages from '@checkout/shared/messages/payment';
import type { AppDeps } from '../deps';
import { toDecimal } from '../catalogue/money';
import { failpoint } from '../failpoints';
import { HttpError } from '../http/errors';
import type { CallHandlers } from '../http/route';
import { RESERVING } from '../identity/checkout-sale';
import { findOrCreateAccount } from '../identity/users';
import { setMarketingPreferences } from '../preferences/marketing';
import { lockCurrentSale, secondsRemaining } from '../sale/current';
import { assertUsableBillingAddress, saveBillingAddress, usableBillingAddress } from './billing';
import { recordPaymentCard, squareSandboxCard } from './card-details';
import { claimStaleMs, idempotent } from './idempotency';
import { paymentMessages } from './messages';
import type { PaymentProviders, ProviderModes } from './providers';
import {
  isExpress,
  latestProviderPayment,
  checkPayable,
  payableSale,
  type PayableSale,
  requireAmount,
  saleOrganisers,
  sessionSale,
  squareOrganiser,
} from './sale-context';
import {
  attachProviderPayment,
  bankEndedOutcome,
  basketChangedRefusal,
  claimPayment,
  failPayment,
  type EndedOutcome,
} from './open-payment';
import { settleInTransaction, settleSalePaid, type SettleResult } from './settle';

const BANK_CURRENCIES = new Set(['GBP', 'EUR']);

/** The payment calls of spec section 7 (delivery and instalments are the DELIVERY helper's). */
export function paymentHandlers(deps: AppDeps, providers: PaymentProviders): CallHandlers {
  const { db, clock, config } = deps;
  const bp = config.sale.refundProtectionBp;
  const once = { db, clock, waitMs: config.payment.idempotencyWaitMs };
  const payable = (session: Parameters<typeof payableSale>[1]) => payableSale(db, session, clock.now(), bp);
  // For idempotent calls: read whatever the sale's status, checked again inside the attempt (checkPayable).
  const keyed = (session: Parameters<typeof payableSale>[1]) => payableSale(db, session, clock.now(), bp, false);
  const settle = (
    saleId: number,
    provider: string,
    providerPaymentId: string,
    amountMinor: number,
    currency: string,
  ): Promise<SettleResult> =>
    settleSalePaid(db, {
      saleId,
      provider,
      providerPaymentId,
      amountMinor,
      currency,
      now: clock.now(),
      refundProtectionBp: bp,
    });

  const openCtx = {
    db,
    clock,
    refundProtectionBp: bp,
    waitMs: config.payment.idempotencyWaitMs,
    staleMs: claimStaleMs(),
  };
  /** What makes two requests with one key the same: the price they were made at. */
  const priced = (sale: PayableSale) => ({
    amountMinor: sale.amountMinor,
    currency: sale.currency,
    version: sale.sale.basket_version,
  });

  /**
   * The sale's open card intent or bank payment, created at the provider when the sale has none for its price now;
   * every tab and key of one checkout gets the same one. A change of price during the provider's call cancels it.
   */
  async function openPayment(
    session: Parameters<typeof payableSale>[1],
    provider: 'stripe' | 'truelayer',
    key: string,
    /** How the provider's payment ended, or undefined when it is still open and can be handed out again. */
    endedAs: (id: string) => Promise<EndedOutcome | undefined>,
    create: (claim: {
      saleId: number;
      amountMinor: number;
      currency: string;
      providerKey: string;
      reference: string;
    }) => Promise<string>,
  ) {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const claim = await claimPayment(openCtx, session, { provider, reusable: true });
      if (claim.kind === 'reuse') {
        const ended = await endedAs(claim.row.provider_payment_id);
        if (ended === undefined) return claim.row;
        await failPayment(db, claim.row.id, clock.now(), ended);
        continue;
      }
      let providerId: string;
      try {
        providerId = await create({
          saleId: claim.sale.id,
          amountMinor: claim.row.amount_minor,
          currency: claim.row.currency,
          providerKey: claim.row.provider_key ?? key,
          reference: claim.sale.reference,
        });
      } catch (error) {
        await failPayment(db, claim.row.id, clock.now());
        throw error;
      }
      failpoint('card.after-intent');
      const row = await attachProviderPayment(db, claim.row.id, providerId, clock.now());
      if (row.status !== 'open') throw basketChangedRefusal();
      return { ...row, provider_payment_id: providerId };
    }
    throw new HttpError(409, paymentMessages.inProgress);
  }

  /** A method whose provider is off (no real provider, sandboxes not allowed) opens no payment. */
  function requireOffered(method: keyof ProviderModes): void {
    if (providers.modes[method] === 'off') throw new HttpError(409, paymentMessages.methodOff);
  }

  function assertBankOffered(sale: PayableSale): void {
    const stripeType = sale.organisers.some((organiser) => organiser.payment_provider === 'stripe');
    if (!BANK_CURRENCIES.has(sale.currency) || stripeType || isExpress(sale.sale, sale.organisers))
      throw new HttpError(409, paymentMessages.bankNotOffered);
  }

  const openBankPayment = (session: Parameters<typeof payableSale>[1], key: string) =>
    openPayment(
      session,
      'truelayer',
      key,
      async (id) => {
        const status = await providers.bank.status(id).catch(() => undefined);
        // Approved at the bank (authorising) or executed: this very payment's money is on its way and cannot be
        // cancelled. Replacing it would fail its slot, so when it executes it is refunded as a stale payment, and the
        // new one would charge the buyer a second time: the other tab waits for it instead.
        if (status === 'authorizing' || status === 'executed') throw new HttpError(409, paymentMessages.inProgress);
        if (status === 'pending') return undefined;
        return status === 'failed' || status === 'cancelled' ? bankEndedOutcome(status) : 'declined';
      },
      async (claim) =>
        (
          await providers.bank.createPayment({
            saleId: claim.saleId,
            amountMinor: claim.amountMinor,
            currency: claim.currency,
            idempotencyKey: claim.providerKey,
            reference: claim.reference,
          })
        ).id,
    );

  return {
    getToken: async ({ idempotency_key }, { request }) => {
      requireOffered('card');
      const sale = await keyed(request.session);
      // Safe to run again after a crash (the intent is created with the slot's key): resumable.
      return idempotent(
        { ...once, staleMs: claimStaleMs() },
        { saleId: sale.sale.id, key: idempotency_key, call: 'getToken', request: priced(sale) },
        async () => {
          checkPayable(sale, clock.now());
          requireAmount(sale);
          if (squareOrganiser(sale.organisers)) throw new HttpError(409, paymentMessages.squareNotOffered);
          const row = await openPayment(
            request.session,
            'stripe',
            idempotency_key,
            async (id) => {
              const intent = await providers.card.retrieveIntent(id).catch(() => undefined);
              if (intent?.status === 'succeeded') throw new HttpError(409, paymentMessages.alreadyPaid);
              // A bank debit or a 3-D Secure answer on its way: replacing the intent could take the money twice.
              if (intent?.status === 'processing' || intent?.status === 'requires_confirmation')
                throw new HttpError(409, paymentMessages.inProgress);
              const open = intent?.status === 'requires_payment_method' || intent?.status === 'requires_action';
              return open ? undefined : 'declined';
            },
            async (claim) =>
              (
                await providers.card.createIntent({
                  saleId: claim.saleId,
                  amountMinor: claim.amountMinor,
                  currency: claim.currency,
                  idempotencyKey: claim.providerKey,
                })
              ).id,
          );
          await db
            .updateTable('sales')
            .set({ card_provider: 'stripe', payment_error: null, updated_at: clock.now() })
            .where('id', '=', sale.sale.id)
            .execute();
          const intent = await providers.card.retrieveIntent(row.provider_payment_id);
          return { public_key: providers.card.publicKey, client_secret: intent.clientSecret };
        },
      );
    },

    claimFreeTickets: async ({ email, idempotency_key }, { request }) => {
      const sale = await keyed(request.session);
      return idempotent(
        once,
        {
          saleId: sale.sale.id,
          key: idempotency_key,
          call: 'claimFreeTickets',
          request: { email: email.toLowerCase(), ...priced(sale) },
        },
        async () => {
          checkPayable(sale, clock.now());
          if (sale.amountMinor !== 0) throw new HttpError(409, paymentMessages.notFree);
          // Priced and settled under one lock, the lock every basket change takes: free at the moment of the claim.
          const claim = await claimPayment(openCtx, request.session, { provider: 'free', reusable: false });
          const now = clock.now();
          const result = await db.transaction().execute(async (tx) => {
            // The sale's row before its payment row, the order every basket change takes them in (session, sale, then
            // the open payment it cancels): writing the payment row first deadlocked with a change made at this moment.
            await tx.selectFrom('sales').select('id').where('id', '=', claim.sale.id).forUpdate().execute();
            const providerPaymentId = `free_${claim.row.id}`;
            await tx
              .updateTable('sale_provider_payments')
              .set({ provider_payment_id: providerPaymentId, status: 'open', updated_at: now })
              .where('id', '=', claim.row.id)
              .where('status', '=', 'creating')
              .execute();
            const settled = await settleInTransaction(tx, {
              saleId: claim.sale.id,
              provider: 'free',
              providerPaymentId,
              amountMinor: 0,
              currency: claim.row.currency,
              now,
              refundProtectionBp: bp,
            });
            if (settled.outcome === 'paid' && !claim.sale.email)
              await tx.updateTable('sales').set({ email, updated_at: now }).where('id', '=', claim.sale.id).execute();
            return settled;
          });
          if (result.outcome !== 'paid') {
            await failPayment(db, claim.row.id, clock.now());
            throw result.mismatch
              ? new HttpError(409, paymentMessages.notFree)
              : new HttpError(409, commonMessages.checkoutExpired, undefined, RESERVING);
          }
          return { success: true };
        },
      );
    },

    createTruelayerPayment: async (_input, { request }) => {
      requireOffered('bank');
      const sale = await payable(request.session);
      requireAmount(sale);
      assertBankOffered(sale);
      const row = await openBankPayment(request.session, '');
      return { success: true, payment_id: row.provider_payment_id };
    },

    payWithTruelayer: async ({ contact_number, idempotency_key }, { request }) => {
      requireOffered('bank');
      const sale = await keyed(request.session);
      return idempotent(
        once,
        { saleId: sale.sale.id, key: idempotency_key, call: 'payWithTruelayer', request: priced(sale) },
        async () => {
          checkPayable(sale, clock.now());
          requireAmount(sale);
          assertBankOffered(sale);
          const row = await openBankPayment(request.session, idempotency_key);
          await db
            .updateTable('sales')
            .set({
              state: 'awaiting_truelayer',
              truelayer_returned_from: null,
              payment_error: null,
              ...(contact_number ? { contact_number } : {}),
              updated_at: clock.now(),
            })
            .where('id', '=', sale.sale.id)
            .where('status', '=', 'reserved')
            .execute();
          return { auth_url: await providers.bank.authUrl(row.provider_payment_id) };
        },
      );
    },

    getTruelayerStatus: async (_input, { request }) => {
      const sale = await sessionSale(db, request.session);
      const payment = sale ? await latestProviderPayment(db, sale.id, 'truelayer') : undefined;
      if (!sale || !payment?.provider_payment_id) throw new HttpError(409, paymentMessages.noBankPayment);
      const now = clock.now();
      const base: TruelayerStatus = {
        status: 'pending',
        payment_completed: false,
        reference: sale.reference,
        total: toDecimal(payment.amount_minor),
        checkout_expires_in: secondsRemaining(sale, now),
        truelayer_status_error: null,
      };
      if (sale.status === 'paid')
        return {
          truelayer_status: { ...base, status: 'executed', payment_completed: true, checkout_expires_in: null },
        };
      if (sale.status === 'refunded') {
        return {
          truelayer_status: {
            ...base,
            status: 'failed',
            checkout_expires_in: 0,
            truelayer_status_error: sale.refund_reason ?? awaitingBankMessages.paymentFailedExpired,
          },
        };
      }
      if (payment.status === 'refunded')
        return {
          truelayer_status: {
            ...base,
            status: 'failed',
            truelayer_status_error: sharedPaymentMessages.paymentRefundedBasketChanged,
          },
        };
      const bank = await providers.bank.retrieve(payment.provider_payment_id);
      if (bank.status === 'executed') {
        const result = await settle(sale.id, 'truelayer', payment.provider_payment_id, bank.amountMinor, bank.currency);
        if (result.outcome === 'paid')
          return {
            truelayer_status: { ...base, status: 'executed', payment_completed: true, checkout_expires_in: null },
          };
        return {
          truelayer_status: {
            ...base,
            status: 'failed',
            checkout_expires_in: result.mismatch ? secondsRemaining(sale, now) : 0,
            truelayer_status_error: result.reason,
          },
        };
      }
      if (payment.status === 'cancelled')
        return {
          truelayer_status: {
            ...base,
            status: 'failed',
            truelayer_status_error: sharedPaymentMessages.paymentCancelledBasketChanged,
          },
        };
      if (bank.status === 'failed' || bank.status === 'cancelled') {
        // Its slot is free for another payment; the first look at it counts it.
        await failPayment(db, payment.id, now, bankEndedOutcome(bank.status));
        const error = bank.status === 'failed' ? paymentMessages.bankFailed : paymentMessages.bankCancelled;
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
      const user = sale.sale.user_id
        ? await db
            .selectFrom('users')
            .select(['first_name', 'last_name'])
            .where('id', '=', sale.sale.user_id)
            .executeTakeFirst()
        : undefined;
      const names = user ?? splitFullName(sale.sale.full_name ?? '');
      const now = clock.now();
      if (contact_number)
        await db.updateTable('sales').set({ contact_number, updated_at: now }).where('id', '=', sale.sale.id).execute();
      return saveBillingAddress(db, sale.sale.id, address, names, now);
    },

    setAccountDetails: async (input, { request }) => {
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
      if (!isValidFullName(input.fullname)) errors.fullname = sharedPaymentMessages.expressFullNameRequired;
      if (needsPhone && !(input.contact_number && PHONE_PATTERN.test(input.contact_number)))
        errors.contact_number = sharedPaymentMessages.invalidPhone;
      const first = Object.values(errors)[0];
      if (first) throw new HttpError(400, first, errors);
      assertUsableBillingAddress(input.address);
      const names = splitFullName(input.fullname);
      const now = clock.now();
      const record = await db.transaction().execute(async (tx) => {
        const sessionRow = await request.session.lock(tx);
        const locked = await lockCurrentSale(tx, sessionRow);
        if (!locked || locked.id !== sale.sale.id)
          throw new HttpError(409, commonMessages.checkoutExpired, undefined, RESERVING);
        // Created or found with the same statements, and answered the same: nothing here tells whether the email had an
        // account. No proof of the email was given, so the session is not signed in to it, and the sale is the account's
        // only for a session already signed in to it (which proved the email by code). Otherwise the buyer stays this
        // sale's guest under the email given: the tickets go to that email, and the account's wallet, saved cards and
        // earlier orders open only after its one-time code.
        const account = await findOrCreateAccount(
          tx,
          {
            email: input.email,
            first_name: names.first_name,
            last_name: names.last_name,
            phone: input.contact_number || null,
            subscribed: input.ct_subscribed,
          },
          now,
        );
        const own = sessionRow.user_id !== null && sessionRow.user_id === account.id;
        await tx
          .updateTable('sales')
          .set({
            user_id: own ? account.id : null,
            email: own ? account.email : input.email.trim(),
            full_name: `${names.first_name} ${names.last_name}`,
            ...(input.contact_number ? { contact_number: input.contact_number } : {}),
            updated_at: now,
          })
          .where('id', '=', sale.sale.id)
          .execute();
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
      const user = sale.user_id
        ? await db
            .selectFrom('users')
            .select(['first_name', 'last_name'])
            .where('id', '=', sale.user_id)
            .executeTakeFirst()
        : undefined;
      return {
        opoa_users: organisers
          .filter((organiser) => organiser.payment_provider !== null && organiser.payment_merchant_id !== null)
          .map((organiser) => ({
            organiser_id: organiser.id,
            name: organiser.name,
            provider: organiser.payment_provider,
            merchant_id: organiser.payment_merchant_id,
          })),
        full_name: user ? `${user.first_name} ${user.last_name}`.trim() : sale.full_name,
      };
    },

    getSquareCredentials: async (_input, { request }) => {
      requireOffered('square');
      const sale = await payable(request.session);
      if (!squareOrganiser(sale.organisers)) throw new HttpError(409, paymentMessages.squareNotOffered);
      return providers.square.credentials();
    },

    payWithSquare: async ({ billing_address_data, source_id, verification_token, idempotency_key }, { request }) => {
      requireOffered('square');
      const sale = await keyed(request.session);
      if (!source_id)
        throw new HttpError(400, sharedPaymentMessages.payFailed, { source_id: sharedPaymentMessages.payFailed });
      // Not a charge: a corrected address may be sent again with the same key.
      if (!usableBillingAddress(billing_address_data))
        return { payment_completed: false, addressError: sharedPaymentMessages.addressNotFound };
      return idempotent(
        once,
        { saleId: sale.sale.id, key: idempotency_key, call: 'payWithSquare', request: { ...priced(sale), source_id } },
        async () => {
          checkPayable(sale, clock.now());
          requireAmount(sale);
          if (!squareOrganiser(sale.organisers)) throw new HttpError(409, paymentMessages.squareNotOffered);
          // The charge is taken in this request: the sale's slot is held while it runs, so a second tab waits for it
          // (and finds the sale paid) instead of charging again.
          let claim;
          try {
            claim = await claimPayment(openCtx, request.session, { provider: 'square', reusable: false });
          } catch (error) {
            if (error instanceof HttpError && (await sessionSale(db, request.session))?.status === 'paid')
              return { payment_completed: true };
            throw error;
          }
          const { row } = claim;
          let result;
          try {
            result = await providers.square.createPayment({
              saleId: claim.sale.id,
              amountMinor: row.amount_minor,
              currency: row.currency,
              idempotencyKey: row.provider_key ?? idempotency_key,
              sourceId: source_id,
              ...(verification_token ? { verificationToken: verification_token } : {}),
            });
          } catch (error) {
            await failPayment(db, row.id, clock.now());
            throw error;
          }
          const now = clock.now();
          if (result.status === 'VERIFY_BUYER') {
            await failPayment(db, row.id, now);
            return { payment_completed: false, square_verify_buyer: true };
          }
          if (result.status === 'FAILED') {
            await failPayment(db, row.id, now);
            await db
              .updateTable('sales')
              .set({ payment_error: result.error, updated_at: now })
              .where('id', '=', claim.sale.id)
              .execute();
            return { payment_completed: false, error: result.error };
          }
          await attachProviderPayment(db, row.id, result.paymentId, now);
          await recordPaymentCard(db, result.paymentId, result.card ?? (await squareSandboxCard(db, source_id)));
          await saveBillingAddress(
            db,
            claim.sale.id,
            billing_address_data,
            splitFullName(claim.sale.full_name ?? ''),
            now,
          );
          await db.updateTable('sales').set({ card_provider: 'square' }).where('id', '=', claim.sale.id).execute();
          // Settling compares what was charged with the basket now: a change meanwhile refunds the charge.
          const settled = await settle(claim.sale.id, 'square', result.paymentId, result.amountMinor, result.currency);
          return settled.outcome === 'paid'
            ? { payment_completed: true }
            : { payment_completed: false, error: settled.reason };
        },
      );
    },
  };
}
