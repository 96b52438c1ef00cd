/**
 * What the server says about identification that the spec does not word (its catalogue covers the page's own
 * sentences, shared/src/messages.ts). The page shows these inline, as the server words them.
 */
export const identityMessages = {
  codeWrong: (triesLeft: number) =>
    `That code is not right. Please check the email and try again (${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left).`,
  codeUsedUp: 'That code has been tried too many times and no longer works. Please ask for a new code.',
  codeExpired: 'That code has expired: codes are valid for 15 minutes. Please ask for a new code.',
  codeNotValid: 'That code is no longer valid. Please ask for a new code.',
  tooManyCodesForEmail: 'Too many codes have been sent to this email address. Please wait a few minutes and try again.',
  tooManyRequests: 'Too many attempts from your connection. Please wait a few minutes and try again.',
  captchaForEmail:
    'Many codes have been asked for this email address. Please confirm you are human, then send the code again.',
  emailNotVerified: 'Please confirm this email address with the code we sent you first.',
  signedInAlready: 'You are signed in. Sign out first to continue as a guest.',
} as const;
