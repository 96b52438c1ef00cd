/** What the captcha says when a challenge fails (the provider's own text beside the spec's expiry sentence). */
export const captchaMessages = {
  /** The sandbox's answer to a failed challenge, and the reason a token is refused (not an expiry). */
  challengeFailed: 'The challenge could not be verified.',
  /** hCaptcha could not be reached: nothing is reserved, the buyer may try again. */
  unavailable: 'The challenge could not be checked just now. Please try again.',
} as const;
