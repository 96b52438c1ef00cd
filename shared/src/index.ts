/**
 * @checkout/shared: the contract. Pure modules only (no side effects), so a bundle keeps just what it imports.
 * UI and testing helpers are separate entry points ('@checkout/shared/ui', '@checkout/shared/testing'), and so are the
 * sentences, one module per step ('@checkout/shared/messages/basket', …), so a remote bundles only its own.
 */
export * from './contract/states';
export * from './contract/version';
export * from './contract/call';
export * from './contract/form-fields';
export * from './contract/entities';
export * from './contract/errors';
export { COPIED_NOTICE_MS, ORGANISER_HTML_FORBIDDEN_TAGS } from './contract/constants';
export * from './contract/calls';
export * from './contract/queue';
export * from './contract/queue-urls';
export * from './contract/waiver-link';
export * from './contract/server-build-pin';
export * from './api/form';
export * from './api/client';
export * from './api/browser';
export * from './api/first-answers';
export * from './api/page-data';
export type { AddressOwner } from './messages/delivery-address';
export * from './step';
export * from './rules/next-step';
export * from './rules/totals';
export * from './rules/fees';
export * from './rules/basket';
export * from './rules/captcha';
export * from './rules/account';
export * from './rules/donation';
export * from './rules/address';
export * from './rules/billing';
export * from './rules/payment';
export * from './rules/questions';
export * from './rules/transfer';
export * from './rules/order-completed';
export * from './rules/marketplace';
export * from './format';
