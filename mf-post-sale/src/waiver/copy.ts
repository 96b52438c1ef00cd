/** The waiver step's words ('Activity Terms and Conditions'); the toast is messages.linkCopied. */
export const copy = {
  title: 'Activity Terms and Conditions',
  shareWithParty:
    'Share this link with all members of your booking party: each of them reads the activity terms and signs them with their own name.',
  signBeforeArrival: 'All visitors must sign before arrival on-site.',
  linkLabel: 'Waiver link',
  copyLink: 'Copy link',
  share: 'Share',
  openLink: 'Open the waiver to sign it yourself (opens in a new tab)',
  copyFailed: 'Your browser did not let us copy the link: select it in the box above and copy it.',
  continue: 'Continue',
  /** What the device's share sheet receives (spec: title and text). */
  shareTitle: 'Waiver to be signed',
  shareText: 'Please sign the following waiver.',
} as const;
