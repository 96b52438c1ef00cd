import { depsOf } from '@checkout/shared/parcel';
import { useEffect } from 'react';
import { useUnit } from 'effector-react';
import { type StepProps } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/captcha';
import { AlertBox, Button } from '@checkout/shared/ui';
import { $captchaSiteKey, $reservingTickets } from '../reserve/model';
import { useFocusOnArrival } from '@checkout/shared/ui';
import { HCaptchaWidget, SandboxCaptcha, SANDBOX_SITE_KEY, type CaptchaWidgetProps } from '@checkout/shared/captcha';
import {
  $captchaProblem,
  $captchaToken,
  $challengeRound,
  captchaReset,
  captchaStepOpened,
  captchaVerified,
  continueClicked,
} from './model';
import '../ui/step.css';
import './captcha.css';

/**
 * The captcha step (title Checkout): the prompt, the challenge, and Continue once it
 * is passed. The order summary is the shell's; the countdown does not run in this state.
 */
export function CaptchaStep(props: StepProps) {
  const checkout = useUnit(props.stores.$checkout);
  const m = useUnit({
    token: $captchaToken,
    problem: $captchaProblem,
    round: $challengeRound,
    siteKey: $captchaSiteKey,
    reserving: $reservingTickets,
    opened: captchaStepOpened,
    verified: captchaVerified,
    reset: captchaReset,
    continueClicked,
  });
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const { opened } = m;
  useEffect(() => {
    opened();
  }, [opened]);
  // A fresh challenge after a refused token: focus back at the top, where the toast and the prompt are.
  useEffect(() => {
    if (m.round > 0) heading.current?.focus();
  }, [m.round, heading]);

  // The key the server asked for (reserve_tickets' captcha_sitekey, else get_checkout's), else the sandbox's.
  const sitekey = m.siteKey ?? checkout?.captcha_sitekey ?? SANDBOX_SITE_KEY;
  const widget: CaptchaWidgetProps = {
    sitekey,
    onVerify: (token) => m.verified(token),
    onExpire: () => m.reset({ reason: 'expired' }),
    onChallengeExpire: () => m.reset({ reason: 'challenge-expired' }),
    onError: (detail) => m.reset({ reason: 'error', detail }),
  };

  return (
    <section className="stack captcha" aria-labelledby="captcha-title">
      <h1 id="captcha-title" ref={heading} tabIndex={-1} className="step-heading">
        Checkout
      </h1>
      <p className="captcha__prompt">{messages.captchaPrompt}</p>
      {props.config.hcaptchaSiteKey ? (
        <HCaptchaWidget key={m.round} {...widget} />
      ) : (
        <SandboxCaptcha key={m.round} apiBase={props.config.apiBase} {...widget} />
      )}
      {m.problem ? <AlertBox type="warning">{m.problem}</AlertBox> : null}
      <div className="captcha__actions">
        <Button
          data-primary-action=""
          disabled={m.token === null}
          loading={m.reserving}
          onClick={() => m.continueClicked({ deps: depsOf(props), checkout })}
        >
          Continue
        </Button>
      </div>
    </section>
  );
}
