import * as z from 'zod/mini';
import * as donationMessages from '../../messages/donation';
import * as giftAidMessages from '../../messages/gift-aid';
import { defineCall } from '../call';
import { DONATION_MINIMUM } from '../constants';
import { formBool, formId, formMoney, formOptionalText, TEXT_LIMITS } from '../form-fields';
import { AckResponseSchema } from './acks';

/** The smallest donation is 1. Defined without zod in ../constants. */
export { DONATION_MINIMUM };

export const saveDonation = defineCall({
  name: 'saveDonation',
  method: 'POST',
  path: '/ajax/checkout/checkout/save_donation/',
  request: () => z.object({ amount_before_booking_fee: formMoney({ min: DONATION_MINIMUM }), charity_id: formId }),
  response: () => AckResponseSchema,
  failure: donationMessages.saveDonationFailed,
});

/** Gift Aid: whether the address is required depends on the amount saved, which the server checks. */
export const updateDonation = defineCall({
  name: 'updateDonation',
  method: 'POST',
  path: '/ajax/checkout/checkout/update_donation/',
  request: () =>
    z.object({
      is_gift_aid: formBool,
      subscribe: z._default(formBool, false),
      uk_based: z._default(formBool, true),
      address1: z.optional(formOptionalText(TEXT_LIMITS.line)),
      postcode: z.optional(formOptionalText(TEXT_LIMITS.postcode)),
    }),
  response: () => AckResponseSchema,
  failure: giftAidMessages.updateDonationFailed,
});
