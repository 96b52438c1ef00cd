import { depsOf } from '@checkout/shared/parcel';
import { lazy, Suspense, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import { type RuntimeConfig, type StepProps } from '@checkout/shared';
import * as captchaMessages from '@checkout/shared/messages/captcha';
import * as loginMessages from '@checkout/shared/messages/login';
import { AlertBox, Button, Spinner, useEffectWhen, useMountEffect } from '@checkout/shared/ui';
import { copy } from './copy';
import { sharedCopy } from '../copy';
import { useFocusOnArrival } from '@checkout/shared/ui';
import { TextField } from '@checkout/shared/ui';
import {
  $canVerify,
  $code,
  $codeError,
  $email,
  $emailError,
  $fullName,
  $fullNameError,
  $mode,
  $refusals,
  $savingName,
  $sendCaptcha,
  $sendCaptchaProblem,
  $sendCaptchaToken,
  $sending,
  $signingOut,
  $user,
  $verifying,
  accountConfirmed,
  accountShown,
  changeEmailClicked,
  codeChanged,
  emailChanged,
  fullNameChanged,
  nameConfirmed,
  sendCaptchaReset,
  sendCaptchaVerified,
  sendCodeClicked,
  signOutClicked,
  verifyClicked,
  type AccountMode,
} from './model';
import { saleShown } from './remember';
import '../account.css';

const FIELD_OF: Partial<Record<AccountMode, string>> = {
  enter_email: 'account-email',
  one_time_code_sent: 'account-code',
  confirm_name: 'account-fullname',
};

const submit = (action: () => void) => (event: FormEvent) => {
  event.preventDefault();
  action();
};

/** The account step: a guest identifies by emailed code, a user confirms. */
export function LoginStep(props: StepProps) {
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const { user, checkout } = useUnit({ user: props.stores.$user, checkout: props.stores.$checkout });
  const m = useUnit({ mode: $mode, refusals: $refusals, shown: accountShown, saleShown });
  // Until this mount has told the model who is here, the model may still hold an earlier visit's mode.
  const [ready, setReady] = useState(false);
  useMountEffect(() => {
    m.shown({
      deps: depsOf(props),
      user,
      initEmail: checkout?.init_guest_email ?? null,
      provenGuest: checkout?.proven_guest ?? null,
    });
    // After a reload, a guest who had been sent a code is back at the code (remember.ts).
    m.saleShown({ saleReference: checkout?.sale_reference ?? null, signedIn: user !== null });
    setReady(true);
    // Once per mount: signing in later refreshes the shell's user, and the model moves on by itself.
  });

  // Keyboard and screen reader users land where they are needed: the new mode's field, or the field in error. A layout
  // effect, so focus moves in the frame the field appears rather than a paint later.
  const lastMode = useRef<AccountMode | null>(null);
  useLayoutEffect(() => {
    if (!ready) return;
    const field = FIELD_OF[m.mode];
    if (lastMode.current !== null && lastMode.current !== m.mode && field) document.getElementById(field)?.focus();
    lastMode.current = m.mode;
  }, [ready, m.mode]);
  useEffectWhen([m.refusals], () => {
    const field = FIELD_OF[m.mode];
    if (m.refusals > 0 && field) document.getElementById(field)?.focus();
  });

  const mode = ready ? m.mode : 'loading';
  return (
    <section className="card stack account" aria-labelledby="account-title">
      <h1 id="account-title" ref={heading} tabIndex={-1} className="step-heading">
        {copy.title}
      </h1>
      {mode === 'loading' ? <Spinner label={sharedCopy.loading} /> : null}
      {mode === 'enter_email' ? <EnterEmail config={props.config} /> : null}
      {mode === 'one_time_code_sent' ? <CodeSent /> : null}
      {mode === 'confirm_name' ? <ConfirmName /> : null}
      {mode === 'confirm_account' ? <ConfirmAccount fallbackEmail={user?.email ?? ''} /> : null}
    </section>
  );
}

function EnterEmail({ config }: { config: RuntimeConfig }) {
  const m = useUnit({
    email: $email,
    error: $emailError,
    sending: $sending,
    captcha: $sendCaptcha,
    token: $sendCaptchaToken,
    emailChanged,
    sendCodeClicked,
  });
  return (
    <form className="stack" noValidate onSubmit={submit(m.sendCodeClicked)}>
      <p>{copy.emailIntro}</p>
      <TextField
        id="account-email"
        label={copy.emailLabel}
        hint={loginMessages.emailHint}
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={m.email}
        onValue={m.emailChanged}
        error={m.error}
      />
      {m.captcha ? <SendCaptcha key={m.captcha.round} sitekey={m.captcha.sitekey} config={config} /> : null}
      <div className="actions">
        <Button
          data-primary-action=""
          type="submit"
          loading={m.sending}
          disabled={m.captcha !== null && m.token === null}
        >
          {copy.sendCode}
        </Button>
      </div>
    </form>
  );
}

// Few buyers meet the challenge: its code is fetched when the server first asks for one, not with the step.
const CaptchaWidget = lazy(() => import('./CaptchaWidget').then((module) => ({ default: module.CaptchaWidget })));

/** The challenge the server asked for before it sends another code to this email (many were asked for). */
function SendCaptcha({ sitekey, config }: { sitekey: string | null; config: RuntimeConfig }) {
  const m = useUnit({ problem: $sendCaptchaProblem, verified: sendCaptchaVerified, reset: sendCaptchaReset });
  return (
    <div className="stack">
      <p>{captchaMessages.captchaPrompt}</p>
      <Suspense fallback={<Spinner label={copy.loadingChallenge} />}>
        <CaptchaWidget
          sitekey={sitekey}
          config={config}
          onVerify={(token) => m.verified(token)}
          onExpire={() => m.reset({ reason: 'expired' })}
          onChallengeExpire={() => m.reset({ reason: 'challenge-expired' })}
          onError={(detail) => m.reset({ reason: 'error', detail })}
        />
      </Suspense>
      {m.problem ? <AlertBox type="warning">{m.problem}</AlertBox> : null}
    </div>
  );
}

function CodeSent() {
  const m = useUnit({
    email: $email,
    code: $code,
    error: $codeError,
    canVerify: $canVerify,
    verifying: $verifying,
    codeChanged,
    verifyClicked,
    changeEmailClicked,
  });
  return (
    <form className="stack" noValidate onSubmit={submit(m.verifyClicked)}>
      <p role="status">{copy.codeSentTo(m.email)}</p>
      <TextField
        id="account-code"
        className="field--code"
        label={copy.codeLabel}
        hint={copy.codeHint}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={6}
        value={m.code}
        // Paste '123 456' or type '12-34-56': the model keeps the digits.
        onValue={m.codeChanged}
        error={m.error}
      />
      <div className="actions">
        <Button data-primary-action="" type="submit" disabled={!m.canVerify} loading={m.verifying}>
          {copy.verify}
        </Button>
        <Button variant="link" onClick={() => m.changeEmailClicked()}>
          {copy.changeEmail}
        </Button>
      </div>
    </form>
  );
}

function ConfirmName() {
  const m = useUnit({
    email: $email,
    name: $fullName,
    error: $fullNameError,
    saving: $savingName,
    signingOut: $signingOut,
    fullNameChanged,
    nameConfirmed,
    signOutClicked,
  });
  return (
    <form className="stack" noValidate onSubmit={submit(m.nameConfirmed)}>
      <p>
        {copy.emailConfirmed} <strong>{m.email}</strong>
      </p>
      <p>{copy.nameIntro}</p>
      <TextField
        id="account-fullname"
        label={copy.fullNameLabel}
        hint={loginMessages.fullNameHint}
        autoComplete="name"
        value={m.name}
        onValue={m.fullNameChanged}
        error={m.error}
      />
      <div className="actions">
        <Button data-primary-action="" type="submit" loading={m.saving} disabled={m.signingOut}>
          {copy.continue}
        </Button>
        <Button variant="link" type="button" onClick={() => m.signOutClicked()} loading={m.signingOut}>
          {copy.notYou}
        </Button>
      </div>
    </form>
  );
}

function ConfirmAccount({ fallbackEmail }: { fallbackEmail: string }) {
  const m = useUnit({ user: $user, signingOut: $signingOut, accountConfirmed, signOutClicked });
  const name = m.user?.full_name || [m.user?.first_name, m.user?.last_name].filter(Boolean).join(' ');
  return (
    <div className="stack">
      <p>
        {copy.signedInAs} <strong>{name}</strong> ({m.user?.email ?? fallbackEmail}).
      </p>
      <div className="actions">
        <Button data-primary-action="" onClick={() => m.accountConfirmed()} disabled={m.signingOut}>
          {copy.continue}
        </Button>
        <Button variant="link" onClick={() => m.signOutClicked()} loading={m.signingOut}>
          {copy.notYou}
        </Button>
      </div>
    </div>
  );
}
