import { useEffect, useRef, useState } from 'react';
import { solveSandboxCaptcha, type SandboxAnswer, type SandboxOutcome } from './sandbox-client';
import './captcha.css';

/** Runs `callback` after `ms`; returns a cancel function. Injectable so a test can expire a token at once. */
export type Schedule = (callback: () => void, ms: number) => () => void;

const realSchedule: Schedule = (callback, ms) => {
  const id = window.setTimeout(callback, ms);
  return () => window.clearTimeout(id);
};

export interface CaptchaWidgetProps {
  sitekey: string;
  onVerify: (token: string) => void;
  /** The passed challenge's token expired. */
  onExpire: () => void;
  /** The challenge itself expired before it was passed (hCaptcha's onChalExpired). */
  onChallengeExpire: () => void;
  /** The provider's own error text. */
  onError: (detail: string) => void;
}

export interface SandboxCaptchaProps extends CaptchaWidgetProps {
  apiBase: string;
  solve?: (sitekey: string, outcome?: SandboxOutcome) => Promise<SandboxAnswer>;
  schedule?: Schedule;
}

type Status = 'idle' | 'solving' | 'verified';

/**
 * The offline stand-in for hCaptcha: a box with an 'I am human' checkbox the sandbox server verifies, 'Verified' once
 * passed, expiry after the server's expires_in, and a button for testers to make the challenge fail.
 */
export function SandboxCaptcha({
  sitekey,
  apiBase,
  onVerify,
  onExpire,
  onError,
  solve,
  schedule = realSchedule,
}: SandboxCaptchaProps) {
  const [status, setStatus] = useState<Status>('idle');
  const cancelExpiry = useRef<() => void>(() => undefined);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      cancelExpiry.current();
    };
  }, []);

  const attempt = async (outcome?: SandboxOutcome) => {
    if (status === 'solving') return;
    cancelExpiry.current();
    setStatus('solving');
    const answer = await (
      solve ?? ((key, o) => solveSandboxCaptcha({ sitekey: key, apiBase, ...(o ? { outcome: o } : {}) }))
    )(sitekey, outcome);
    if (!live.current) return;
    if (!answer.ok) {
      setStatus('idle');
      onError(answer.error);
      return;
    }
    setStatus('verified');
    onVerify(answer.token);
    cancelExpiry.current = schedule(() => {
      if (!live.current) return;
      setStatus('idle');
      onExpire();
    }, answer.expiresIn * 1000);
  };

  return (
    <div className="sandbox-captcha" role="group" aria-label="Human verification">
      <div className="sandbox-captcha__row">
        <label className="sandbox-captcha__check">
          <input
            type="checkbox"
            checked={status === 'verified'}
            aria-busy={status === 'solving' || undefined}
            onChange={() => {
              if (status === 'idle') void attempt();
            }}
          />
          <span>I am human</span>
        </label>
        <span className="sandbox-captcha__status" role="status">
          {status === 'verified' ? 'Verified' : status === 'solving' ? 'Checking…' : ''}
        </span>
      </div>
      <div className="sandbox-captcha__foot">
        <span>Sandbox challenge</span>
        <button
          type="button"
          className="sandbox-captcha__fail"
          disabled={status === 'solving'}
          onClick={() => void attempt('fail')}
        >
          Simulate a failed challenge
        </button>
      </div>
    </div>
  );
}
