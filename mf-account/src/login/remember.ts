import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { isValidEmail } from '@checkout/shared';
import { $email, $mode, changeEmailClicked, checkCodeFx, logoutFx } from './model';

/**
 * A reload after 'Send code' comes back to the code: the email a code was sent to is kept in this tab's
 * sessionStorage, one entry per sale, until the code is verified, the buyer signs out or changes the email. It never
 * outlives the tab, and a code is never kept.
 */

export interface CodeSentEntry {
  saleReference: string;
  email: string;
}

const KEY_PREFIX = 'checkout:one-time-code-sent:';
const keyOf = (saleReference: string) => `${KEY_PREFIX}${saleReference}`;

/** sessionStorage can be missing or refuse (privacy modes, full quota): then a reload simply starts from the email. */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export const recallCodeSentFx = createEffect((saleReference: string): string | null => {
  try {
    const email = storage()?.getItem(keyOf(saleReference)) ?? null;
    return email !== null && isValidEmail(email) ? email : null;
  } catch {
    return null;
  }
});

export const rememberCodeSentFx = createEffect(({ saleReference, email }: CodeSentEntry): void => {
  try {
    storage()?.setItem(keyOf(saleReference), email);
  } catch {
    // Not kept: a reload starts from the email form, as before.
  }
});

export const forgetCodeSentFx = createEffect((saleReference: string): void => {
  try {
    storage()?.removeItem(keyOf(saleReference));
  } catch {
    // Nothing was kept.
  }
});

/** The step was mounted for this sale (after accountShown): a guest may get back the code they were sent. */
export const saleShown = createEvent<{ saleReference: string | null; signedIn: boolean }>();

const $saleReference = createStore<string | null>(null).on(saleShown, (_, { saleReference }) => saleReference);

sample({
  clock: saleShown,
  filter: ({ saleReference, signedIn }) => saleReference !== null && !signedIn,
  fn: ({ saleReference }) => saleReference as string,
  target: recallCodeSentFx,
});

/** A code sent before the reload: one_time_code_sent again, with its email, unless the buyer has moved on already. */
export const codeSentRecalled = sample({
  clock: recallCodeSentFx.doneData,
  source: $mode,
  filter: (mode, email) => mode === 'enter_email' && email !== null,
  fn: (_, email) => email as string,
});
$mode.on(codeSentRecalled, () => 'one_time_code_sent');
$email.on(codeSentRecalled, (_, email) => email);

/** The email while a code is waiting to be typed; null in every other mode. */
const $codeSentTo = combine($mode, $email, (mode, email) => (mode === 'one_time_code_sent' && email ? email : null));

sample({
  clock: $codeSentTo.updates,
  source: $saleReference,
  filter: (saleReference, email) => saleReference !== null && email !== null,
  fn: (saleReference, email) => ({ saleReference: saleReference as string, email: email as string }),
  target: rememberCodeSentFx,
});

// Verified (an account, or a name to give next), signed out, or another email wanted: nothing to come back to.
sample({
  clock: [checkCodeFx.done, logoutFx.done, changeEmailClicked],
  source: $saleReference,
  filter: (saleReference): saleReference is string => saleReference !== null,
  target: forgetCodeSentFx,
});
