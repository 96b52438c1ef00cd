/**
 * The captcha widgets a step shows when the server asks for a challenge (reserve_tickets, send_one_time_code): the
 * offline sandbox challenge, or hCaptcha's own widget when a site key is configured (loaded only then). A separate
 * entry (`@checkout/shared/captcha`) so that a step without a captcha never bundles them.
 */
export { HCaptchaWidget } from './HCaptchaWidget';
export { SandboxCaptcha, type CaptchaWidgetProps, type SandboxCaptchaProps, type Schedule } from './SandboxCaptcha';
export {
  SANDBOX_SITE_KEY,
  SANDBOX_UNREACHABLE,
  solveSandboxCaptcha,
  xsrfTokenFrom,
  type SandboxAnswer,
  type SandboxOutcome,
} from './sandbox-client';
