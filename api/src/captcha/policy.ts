import type { Clock } from '../platform/clock';
import type { Db } from '../db/schema';
import { recordReserveAttempt } from './attempts';
import type { CaptchaConfig } from './config';
import { hcaptchaVerifier } from './hcaptcha';
import { SandboxCaptcha } from './sandbox';
import type { CaptchaVerdict, CaptchaVerifier } from './verifier';

/**
 * When a reservation must pass a captcha first: always for an event configured so (captcha_required), and for any
 * basket once one client address has made more than `reserveLimit` reserve attempts within the window (a bot brake
 * for on-sales). The verifier is hCaptcha's siteverify when configured, the offline sandbox otherwise.
 */
export class CaptchaPolicy {
  readonly siteKey: string;
  readonly sandbox: SandboxCaptcha | undefined;
  private readonly verifier: CaptchaVerifier;

  constructor(
    private readonly config: CaptchaConfig,
    private readonly db: Db,
    private readonly clock: Clock,
    fetchImpl?: typeof fetch,
  ) {
    this.siteKey = config.siteKey;
    if (config.mode === 'hcaptcha' && config.secret) {
      this.sandbox = undefined;
      this.verifier = hcaptchaVerifier({
        secret: config.secret,
        siteKey: config.siteKey,
        verifyUrl: config.verifyUrl,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
      });
    } else {
      this.sandbox = new SandboxCaptcha(db, clock, config);
      this.verifier = this.sandbox;
    }
  }

  /** Counts a reserve attempt from `address` (in the database: every replica counts it); true when over the limit. */
  async attempt(address: string): Promise<boolean> {
    if (this.config.reserveLimit === 0) return false;
    return (
      (await recordReserveAttempt(this.db, address, this.config.reserveWindowSeconds, this.clock.now())) >
      this.config.reserveLimit
    );
  }

  verify(token: string, remoteIp: string): Promise<CaptchaVerdict> {
    return this.verifier.verify(token, remoteIp);
  }
}

const policies = new WeakMap<object, CaptchaPolicy>();

/** The app's one policy (its attempt counts and sandbox are shared by reserve_tickets and the sandbox route). */
export function captchaPolicyFor(deps: { config: { captcha: CaptchaConfig }; db: Db; clock: Clock }): CaptchaPolicy {
  let policy = policies.get(deps);
  if (!policy) {
    policy = new CaptchaPolicy(deps.config.captcha, deps.db, deps.clock);
    policies.set(deps, policy);
  }
  return policy;
}
