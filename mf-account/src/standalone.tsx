// Runs this remote alone with fake StepProps (npm run dev -w mf-account). The dynamic imports are the async boundary
// Module Federation needs before shared modules (react, effector) are used.
import type { CheckoutState } from '@checkout/shared';
import '@checkout/shared/ui/styles.css';

const STATES: readonly CheckoutState[] = ['login', 'marketing_preferences', 'donation', 'gift_aid', 'delivery_address'];

void Promise.all([import('./index'), import('@checkout/shared/parcel')]).then(([remote, { runStandalone }]) =>
  runStandalone(remote, STATES),
);
