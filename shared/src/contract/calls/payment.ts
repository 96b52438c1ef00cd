import * as z from 'zod/mini';
import * as awaitingBankMessages from '../../messages/awaiting-bank';
import * as paymentMessages from '../../messages/payment';
import { defineCall } from '../call';
import { AddressRecordSchema, BillingAddressSchema, NewCardPayloadSchema, TruelayerStatusSchema } from '../entities';
import {
  EmptyRequestSchema,
  formBool,
  formEmail,
  formIdFlags,
  formInt,
  formName,
  formOptionalPhone,
  formPhone,
  formText,
  TEXT_LIMITS,
} from '../form-fields';
import { AckResponseSchema, SuccessResponseSchema } from './acks';
import { NEW_PAYMENT_METHOD, OPEN_BANKING_PROVIDER } from './payment-constants';

/**
 * Every call that can move money carries one (payment protocol): the page makes a key per Pay attempt and sends it
 * again on a retry or double click; the server answers a repeated key with the first answer and charges once.
 */
export const formIdempotencyKey = z
  .string()
  .check(z.trim(), z.minLength(16), z.maxLength(80), z.regex(/^[A-Za-z0-9_:.-]+$/));

export { OPEN_BANKING_PROVIDER, NEW_PAYMENT_METHOD } from './payment-constants';

export const payWithTruelayer = defineCall({
  name: 'payWithTruelayer',
  method: 'POST',
  path: '/ajax/checkout/checkout/pay_with_truelayer/',
  request: () => z.object({ contact_number: formOptionalPhone, idempotency_key: formIdempotencyKey }),
  response: () => z.object({ auth_url: z.string() }),
  failure: paymentMessages.openBankingRedirectFailed(OPEN_BANKING_PROVIDER),
});

export const getToken = defineCall({
  name: 'getToken',
  method: 'POST',
  path: '/ajax/checkout/stripe/get_token/',
  request: () => z.object({ idempotency_key: formIdempotencyKey }),
  response: () => z.object({ public_key: z.string(), client_secret: z.string() }),
  failure: paymentMessages.stripeTokenFailed,
});

/** Express checkout: creates the buyer's account and answers the billing address record. */
export const setAccountDetails = defineCall({
  name: 'setAccountDetails',
  method: 'POST',
  path: '/ajax/checkout/checkout/set_account_details/',
  request: () =>
    z.object({
      fullname: formName,
      email: formEmail,
      address: BillingAddressSchema,
      contact_number: formOptionalPhone,
      organiser_subscribed_marketing: formIdFlags,
      ct_subscribed: z._default(formBool, false),
    }),
  response: () => AddressRecordSchema,
  failure: paymentMessages.addressNotFound,
});

export const setBillingAddress = defineCall({
  name: 'setBillingAddress',
  method: 'POST',
  path: '/ajax/checkout/checkout/set_billing_address/',
  request: () => z.object({ address: BillingAddressSchema, contact_number: formOptionalPhone }),
  response: () => AddressRecordSchema,
  failure: paymentMessages.addressNotFound,
});

/**
 * Square-type payment. The spec shows billing_address_data; the card token and buyer verification token from the
 * provider's widget travel beside it.
 */
export const payWithSquare = defineCall({
  name: 'payWithSquare',
  method: 'POST',
  path: '/ajax/checkout/checkout/pay-with-square/',
  request: () =>
    z.object({
      billing_address_data: BillingAddressSchema,
      source_id: z.optional(formText(TEXT_LIMITS.token)),
      verification_token: z.optional(formText(TEXT_LIMITS.token)),
      idempotency_key: formIdempotencyKey,
    }),
  response: () =>
    z.looseObject({
      payment_completed: z.optional(z.boolean()),
      addressError: z.optional(z.nullable(z.string())),
      error: z.optional(z.nullable(z.string())),
      square_verify_buyer: z.optional(z.unknown()),
    }),
  failure: paymentMessages.payFailed,
});

/** The spec shows neither the rows' shape nor a message for this call. */
export const getOpoaUsers = defineCall({
  name: 'getOpoaUsers',
  method: 'POST',
  path: '/ajax/checkout/checkout/get_opoa_users/',
  request: () => EmptyRequestSchema,
  response: () => z.object({ opoa_users: z.array(z.looseObject({})), full_name: z.nullable(z.string()) }),
  failure: '',
});

/** The square script itself then loads from /ajax/checkout/checkout/javascript-square/. */
export const getSquareCredentials = defineCall({
  name: 'getSquareCredentials',
  method: 'POST',
  path: '/ajax/checkout/checkout/get_square_credentials/',
  request: () => EmptyRequestSchema,
  response: () =>
    z.object({ app_id: z.string(), location_id: z.string(), checkout_js: z.optional(z.nullable(z.string())) }),
  failure: paymentMessages.squareCredentialsFailed,
});

export const payWithInstalment = defineCall({
  name: 'payWithInstalment',
  method: 'POST',
  path: '/ajax/checkout/checkout/pay_with_instalment/',
  request: () =>
    z
      .object({
        /** Number of months; the 1-month key is never an instalment choice. */
        instalment_option: formInt({ min: 2, max: 120 }),
        contact_number: formPhone,
        selected_payment_method_id: formText(255),
        new_payment_method: z.optional(NewCardPayloadSchema),
        idempotency_key: formIdempotencyKey,
      })
      .check(
        z.refine(
          (p) => p.selected_payment_method_id !== NEW_PAYMENT_METHOD || p.new_payment_method !== undefined,
          'A new payment card needs its details',
        ),
      ),
  response: () =>
    z.object({
      status: z.enum(['success', 'redirect_to_url', 'unsuccessful']),
      url: z.optional(z.nullable(z.string())),
    }),
  failure: paymentMessages.instalmentPaymentFailed,
});

/** Any failure just removes the bank option: silent. */
export const createTruelayerPayment = defineCall({
  name: 'createTruelayerPayment',
  method: 'POST',
  path: '/ajax/checkout/checkout/create_truelayer_payment/',
  request: () => EmptyRequestSchema,
  response: () => AckResponseSchema,
  failure: '',
});

/** The body is the payment error text ('' when there is none). */
export const getPaymentError = defineCall({
  name: 'getPaymentError',
  method: 'POST',
  path: '/ajax/checkout/checkout/get_payment_error/',
  request: () => EmptyRequestSchema,
  response: () => z.string(),
  failure: '',
});

export const claimFreeTickets = defineCall({
  name: 'claimFreeTickets',
  method: 'POST',
  path: '/ajax/checkout/checkout/claim_free_tickets/',
  request: () => z.object({ email: formEmail, idempotency_key: formIdempotencyKey }),
  response: () => SuccessResponseSchema,
  failure: paymentMessages.claimFreeTicketsFailed,
});

export const getTruelayerStatus = defineCall({
  name: 'getTruelayerStatus',
  method: 'POST',
  path: '/ajax/checkout/checkout/get_truelayer_status/',
  request: () => EmptyRequestSchema,
  response: () => z.object({ truelayer_status: TruelayerStatusSchema }),
  failure: awaitingBankMessages.truelayerStatusFailed,
});
