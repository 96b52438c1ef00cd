/** What the server says about donations that the spec does not word. */
export const donationMessages = {
  charityNotInBasket: 'That charity is not the charity of an organiser in your basket.',
  noGiftAid: 'This charity does not claim Gift Aid.',
} as const;
