import * as messages from '@checkout/shared/messages/awaiting-bank';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { currencyOf, toDecimal } from '../catalogue/money';
import type { AppDeps } from '../deps';
import { failpoint } from '../platform/failpoints';
import { HttpError } from '../http/errors';
import { validationError } from '../http/validation';
import { enqueueJob } from '../jobs/queue';
import { recordPayment } from '../observability/metrics';
import { pageScript } from '../web/page-scripts';
import { BANK_PORTAL_PATH, renderBankPortal } from './pages/sandbox-bank';
import { renderThreeDsPage, THREE_DS_PATH } from './pages/sandbox-3ds';
import { cardOfNumber, recordPaymentCard } from './card-details';
import { paymentMessages } from './messages';
import type { PaymentProviders } from './providers';
import { ProviderError } from './providers/types';
import { saleOfProviderPayment } from './sale-context';
import { settleSalePaid } from './settle';

export const PAYMENT_PATHS = {
  confirm: '/sandbox/stripe/confirm',
  paymentMethods: '/sandbox/stripe/payment_methods',
  threeDs: THREE_DS_PATH,
  stripeReturn: '/do/checkout/stripe_auth/',
  squareTokenize: '/sandbox/square/tokenize',
  squareScript: '/ajax/checkout/checkout/javascript-square/',
  bankPortal: BANK_PORTAL_PATH,
} as const;

export const BANK_SETTLE_JOB = 'payment.bank-settle';

const HTML = 'text/html; charset=utf-8';
const id = (prefix: string) =>
  z.string().check(z.trim(), z.minLength(4), z.maxLength(100), z.regex(new RegExp(`^${prefix}_[A-Za-z0-9]+$`)));
const digits = (min: number, max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(1),
    z.maxLength(4),
    z.regex(/^\d+$/),
    z.refine((v) => Number(v) >= min && Number(v) <= max, `must be between ${min} and ${max}`),
  );
const CardSchema = {
  number: z.string().check(z.trim(), z.minLength(12), z.maxLength(23), z.regex(/^[\d\s-]+$/)),
  exp_month: digits(1, 12),
  exp_year: digits(0, 2200),
  cvc: z.string().check(z.trim(), z.minLength(3), z.maxLength(4), z.regex(/^\d+$/)),
};
const ConfirmSchema = z.object({
  client_secret: z.string().check(z.trim(), z.minLength(10), z.maxLength(200)),
  ...CardSchema,
  postcode: z.optional(z.string().check(z.maxLength(20))),
});
const PaymentMethodSchema = z.object({ ...CardSchema, name: z.optional(z.string().check(z.trim(), z.maxLength(200))) });
const TokenizeSchema = z.object({ ...CardSchema, postcode: z.optional(z.string().check(z.maxLength(20))) });
const ThreeDsQuery = z.object({ pi: id('pi') });
const ThreeDsForm = z.object({ pi: id('pi'), outcome: z.enum(['complete', 'fail', 'return']) });
const ReturnQuery = z.object({
  payment_intent: z.string().check(z.trim(), z.minLength(4), z.maxLength(255)),
  redirect_status: z.optional(z.string().check(z.maxLength(40))),
});
const BankQuery = z.object({ payment_id: id('bp') });
const BankForm = z.object({ payment_id: id('bp'), action: z.enum(['approve', 'cancel', 'fail']) });

function parse<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw validationError(parsed.error.issues, input ?? {});
  return parsed.data;
}

const card = (input: z.output<typeof ConfirmSchema> | z.output<typeof PaymentMethodSchema>) => ({
  number: input.number,
  exp_month: Number(input.exp_month),
  exp_year: Number(input.exp_year),
  cvc: input.cvc,
});

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * Settles the sale a succeeded card intent pays for (the sandbox's stand-in for Stripe's webhook) or, when it did
 * not succeed, stores its error for get_payment_error. Answers whether the sale is paid now.
 */
async function afterCardIntent(
  deps: AppDeps,
  providers: PaymentProviders,
  intentId: string,
): Promise<{ paid: boolean; error: string | null }> {
  const { db, clock, config } = deps;
  const link = await saleOfProviderPayment(db, intentId);
  if (!link) return { paid: false, error: paymentMessages.unknownIntent };
  const intent = await providers.card.retrieveIntent(intentId);
  const now = clock.now();
  if (intent.status === 'succeeded') {
    const result = await settleSalePaid(db, {
      saleId: link.sale_id,
      provider: 'stripe',
      providerPaymentId: intentId,
      amountMinor: intent.amountMinor,
      currency: intent.currency,
      now,
      refundProtectionBp: config.sale.refundProtectionBp,
    });
    return result.outcome === 'paid' ? { paid: true, error: null } : { paid: false, error: result.reason };
  }
  const error = intent.lastError ?? paymentMessages.authenticationFailed;
  // A card intent stays open after a decline (the buyer may try another card), so it is counted here, not by failPayment.
  recordPayment('stripe', 'declined');
  await db
    .updateTable('sales')
    .set({ payment_error: error, state: 'payment', updated_at: now })
    .where('id', '=', link.sale_id)
    .where('status', '=', 'reserved')
    .execute();
  await db
    .updateTable('sales')
    .set({ payment_error: error, updated_at: now })
    .where('id', '=', link.sale_id)
    .where('status', '!=', 'reserved')
    .where('status', '!=', 'paid')
    .execute();
  return { paid: false, error };
}

/** Routes under the session context (the page calls them with its XSRF header): the card and square sandboxes, the card return. */
export function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps, providers: PaymentProviders): void {
  const sandboxCard = providers.sandboxes.card;
  if (sandboxCard) {
    app.post(PAYMENT_PATHS.confirm, async (request, reply) => {
      const input = parse(ConfirmSchema, request.body);
      noStore(reply);
      try {
        const result = await sandboxCard.confirmWithCard(input.client_secret, card(input));
        // The card that paid (or will, after 3-D Secure), for the receipt: brand and last four only.
        await recordPaymentCard(deps.db, result.intent.id, cardOfNumber(input.number));
        if (result.status === 'requires_action') return { status: 'requires_action', redirect_url: result.redirectUrl };
        failpoint('card.after-charge');
        const settled = await afterCardIntent(deps, providers, result.intent.id);
        if (!settled.paid)
          return reply
            .code(402)
            .send({ error: { code: 'payment_refunded', message: settled.error ?? messages.paymentFailedExpired } });
        return { status: 'succeeded' };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.statusCode === 404) throw new HttpError(404, error.message);
        const intent = await sandboxCard.intentBySecret(input.client_secret);
        if (intent) await afterCardIntent(deps, providers, intent.id);
        return reply.code(402).send({ error: { code: error.code, message: error.message } });
      }
    });

    app.post(PAYMENT_PATHS.paymentMethods, async (request, reply) => {
      const input = parse(PaymentMethodSchema, request.body);
      noStore(reply);
      try {
        return await sandboxCard.createPaymentMethod({ ...card(input), ...(input.name ? { name: input.name } : {}) });
      } catch (error) {
        if (error instanceof ProviderError)
          return reply.code(402).send({ error: { code: error.code, message: error.message } });
        throw error;
      }
    });
  }

  const sandboxSquare = providers.sandboxes.square;
  if (sandboxSquare) {
    app.post(PAYMENT_PATHS.squareTokenize, async (request, reply) => {
      const input = parse(TokenizeSchema, request.body);
      return noStore(reply).send(await sandboxSquare.tokenize(card(input)));
    });

    // At the contract's fixed address, so revalidated rather than cached for good like the pages' hashed scripts.
    const squareSandbox = pageScript(__dirname, 'square-sandbox');
    app.get(PAYMENT_PATHS.squareScript, async (_request, reply) =>
      reply.type(squareSandbox.type).header('cache-control', 'no-cache').send(squareSandbox.body),
    );
  }

  // The card provider's return page (/do/checkout/{card_provider}_auth/): the query is only a hint; the
  // intent's status comes from the provider.
  app.get(PAYMENT_PATHS.stripeReturn, async (request, reply) => {
    const input = parse(ReturnQuery, request.query);
    try {
      await afterCardIntent(deps, providers, input.payment_intent);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
    }
    // Marked like the bank's return: the page keeps Back from reaching the provider's page, which is answered.
    return noStore(reply).redirect('/checkout/?card_return=1', 303);
  });
}

/**
 * The sandbox pages a real provider would host on its own site (3-D Secure challenge, bank portal): outside the
 * session context, so plain HTML forms work without our XSRF header. The intent or payment id (128 random bits) is
 * what grants access, as at the real provider.
 */
export function registerSandboxPortals(app: FastifyInstance, deps: AppDeps, providers: PaymentProviders): void {
  const { db, clock } = deps;
  const sandboxCard = providers.sandboxes.card;
  if (sandboxCard) {
    app.get(PAYMENT_PATHS.threeDs, async (request, reply) => {
      const { pi } = parse(ThreeDsQuery, request.query);
      const intent = await sandboxCard.retrieveIntent(pi).catch(() => undefined);
      if (!intent) throw new HttpError(404, paymentMessages.unknownIntent);
      const link = await saleOfProviderPayment(db, pi);
      return noStore(reply)
        .type(HTML)
        .send(
          renderThreeDsPage({
            intentId: pi,
            amount: toDecimal(intent.amountMinor),
            currencySymbol: currencyOf(link?.currency ?? intent.currency).symbol,
            answered: intent.status !== 'requires_action',
          }),
        );
    });

    app.post(PAYMENT_PATHS.threeDs, async (request, reply) => {
      const { pi, outcome } = parse(ThreeDsForm, request.body);
      const before = await sandboxCard.retrieveIntent(pi).catch(() => undefined);
      if (!before) throw new HttpError(404, paymentMessages.unknownIntent);
      const intent = outcome === 'return' ? before : await sandboxCard.completeAuthentication(pi, outcome);
      const status = intent.status === 'succeeded' ? 'succeeded' : 'failed';
      return noStore(reply).redirect(
        `${PAYMENT_PATHS.stripeReturn}?payment_intent=${encodeURIComponent(pi)}&redirect_status=${status}`,
        303,
      );
    });
  }

  const bank = providers.sandboxes.bank;
  if (!bank) return;
  app.get(PAYMENT_PATHS.bankPortal, async (request, reply) => {
    const { payment_id } = parse(BankQuery, request.query);
    const payment = await bank.payment(payment_id);
    if (!payment) throw new HttpError(404, paymentMessages.noBankPayment);
    return noStore(reply)
      .type(HTML)
      .send(
        renderBankPortal({
          paymentId: payment.id,
          amount: toDecimal(payment.amount_minor),
          currencySymbol: currencyOf(payment.currency).symbol,
          reference: payment.reference,
          decided: payment.status === 'pending' ? null : payment.status,
        }),
      );
  });

  app.post(PAYMENT_PATHS.bankPortal, async (request, reply) => {
    const { payment_id, action } = parse(BankForm, request.body);
    const payment = await bank.payment(payment_id);
    if (!payment) throw new HttpError(404, paymentMessages.noBankPayment);
    const now = clock.now();
    const status = await bank.decide(payment_id, action);
    const link = await saleOfProviderPayment(db, payment_id);
    const executesAt = status === 'authorizing' ? (await bank.payment(payment_id))?.executes_at : null;
    if (link) {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('sales')
          .set({
            truelayer_returned_from: action === 'cancel' ? 0 : 1,
            ...(status === 'failed' ? { payment_error: paymentMessages.bankFailed } : {}),
            updated_at: now,
          })
          .where('id', '=', link.sale_id)
          .execute();
        // The buyer may never come back: a durable job settles the payment once the bank executes it.
        if (executesAt) {
          await enqueueJob(
            tx,
            {
              kind: BANK_SETTLE_JOB,
              payload: { paymentId: payment_id },
              runAt: executesAt,
              dedupeKey: `bank-settle:${payment_id}`,
              maxAttempts: 20,
            },
            now,
          );
        }
      });
    }
    return noStore(reply).redirect('/checkout/?truelayer_return=1', 303);
  });
}
