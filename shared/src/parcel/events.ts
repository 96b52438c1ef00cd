import type { CheckoutState } from '../contract/states';

/** What a step that crashed reports, as plain data (no Error instance crosses a remote boundary). */
export interface StepFailure {
  state: CheckoutState;
  message: string;
  componentStack?: string;
}

/** The window event a crashed step dispatches; the shell listens (e.g. to send it to Sentry). */
export const STEP_FAILED_EVENT = 'checkout:step-failed';
