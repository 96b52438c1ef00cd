/** The verdict on a captcha token: passed, or refused with the sentence the buyer sees. */
export type CaptchaVerdict = { ok: true } | { ok: false; expired: boolean; message: string };

/** Checks a token the page's widget produced: hCaptcha's siteverify, or the offline sandbox. */
export interface CaptchaVerifier {
  verify(token: string, remoteIp: string): Promise<CaptchaVerdict>;
}
