/**
 * Our own words on these steps: labels, buttons and notes the spec does not word. The spec's sentences (errors,
 * validation messages, field hints, titles) come from @checkout/shared/messages/<step>; nothing here repeats one of them.
 */
export const copy = {
  account: {
    title: 'Account',
    loading: 'Checking your account',
    emailLabel: 'Email address',
    emailIntro: 'We will email you a 6-digit code to confirm it is you.',
    sendCode: 'Send code',
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
  },
  marketing: {
    title: 'Keep updated',
    intro: 'Choose what you would like to hear about. You can unsubscribe at any time.',
    legend: 'Email updates',
    ctSubscribed: 'Exclusive event news and discounts (our newsletter)',
    eventSubscribed: 'Important updates about the events you book',
    continue: 'Continue',
  },
  donation: {
    fallbackTitle: 'Donation',
    logoAlt: (charity: string) => `${charity} logo`,
    amountLegend: 'Donation amount',
    otherAmount: 'Other amount',
    feeNotice: (percent: string, pence: string) =>
      `A fee of ${percent}% + ${pence}p is added to your donation to cover card and processing costs.`,
    summary: (donation: string, fee: string, total: string) => `Your donation ${donation} + fee ${fee} = ${total}`,
    donate: 'Add donation',
    skip: 'Skip donation',
  },
  giftAid: {
    title: 'Gift Aid',
    uplift: (donation: string, uplifted: string) =>
      `Gift Aid turns your ${donation} donation into ${uplifted} at no extra cost to you.`,
    optIn: 'Yes, add Gift Aid to my donation',
    confirmLegend: 'Please confirm all of the following',
    confirmTaxpayer:
      'I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax than the amount of Gift Aid claimed on all my donations in this tax year it is my responsibility to pay any difference.',
    confirmOwnMoney: 'This donation is my own money. It is not from a company, a collection or anyone else.',
    confirmNotGambling:
      'I am not receiving anything in return, and this is not a payment for a raffle, lottery or gambling.',
    confirmAll: 'Please confirm all three statements to add Gift Aid.',
    residenceLegend: 'Where do you live?',
    ukResident: 'In the UK',
    overseas: 'Overseas (a UK taxpayer living abroad)',
    addressIntro: (threshold: string) =>
      `For a donation of ${threshold} or more the charity needs your home address to claim Gift Aid.`,
    address1: 'Address line 1',
    overseasAddress: 'Home address',
    postcode: 'Postcode',
    subscribe: (charity: string) => `Keep me updated about ${charity}'s work`,
    continue: 'Continue',
  },
  delivery: {
    title: 'Delivery Address',
    why: (what: 'tickets' | 'vouchers' | 'both') =>
      what === 'vouchers'
        ? 'Gift vouchers are sent by post, so we need the address to send them to.'
        : what === 'both'
          ? 'Your order is sent by post, so we need the address to send it to.'
          : 'Your tickets are sent by post, so we need the address to send them to.',
    savedLegend: 'Deliver to',
    newAddress: 'A new address',
    deleteAddress: (name: string) => `Delete the address of ${name}`,
    delete: 'Delete',
    deleteFailed: 'Unable to delete the address. Please try again later',
    lookupLabel: 'Find an address by postcode or street',
    find: 'Find',
    lookupResults: 'Addresses found',
    noResults: 'No addresses found. Please type the address below.',
    useAddress: 'Use this address',
    firstName: 'First name',
    lastName: 'Last name',
    address1: 'Address line 1',
    address2: 'Address line 2',
    town: 'Town/City',
    postcode: 'Postcode',
    country: 'Country',
    state: 'State',
    choose: 'Choose…',
    voucherLegend: 'Gift voucher',
    voucherFrom: 'Who is it from?',
    voucherTo: 'Who is it for?',
    continue: 'Continue',
  },
} as const;
