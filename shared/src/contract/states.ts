import * as z from 'zod/mini';

/** The checkout states: the loading state, then every step, in the order the spec lists them. */
export const CHECKOUT_STATES = [
  'determining',
  'basket',
  'captcha',
  'reserve',
  'login',
  'marketing_preferences',
  'donation',
  'gift_aid',
  'delivery_address',
  'ticket_questions_before',
  'payment',
  'deliver_tickets',
  'awaiting_truelayer',
  'ticket_questions_after',
  'after_sale_messages',
  'waiver',
  'order_completed',
] as const;

export const CheckoutStateSchema = z.enum(CHECKOUT_STATES);
export type CheckoutState = z.infer<typeof CheckoutStateSchema>;
