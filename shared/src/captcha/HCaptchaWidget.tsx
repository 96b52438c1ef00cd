import { lazy, Suspense } from 'react';
import { Spinner } from '../ui/Spinner';
import type { CaptchaWidgetProps } from './SandboxCaptcha';

// Fetched only when a real site key is configured: the sandbox basket never downloads it.
const HCaptcha = lazy(() => import('@hcaptcha/react-hcaptcha'));

/** The real hCaptcha widget (its script comes from hCaptcha's own host), wired to the step's three resets. */
export function HCaptchaWidget({ sitekey, onVerify, onExpire, onChallengeExpire, onError }: CaptchaWidgetProps) {
  return (
    <Suspense fallback={<Spinner label="Loading the challenge" />}>
      <HCaptcha
        sitekey={sitekey}
        onVerify={(token) => onVerify(token)}
        onExpire={onExpire}
        onChalExpired={onChallengeExpire}
        onError={(event) => onError(event)}
      />
    </Suspense>
  );
}
