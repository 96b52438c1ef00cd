// Runs this remote alone with fake StepProps (npm run dev -w mf-post-sale). The dynamic imports are the async boundary
// Module Federation needs before shared modules (react, effector) are used.
import type { CheckoutState } from '@checkout/shared';
import '@checkout/shared/ui/styles.css';

const STATES: readonly CheckoutState[] = [
  'ticket_questions_before',
  'ticket_questions_after',
  'after_sale_messages',
  'waiver',
  'order_completed',
];

void Promise.all([import('./index'), import('@checkout/shared/parcel')]).then(([remote, { runStandalone }]) =>
  runStandalone(remote, STATES),
);
