import * as z from 'zod/mini';
import * as orderCompletedMessages from '../../messages/order-completed';
import * as questionsMessages from '../../messages/questions';
import { defineCall } from '../call';
import { SimpleInfoSchema, TransferRowSchema } from '../entities';
import { EmptyRequestSchema, formList, formMessage, formOptionalText, TEXT_LIMITS } from '../form-fields';
import { SuccessResponseSchema } from './acks';

/** answer_{ticket_id}_{question id}, plus _{ticket counter} for per-ticket questions. */
export const ANSWER_KEY_PATTERN = /^answer_\d{1,15}_\d{1,15}(_\d{1,4})?$/;

export const saveQuestionAnswers = defineCall({
  name: 'saveQuestionAnswers',
  method: 'POST',
  path: '/ajax/checkout/checkout/save_question_answers/',
  request: () =>
    z.object({
      /** An empty map is not sent at all by the form encoding. */
      answers: z._default(
        z.record(z.string().check(z.regex(ANSWER_KEY_PATTERN)), formOptionalText(TEXT_LIMITS.message)),
        {},
      ),
      before_or_after: z.enum(['before', 'after']),
    }),
  response: () => z.object({ questions_set: z.boolean() }),
  failure: questionsMessages.saveAnswersFailed,
});

export const setTransfers = defineCall({
  name: 'setTransfers',
  method: 'POST',
  path: '/ajax/checkout/checkout/set_transfers/',
  request: () => z.object({ transfers: formList(TransferRowSchema, { min: 1, max: 500 }) }),
  response: () => SuccessResponseSchema,
  failure: orderCompletedMessages.sendTransfersFailed,
});

/** Fails silently: the page shows nothing. */
export const getSimpleInfo = defineCall({
  name: 'getSimpleInfo',
  method: 'GET',
  path: '/ajax/checkout/checkout/get_simple_info/',
  request: () => EmptyRequestSchema,
  response: () => SimpleInfoSchema,
  failure: '',
});

/** The referral link, '' when there is none; fails silently (the page shows nothing). */
export const getRewardReferrerLink = defineCall({
  name: 'getRewardReferrerLink',
  method: 'GET',
  path: '/ajax/checkout/checkout/get_reward_referrer_link/',
  request: () => EmptyRequestSchema,
  response: () => z.string(),
  failure: '',
});

export const sendCustomerFeedback = defineCall({
  name: 'sendCustomerFeedback',
  method: 'POST',
  path: '/ajax/checkout/checkout/send_customer_feedback/',
  request: () => z.object({ message: formMessage }),
  response: () => SuccessResponseSchema,
  failure: orderCompletedMessages.sendFeedbackFailed,
});

export const subscribeToEvents = defineCall({
  name: 'subscribeToEvents',
  method: 'POST',
  path: '/ajax/checkout/checkout/subscribe_to_events/',
  request: () => EmptyRequestSchema,
  response: () => SuccessResponseSchema,
  failure: orderCompletedMessages.subscribeFailed,
});
