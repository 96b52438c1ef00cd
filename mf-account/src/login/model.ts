import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import {
  captchaProblem,
  isApiFailure,
  isCompleteCode,
  isValidEmail,
  isValidFullName,
  normaliseCode,
  type ApiClient,
  type ApiFailure,
  type CaptchaReset,
  type User,
} from '@checkout/shared';
import * as messages from '@checkout/shared/messages/login';
import { copy } from './copy';
import {
  $deps,
  apiOf,
  depsReceived,
  notifyError,
  serverMessageOf,
  shellCommandsSent,
  stepCompleted,
  type ShellCommand,
  type StepDeps,
} from '@checkout/shared/parcel';

/** The account step's modes. */
export type AccountMode = 'loading' | 'enter_email' | 'one_time_code_sent' | 'confirm_name' | 'confirm_account';

export interface AccountStart {
  deps: StepDeps;
  /** The shell's signed-in user, or null for a guest. */
  user: User | null;
  /** The checkout's init_guest_email: prefills the email field. */
  initEmail: string | null;
  /**
   * The guest this session already proved by code (the checkout's proven_guest): after a reload or Edit basket the
   * step carries on at the name, kept if the sale still names them, instead of asking for a new code.
   */
  provenGuest?: { email: string; full_name: string | null } | null;
}

// ---- Events ---------------------------------------------------------------------------------------------------

/** The step was mounted: loading -> enter_email (guest) or confirm_account (signed in). */
export const accountShown = createEvent<AccountStart>();
export const emailChanged = createEvent<string>();
export const sendCodeClicked = createEvent();
export const codeChanged = createEvent<string>();
export const verifyClicked = createEvent();
export const fullNameChanged = createEvent<string>();
export const nameConfirmed = createEvent();
export const accountConfirmed = createEvent();
export const signOutClicked = createEvent();
/** 'Check or change email address, or re-send code'. */
export const changeEmailClicked = createEvent();
/** The send's captcha (when the server asks for one): passed, or back to not passed (expiry, challenge expiry, error). */
export const sendCaptchaVerified = createEvent<string>();
export const sendCaptchaReset = createEvent<CaptchaReset>();

// ---- Effects: one per call; a refusal in a 200 answer is turned into a failure like any other -------------------

/** A plain-data failure for an answer that carries `error` (the client only rejects on HTTP errors). */
function refused(call: string, message: string, serverMessage: string): ApiFailure {
  return { kind: 'http', call, status: 200, message, serverMessage };
}

/** What a send came to: the code went out, or the server asks for a captcha first (nothing was sent). */
export type SendOutcome = { kind: 'sent' } | { kind: 'captcha'; sitekey: string | null; message: string };

export const sendCodeFx = createEffect(
  async ({ api, email, captcha }: { api: ApiClient; email: string; captcha: string | null }): Promise<SendOutcome> => {
    const answer = await api.sendOneTimeCode({ email, ...(captcha ? { 'h-captcha-response': captcha } : {}) });
    if (answer.captcha)
      return { kind: 'captcha', sitekey: answer.captcha_sitekey ?? null, message: answer.error ?? '' };
    if (answer.error) throw refused('sendOneTimeCode', messages.sendCodeFailed, answer.error);
    return { kind: 'sent' };
  },
);

export const checkCodeFx = createEffect<
  { api: ApiClient; email: string; code: string },
  { has_account: boolean },
  unknown
>(({ api, email, code }) => api.checkOneTimeCode({ email, code }));

export const saveGuestFx = createEffect(
  async ({ api, email, fullname }: { api: ApiClient; email: string; fullname: string }): Promise<void> => {
    const answer = await api.saveGuestToSale({ email, fullname });
    if (answer.error) throw refused('saveGuestToSale', '', answer.error);
  },
);

export const logoutFx = createEffect(async ({ api }: { api: ApiClient }): Promise<void> => {
  await api.logoutOfSale({});
});

// ---- Stores -----------------------------------------------------------------------------------------------------

export const $mode = createStore<AccountMode>('loading');
export const $user = createStore<User | null>(null, { serialize: 'ignore' });
export const $email = createStore('');
export const $emailError = createStore<string | null>(null);
export const $code = createStore('');
export const $codeError = createStore<string | null>(null);
export const $fullName = createStore('');
export const $fullNameError = createStore<string | null>(null);
/** Counts refused submits and wrong codes: the step moves focus to the field in error each time it changes. */
export const $refusals = createStore(0);
/**
 * Many codes were asked for this email (from anywhere): the server wants a solved captcha with the next send. `round`
 * mounts a fresh challenge each time the server asks again (a token is good for one send).
 */
export const $sendCaptcha = createStore<{ sitekey: string | null; round: number } | null>(null);
export const $sendCaptchaToken = createStore<string | null>(null);
export const $sendCaptchaProblem = createStore<string | null>(null);

export const $sending = sendCodeFx.pending;
export const $verifying = checkCodeFx.pending;
export const $savingName = saveGuestFx.pending;
export const $signingOut = logoutFx.pending;
export const $busy = combine([$sending, $verifying, $savingName, $signingOut], (flags) => flags.some(Boolean));
export const $canVerify = combine($code, $verifying, (code, verifying) => isCompleteCode(code) && !verifying);

// ---- Loading -> enter_email or confirm_account --------------------------------------------------------------------

sample({ clock: accountShown, fn: ({ deps }) => deps, target: depsReceived });
for (const $store of [
  $email,
  $emailError,
  $code,
  $codeError,
  $fullName,
  $fullNameError,
  $refusals,
  $sendCaptcha,
  $sendCaptchaToken,
  $sendCaptchaProblem,
])
  $store.reset(accountShown);
$user.on(accountShown, (_, { user }) => user);
$mode.on(accountShown, (_, { user, provenGuest }) =>
  user ? 'confirm_account' : provenGuest ? 'confirm_name' : 'enter_email',
);
$email.on(accountShown, (_, { user, initEmail, provenGuest }) => user?.email ?? provenGuest?.email ?? initEmail ?? '');
$fullName.on(accountShown, (_, { user, provenGuest }) => (user ? '' : (provenGuest?.full_name ?? '')));

// ---- enter_email -> one_time_code_sent ----------------------------------------------------------------------------

$email.on(emailChanged, (_, email) => email);
$emailError.on(emailChanged, () => null);

// With a captcha asked for, Send waits until it is passed.
const sendRequested = sample({
  clock: sendCodeClicked,
  source: { email: $email, busy: $busy, captcha: $sendCaptcha, token: $sendCaptchaToken },
  filter: ({ busy, captcha, token }) => !busy && (captcha === null || token !== null),
});
sample({
  clock: sendRequested,
  filter: ({ email }) => !isValidEmail(email),
  fn: () => messages.invalidEmail,
  target: $emailError,
});
$refusals.on(sample({ clock: sendRequested, filter: ({ email }) => !isValidEmail(email) }), (count) => count + 1);
sample({
  clock: sendRequested,
  source: $deps,
  filter: (_, { email }) => isValidEmail(email),
  fn: (deps, { email, token }) => ({ api: apiOf(deps), email: email.trim(), captcha: token }),
  target: sendCodeFx,
});

const codeWentOut = sendCodeFx.done.filter({ fn: ({ result }) => result.kind === 'sent' });
const captchaAsked = sendCodeFx.doneData.filterMap((outcome) => (outcome.kind === 'captcha' ? outcome : undefined));

$email.on(codeWentOut, (_, { params }) => params.email);
$mode.on(codeWentOut, () => 'one_time_code_sent');
// A fresh code: whatever was typed for the last one no longer applies.
$code.reset(codeWentOut);
$codeError.reset(codeWentOut);

// The server asks for a captcha: the challenge under the email field, its sentence beside the field.
$sendCaptcha.on(captchaAsked, (current, { sitekey }) => ({ sitekey, round: (current?.round ?? 0) + 1 }));
$sendCaptcha.reset(codeWentOut);
$emailError.on(captchaAsked, (_, { message }) => message || null);
$refusals.on(captchaAsked, (count) => count + 1);
// A token is good for one send, whatever its outcome.
$sendCaptchaToken.on(sendCaptchaVerified, (_, token) => token).reset([sendCaptchaReset, sendCodeFx.finally]);
$sendCaptchaProblem
  .on(sendCaptchaReset, (_, reset) => captchaProblem(reset))
  .reset([sendCaptchaVerified, captchaAsked, codeWentOut]);

// The spec's toast, and the server's own sentence (e.g. too many codes asked for) beside the field.
sample({
  clock: sendCodeFx.failData,
  fn: () => [notifyError(messages.sendCodeFailed, 'send-code')],
  target: shellCommandsSent,
});
sample({ clock: sendCodeFx.failData, fn: (error) => serverMessageOf(error), target: $emailError });
$refusals.on(sendCodeFx.fail, (count) => count + 1);

// ---- one_time_code_sent: Verify -----------------------------------------------------------------------------------

$code.on(codeChanged, (_, typed) => normaliseCode(typed));
$codeError.on(codeChanged, () => null);

sample({
  clock: verifyClicked,
  source: { deps: $deps, email: $email, code: $code, busy: $busy },
  filter: ({ code, busy }) => isCompleteCode(code) && !busy,
  fn: ({ deps, email, code }) => ({ api: apiOf(deps), email, code }),
  target: checkCodeFx,
});

// An account: the session now belongs to it; refresh the user (and the checkout, whose preferences are now theirs).
const commandsForAccount: ShellCommand[] = [{ kind: 'refreshUser' }, { kind: 'reloadCheckout' }, stepCompleted];
sample({
  clock: checkCodeFx.doneData,
  filter: ({ has_account }) => has_account,
  fn: () => commandsForAccount,
  target: shellCommandsSent,
});
$mode.on(checkCodeFx.doneData, (mode, { has_account }) => (has_account ? mode : 'confirm_name'));

const isReserving = (error: unknown) => isApiFailure(error) && error.errorType === 'reserving';

// A reserving-type error: the reservation is gone, so back to the (reloaded) basket, with the server's reason.
sample({
  clock: checkCodeFx.failData,
  filter: isReserving,
  fn: (error): ShellCommand[] => {
    const reason = serverMessageOf(error);
    return [
      ...(reason
        ? [{ kind: 'notify' as const, notification: { type: 'warn' as const, text: reason, group: 'reserving' } }]
        : []),
      { kind: 'reloadCheckout' },
      { kind: 'goTo', state: 'basket' },
    ];
  },
  target: shellCommandsSent,
});
// Any other failure: the server's message inline and the code cleared for another try.
sample({
  clock: checkCodeFx.failData,
  filter: (error) => !isReserving(error),
  fn: (error) => serverMessageOf(error) ?? copy.codeCheckFailed,
  target: $codeError,
});
$code.on(checkCodeFx.fail, (code, { error }) => (isReserving(error) ? code : ''));
$refusals.on(checkCodeFx.fail, (count) => count + 1);

// 'Check or change email address, or re-send code'.
$mode.on(changeEmailClicked, () => 'enter_email');
$code.reset(changeEmailClicked);
$codeError.reset(changeEmailClicked);

// ---- confirm_name -> save the guest to the sale -> next step ------------------------------------------------------

$fullName.on(fullNameChanged, (_, name) => name);
$fullNameError.on(fullNameChanged, () => null);

const nameRequested = sample({
  clock: nameConfirmed,
  source: { deps: $deps, email: $email, name: $fullName, busy: $busy },
  filter: ({ busy }) => !busy,
});
sample({
  clock: nameRequested,
  filter: ({ name }) => !isValidFullName(name),
  fn: () => messages.fullNameRequired,
  target: $fullNameError,
});
$refusals.on(sample({ clock: nameRequested, filter: ({ name }) => !isValidFullName(name) }), (count) => count + 1);
sample({
  clock: nameRequested,
  filter: ({ name }) => isValidFullName(name),
  fn: ({ deps, email, name }) => ({ api: apiOf(deps), email, fullname: name.trim().replace(/\s+/g, ' ') }),
  target: saveGuestFx,
});
// The checkout now names the guest (the delivery address starts with the name, and the shell's summary says Edit
// basket keeps them): reload it, then move on.
sample({
  clock: saveGuestFx.done,
  fn: (): ShellCommand[] => [{ kind: 'reloadCheckout' }, stepCompleted],
  target: shellCommandsSent,
});
sample({
  clock: saveGuestFx.failData,
  fn: (error) => serverMessageOf(error) ?? copy.saveNameFailed,
  target: $fullNameError,
});
$refusals.on(saveGuestFx.fail, (count) => count + 1);

// ---- confirm_account ----------------------------------------------------------------------------------------------

sample({
  clock: accountConfirmed,
  source: $busy,
  filter: (busy) => !busy,
  fn: () => [stepCompleted],
  target: shellCommandsSent,
});

// 'Not you? Sign out': log out of the sale, then a fresh email form.
sample({
  clock: signOutClicked,
  source: { deps: $deps, busy: $busy },
  filter: ({ busy }) => !busy,
  fn: ({ deps }) => ({ api: apiOf(deps) }),
  target: logoutFx,
});
$mode.on(logoutFx.done, () => 'enter_email');
$user.reset(logoutFx.done);
for (const $store of [
  $email,
  $emailError,
  $code,
  $codeError,
  $fullName,
  $fullNameError,
  $sendCaptcha,
  $sendCaptchaToken,
  $sendCaptchaProblem,
])
  $store.reset(logoutFx.done);
sample({ clock: logoutFx.done, fn: (): ShellCommand[] => [{ kind: 'refreshUser' }], target: shellCommandsSent });
sample({ clock: logoutFx.fail, fn: () => [notifyError(messages.logoutFailed, 'logout')], target: shellCommandsSent });
