/**
 * Our own words on this step: labels, buttons and notes the spec does not word. The spec's sentences (errors,
 * validation messages, field hints, titles) come from @checkout/shared/messages/<step>; nothing here repeats one of them.
 * One module per step, so that a step's chunk carries its own words and no other step's.
 */
export const copy = {
  title: 'Account',
  emailLabel: 'Email address',
  emailIntro: 'We will email you a 6-digit code to confirm it is you.',
  sendCode: 'Send code',
  /** While the challenge's own code is fetched. */
  loadingChallenge: 'Loading the challenge',
  codeSentTo: (email: string) => `We have sent a 6-digit code to ${email}. It is valid for 15 minutes.`,
  codeLabel: 'Code',
  codeHint: 'The 6 digits from the email',
  verify: 'Verify',
  changeEmail: 'Check or change email address, or re-send code',
  nameIntro: 'Almost there: who are the tickets for?',
  /** Before the email, on the name form: the address this browser proved by code. */
  emailConfirmed: 'Your email address is confirmed:',
  fullNameLabel: 'Full name',
  continue: 'Continue',
  signedInAs: 'You are signed in as',
  notYou: 'Not you? Sign out',
  /** A code check failed without a sentence from the server (e.g. the network dropped). */
  codeCheckFailed: 'We could not check the code. Please try again.',
  saveNameFailed: 'We could not save your name. Please try again.',
} as const;
