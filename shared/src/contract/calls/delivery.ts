import * as z from 'zod/mini';
import * as messages from '../../messages/delivery';
import { defineCall, once } from '../call';
import { EmptyRequestSchema } from '../form-fields';

/** delivery_completed false is its own message: messages.deliveryNotCompleted; `error` says why (for logs and support). */
const deliveryResponse = once(() => z.object({ delivery_completed: z.boolean(), error: z.optional(z.string()) }));

export const deliverToBitticket = defineCall({
  name: 'deliverToBitticket',
  method: 'POST',
  path: '/ajax/checkout/checkout/deliver_to_bitticket/',
  request: () => EmptyRequestSchema,
  response: deliveryResponse,
  failure: messages.deliverToBitticketFailed,
});

export const deliverToWallet = defineCall({
  name: 'deliverToWallet',
  method: 'POST',
  path: '/ajax/checkout/checkout/deliver_to_wallet/',
  request: () => EmptyRequestSchema,
  response: deliveryResponse,
  failure: messages.deliverToWalletFailed,
});
