/** The waiver page's sentences (the page the waiver step links to; the page itself is ours). */
export const WAIVER_NAME_MAX = 100;

export const waiverMessages = {
  title: 'Activity Terms and Conditions',
  intro: 'Everyone in the booking party reads the terms below and signs them with their own full name.',
  beforeArrival: 'All visitors must sign before arrival on-site.',
  nameLabel: 'Your full name',
  agreeLabel: 'I have read and agree to these terms',
  sign: 'Sign',
  signedBy: 'Signed by',
  noSignatures: 'No one has signed these terms yet.',
  termsNeedScript: 'Reading and signing the terms needs JavaScript.',
  signFailed: 'Sorry, your signature could not be sent. Please try again.',
  nameRequired: 'Please type your full name to sign',
  nameTooLong: `Please type your full name in ${WAIVER_NAME_MAX} characters or fewer`,
  nameUnreadable: 'Please type your full name using letters, spaces and punctuation only',
  agreeRequired: 'Please tick the box to agree to these terms',
  unknownWaiver: 'These terms are not part of this booking. Please reload the page and try again.',
  signed: (name: string) => `Thank you, ${name}: your signature is recorded.`,
  alreadySigned: (name: string) => `${name} has already signed these terms.`,
  full: 'These terms already have as many signatures as one booking can take. Please contact the organiser.',
  tooManyTries: 'Too many signatures from this connection. Please wait a few minutes and try again.',
  linkInvalidTitle: 'Link not valid',
  linkInvalid:
    'This link to the activity terms is not valid. Please use the link in your order confirmation email, or ask the person who made the booking to share it with you.',
  notFoundTitle: 'Terms not found',
  notFound:
    'There are no activity terms to sign at this link. Please check the link you were sent, or ask the person who made the booking.',
} as const;
