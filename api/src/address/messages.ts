/** What the server says about addresses that the spec does not word. */
export const addressMessages = {
  notYourAddress: 'That address is not in your address book.',
  unknownCountry: 'Please choose a country from the list.',
  unknownState: 'Please choose a state from the list.',
  tooManyLookups: 'Too many address searches from your connection. Please wait a few minutes and try again.',
} as const;
