import * as z from 'zod/mini';
import * as loginMessages from '../../messages/login';
import * as marketingPreferencesMessages from '../../messages/marketing-preferences';
import { defineCall } from '../call';
import { ONE_TIME_CODE_PATTERN } from '../constants';
import { EmptyRequestSchema, formBool, formEmail, formIdFlags, formName, formText, TEXT_LIMITS } from '../form-fields';
import { AckResponseSchema } from './acks';

/** A guest names themself on the sale; a refusal comes back as response.data.error. */
export const saveGuestToSale = defineCall({
  name: 'saveGuestToSale',
  method: 'POST',
  path: '/ajax/checkout/checkout/save_guest_to_sale/',
  request: () => z.object({ email: formEmail, fullname: formName }),
  response: () => z.object({ success: z.optional(z.boolean()), error: z.optional(z.nullable(z.string())) }),
  failure: '',
});

/**
 * When many codes have been asked for one email (from anywhere), a further send needs a solved captcha: the answer is
 * then { success: false, captcha: true, captcha_sitekey, error } and nothing is sent; the page shows the challenge and
 * sends again with its token in h-captcha-response (as reserve_tickets does).
 */
export const sendOneTimeCode = defineCall({
  name: 'sendOneTimeCode',
  method: 'POST',
  path: '/ajax/user/user/send_one_time_code/',
  request: () => z.object({ email: formEmail, 'h-captcha-response': z.optional(formText(TEXT_LIMITS.token)) }),
  response: () =>
    z.object({
      success: z.optional(z.boolean()),
      error: z.optional(z.nullable(z.string())),
      captcha: z.optional(z.boolean()),
      captcha_sitekey: z.optional(z.nullable(z.string())),
    }),
  failure: loginMessages.sendCodeFailed,
});

/** 6 digits; the page strips non-digits before sending. Defined without zod in ../constants. */
export { ONE_TIME_CODE_PATTERN };

/**
 * A wrong or expired code is a 4xx ApiErrorBody whose `type` is 'one_time_code' (shown inline, code cleared) or
 * 'reserving' (back to the basket); the spec gives no toast for it, so no failure message.
 */
export const checkOneTimeCode = defineCall({
  name: 'checkOneTimeCode',
  method: 'POST',
  path: '/ajax/user/user/check_one_time_code/',
  request: () => z.object({ email: formEmail, code: z.string().check(z.trim(), z.regex(ONE_TIME_CODE_PATTERN)) }),
  response: () => z.object({ has_account: z.boolean() }),
  failure: '',
});

export const CODE_CHECK_ERROR_TYPES = ['one_time_code', 'reserving'] as const;

export const logoutOfSale = defineCall({
  name: 'logoutOfSale',
  method: 'POST',
  path: '/ajax/checkout/checkout/logout_of_sale/',
  request: () => EmptyRequestSchema,
  response: () => AckResponseSchema,
  failure: loginMessages.logoutFailed,
});

export const setMarketingPreferences = defineCall({
  name: 'setMarketingPreferences',
  method: 'POST',
  path: '/ajax/checkout/checkout/set_marketing_preferences/',
  request: () =>
    z.object({
      ct_subscribed: formBool,
      event_subscribed: formBool,
      /** Basket organiser id -> subscribed. */
      organiser_subscribed_marketing: formIdFlags,
    }),
  response: () => AckResponseSchema,
  failure: marketingPreferencesMessages.marketingPreferencesFailed,
});
