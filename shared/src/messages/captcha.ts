/**
 * The captcha's sentences: the spec's prompt and expiry notice and our own words for a challenge that
 * failed without expiring (a provider's sentence is shown as it is).
 */

export const captchaExpired = 'The captcha challenge has expired. Please complete the challenge again.';
export const captchaPrompt = "Please prove you're a human being completing the CAPTCHA challenge.";
export const captchaNotVerified = 'The challenge could not be verified. Please try again.';
export const captchaUnavailable = 'The challenge could not be checked just now. Please try again.';
export const captchaRateLimited = 'Too many attempts at the challenge. Please wait a moment and try again.';
