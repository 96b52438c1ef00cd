import * as z from 'zod/mini';
import * as basketMessages from '../../messages/basket';
import * as reserveMessages from '../../messages/reserve';
import * as shellMessages from '../../messages/shell';
import { defineCall } from '../call';
import { CheckoutSchema } from '../entities';
import { CheckoutStateSchema } from '../states';
import { EmptyRequestSchema, formBool, formId, formInt, formMoney, formText, TEXT_LIMITS } from '../form-fields';
import { AckResponseSchema, SuccessResponseSchema } from './acks';

export const getCheckout = defineCall({
  name: 'getCheckout',
  method: 'GET',
  path: '/ajax/checkout/checkout/get/',
  request: () => EmptyRequestSchema,
  response: () => CheckoutSchema,
  failure: shellMessages.getCheckoutFailed,
});

export const updateBasketState = defineCall({
  name: 'updateBasketState',
  method: 'POST',
  path: '/ajax/checkout/checkout/update_basket_state/',
  /** `from`: the state the page is leaving; a change from a state the sale has left is refused (409 'stale'). */
  request: () => z.object({ state: CheckoutStateSchema, from: z.optional(CheckoutStateSchema) }),
  response: () =>
    z.object({
      seconds_remaining: z.nullable(z.number()),
      /** Ours: as the checkout's hold_extension_minutes ('Need more time?'); null from a server that does not say. */
      hold_extension_minutes: z._default(z.nullable(z.number()), null),
    }),
  failure: shellMessages.updateBasketStateFailed,
});

/** Edit basket destroys the sale, then goes to the basket. */
export const destroySale = defineCall({
  name: 'destroySale',
  method: 'POST',
  path: '/ajax/checkout/checkout/destroy_sale/',
  request: () => EmptyRequestSchema,
  response: () => AckResponseSchema,
  failure: shellMessages.editBasketFailed,
});

/** Used by the events page: a ticket with a quantity, or a gift voucher with a quantity and a value. */
export const addToBasket = defineCall({
  name: 'addToBasket',
  method: 'POST',
  path: '/ajax/checkout/checkout/add_to_basket/',
  request: () =>
    z.union([
      z.object({ ticket_id: formId, quantity: formInt({ min: 1, max: 100_000 }) }),
      z.object({ gift_voucher_id: formId, qty: formInt({ min: 1, max: 100_000 }), value: formMoney({ min: 0.01 }) }),
    ]),
  response: () => z.object({ success: z.boolean(), error: z.optional(z.string()) }),
  failure: '',
});

export const updateTicketQuantity = defineCall({
  name: 'updateTicketQuantity',
  method: 'POST',
  path: '/ajax/checkout/checkout/update_ticket_quantity/',
  // At least 1 (the quantity input's minimum); removing a line is remove_from_basket.
  request: () => z.object({ ticket_id: formId, quantity: formInt({ min: 1, max: 100_000 }) }),
  response: () => SuccessResponseSchema,
  failure: basketMessages.updateTicketQuantityFailed,
});

export const updateGiftVoucherQuantity = defineCall({
  name: 'updateGiftVoucherQuantity',
  method: 'POST',
  path: '/ajax/checkout/checkout/update_gift_voucher_quantity/',
  request: () => z.object({ gift_voucher_id: formId, qty: formInt({ min: 1, max: 100_000 }), value: formMoney() }),
  response: () => SuccessResponseSchema,
  failure: basketMessages.updateGiftVoucherQuantityFailed,
});

export const updateRefundProtection = defineCall({
  name: 'updateRefundProtection',
  method: 'POST',
  path: '/ajax/checkout/checkout/update_refund_protection/',
  request: () => z.object({ refund_protection: formBool }),
  response: () => SuccessResponseSchema,
  failure: basketMessages.updateRefundProtectionFailed,
});

export const setCode = defineCall({
  name: 'setCode',
  method: 'POST',
  path: '/ajax/checkout/checkout/set_code/',
  request: () => z.object({ code: formText(TEXT_LIMITS.code) }),
  /** `error`: why a code was not applied (the server also lists it in basket_errors). */
  response: () => z.object({ code_applied: z.boolean(), error: z.optional(z.string()) }),
  failure: basketMessages.setCodeFailed,
});

/** Takes a discount or gift voucher code off the basket (our addition: the spec shows no way to remove one). */
export const removeCode = defineCall({
  name: 'removeCode',
  method: 'POST',
  path: '/ajax/checkout/checkout/remove_code/',
  request: () => z.object({ code: formText(TEXT_LIMITS.code) }),
  response: () => SuccessResponseSchema,
  failure: basketMessages.removeCodeFailed,
});

export const removeFromBasket = defineCall({
  name: 'removeFromBasket',
  method: 'POST',
  path: '/ajax/checkout/checkout/remove_from_basket/',
  request: () => z.object({ ticket_id: formId }),
  response: () => SuccessResponseSchema,
  failure: basketMessages.removeTicketFailed,
});

export const removeGiftVoucherFromBasket = defineCall({
  name: 'removeGiftVoucherFromBasket',
  method: 'POST',
  path: '/ajax/checkout/checkout/remove_gift_voucher_from_basket/',
  request: () => z.object({ gift_voucher_id: formId, value: formMoney() }),
  response: () => SuccessResponseSchema,
  failure: basketMessages.removeGiftVoucherFailed,
});

/**
 * Every outcome the page branches on: reserved, captcha demanded, redirect, error.
 * checkout_time is the reservation's seconds remaining.
 */
export const ReserveTicketsResponseSchema = z.object({
  reserved: z.optional(z.boolean()),
  sale_reference: z.optional(z.nullable(z.string())),
  fresh_reservation: z.optional(z.boolean()),
  checkout_time: z.optional(z.nullable(z.number())),
  captcha: z.optional(z.boolean()),
  captcha_sitekey: z.optional(z.nullable(z.string())),
  redirect: z.optional(z.nullable(z.string())),
  error: z.optional(z.nullable(z.string())),
  /** Sent with HTTP 403 (QueueRequiredAnswerSchema): the tickets are behind an on-sale's queue; go to this page. */
  queue_url: z.optional(z.string()),
});
export type ReserveTicketsResponse = z.infer<typeof ReserveTicketsResponseSchema>;

/** reserve_tickets' HTTP 403: tickets of an on-sale's waiting room and no pass; nothing was held. */
export const QueueRequiredAnswerSchema = z.object({
  reserved: z.literal(false),
  error: z.string(),
  queue_url: z.string(),
});

export const reserveTickets = defineCall({
  name: 'reserveTickets',
  method: 'POST',
  path: '/ajax/checkout/checkout/reserve_tickets/',
  /** The captcha token, sent from the captcha step only. */
  request: () => z.object({ 'h-captcha-response': z.optional(formText(TEXT_LIMITS.token)) }),
  response: () => ReserveTicketsResponseSchema,
  failure: reserveMessages.reserveFailedBasket,
});

/** What extend_reservation answers: the reservation's new time, from the server's clock. */
export const ExtendReservationResponseSchema = z.object({
  /** Seconds left on the reservation now (the countdown starts again from these). */
  seconds_remaining: z.number(),
  /** When the reservation now ends (ISO 8601). */
  hold_expires_at: z.string(),
  /** The minutes this extension added. */
  minutes_added: z.number(),
});
export type ExtendReservationResponse = z.infer<typeof ExtendReservationResponseSchema>;

/**
 * 'Need more time?' (ours): adds the basket's extension minutes (the smallest of its events') to the session's live
 * reservation, once per reservation. `sale_reference`: the reservation the page shows; another one is refused (409).
 */
export const extendReservation = defineCall({
  name: 'extendReservation',
  method: 'POST',
  path: '/ajax/checkout/checkout/extend_reservation/',
  request: () => z.object({ sale_reference: formText(TEXT_LIMITS.line) }),
  response: () => ExtendReservationResponseSchema,
  failure: shellMessages.extendReservationFailed,
});
