/**
 * Every module of shared/src/messages/ side by side, for tests that look at the whole catalogue (no sentence twice,
 * every call's failure one of them). Pages import the module of their own step instead, so a bundle keeps only the
 * sentences it shows.
 */
import * as awaitingBank from '../messages/awaiting-bank';
import * as basket from '../messages/basket';
import * as captcha from '../messages/captcha';
import * as common from '../messages/common';
import * as delivery from '../messages/delivery';
import * as deliveryAddress from '../messages/delivery-address';
import * as donation from '../messages/donation';
import * as giftAid from '../messages/gift-aid';
import * as login from '../messages/login';
import * as marketingPreferences from '../messages/marketing-preferences';
import * as orderCompleted from '../messages/order-completed';
import * as orderSummary from '../messages/order-summary';
import * as payment from '../messages/payment';
import * as questions from '../messages/questions';
import * as queue from '../messages/queue';
import * as reserve from '../messages/reserve';
import * as shell from '../messages/shell';
import * as waiver from '../messages/waiver';

/** Each module by its file name. */
export const messageModules = {
  'awaiting-bank': awaitingBank,
  basket,
  captcha,
  common,
  delivery,
  'delivery-address': deliveryAddress,
  donation,
  'gift-aid': giftAid,
  login,
  'marketing-preferences': marketingPreferences,
  'order-completed': orderCompleted,
  'order-summary': orderSummary,
  payment,
  questions,
  queue,
  reserve,
  shell,
  waiver,
} as const;

/** The union of the modules (a test checks that no name is in two of them). */
export const allMessages = {
  ...awaitingBank,
  ...basket,
  ...captcha,
  ...common,
  ...delivery,
  ...deliveryAddress,
  ...donation,
  ...giftAid,
  ...login,
  ...marketingPreferences,
  ...orderCompleted,
  ...orderSummary,
  ...payment,
  ...questions,
  ...queue,
  ...reserve,
  ...shell,
  ...waiver,
};
