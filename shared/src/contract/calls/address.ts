import * as z from 'zod/mini';
import * as messages from '../../messages/delivery-address';
import { defineCall } from '../call';
import { ADDRESS_LOOKUP_MINIMUM } from '../constants';
import {
  AddressLookupResultSchema,
  AddressSchema,
  CountrySchema,
  CountryStateSchema,
  SavedAddressSchema,
} from '../entities';
import { EmptyRequestSchema, formId, formOptionalText, formText, TEXT_LIMITS } from '../form-fields';
import { AckResponseSchema } from './acks';

/** Address lookup needs at least 3 characters. Defined without zod in ../constants. */
export { ADDRESS_LOOKUP_MINIMUM };

/** The spec names no message for this load. */
export const getAddressAllCountriesStates = defineCall({
  name: 'getAddressAllCountriesStates',
  method: 'POST',
  path: '/ajax/checkout/checkout/get_address_all_countries_states/',
  request: () => EmptyRequestSchema,
  response: () => z.object({ countries: z.array(CountrySchema), states: z.array(CountryStateSchema) }),
  failure: '',
});

/** Fails silently: the page treats a failure as an empty list. */
export const getUserAddresses = defineCall({
  name: 'getUserAddresses',
  method: 'POST',
  path: '/ajax/user/user/get_user_addresses/',
  request: () => EmptyRequestSchema,
  response: () => z.object({ existing_addresses: z.array(SavedAddressSchema) }),
  failure: '',
});

/** Fails silently: the page treats a failure as an empty list. */
export const lookupAddress = defineCall({
  name: 'lookupAddress',
  method: 'POST',
  path: '/ajax/user/user/lookup_address/',
  request: () => z.object({ address: formText(TEXT_LIMITS.line).check(z.minLength(ADDRESS_LOOKUP_MINIMUM)) }),
  response: () => z.object({ possible_addresses: z.array(AddressLookupResultSchema) }),
  failure: '',
});

/** The spec names no message for this call. */
export const deleteAddress = defineCall({
  name: 'deleteAddress',
  method: 'POST',
  path: '/ajax/user/user/delete_address/',
  request: () => z.object({ address_id: formId }),
  response: () => AckResponseSchema,
  failure: '',
});

/** Gift voucher baskets also send who the voucher is from and for. */
export const setDeliveryAddress = defineCall({
  name: 'setDeliveryAddress',
  method: 'POST',
  path: '/ajax/checkout/checkout/set_delivery_address/',
  request: () =>
    z.object({
      address: AddressSchema,
      gift_voucher_from: z.optional(formOptionalText(TEXT_LIMITS.name)),
      gift_voucher_to: z.optional(formOptionalText(TEXT_LIMITS.name)),
    }),
  response: () => AckResponseSchema,
  failure: messages.deliveryAddressFailed,
});
