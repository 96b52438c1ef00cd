import type { RuntimeConfig } from '@checkout/shared';
import { HCaptchaWidget, SandboxCaptcha, SANDBOX_SITE_KEY, type CaptchaWidgetProps } from '@checkout/shared/captcha';

export interface SendCaptchaWidgetProps extends Omit<CaptchaWidgetProps, 'sitekey'> {
  /** The key the server asked with, if it named one. */
  sitekey: string | null;
  config: RuntimeConfig;
}

/**
 * The challenge before another code is sent: hCaptcha's widget when the deployment has a site key, else the offline
 * sandbox's. A chunk of its own (the step loads it lazily).
 */
export function CaptchaWidget({ sitekey, config, ...handlers }: SendCaptchaWidgetProps) {
  const widget: CaptchaWidgetProps = { ...handlers, sitekey: sitekey ?? config.hcaptchaSiteKey ?? SANDBOX_SITE_KEY };
  return config.hcaptchaSiteKey ? (
    <HCaptchaWidget {...widget} />
  ) : (
    <SandboxCaptcha apiBase={config.apiBase} {...widget} />
  );
}
