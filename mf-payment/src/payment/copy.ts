/**
 * Labels, buttons and notes of the payment step (the delivery and awaiting-bank steps have their own copy.ts). The spec's own labels ('Choose your payment method', 'Instant Bank
 * Transfer', …) are copied letter for letter; its sentences (errors, validation messages) come from @checkout/shared's
 * messages and are never repeated here.
 */
export const copy = {
  payment: {
    contactLegend: 'Contact details',
    contactNumber: 'Contact number',
    chooseMethod: 'Choose your payment method',
    bankTransfer: 'Instant Bank Transfer',
    card: 'Credit or Debit Card',
    instalments: 'Pay in instalments: Set up a payment plan',
    pay: 'Pay',
    payAmount: (amount: string) => `Pay ${amount}`,
    loadingMethods: 'Preparing your payment options',
    paymentErrorTitle: 'Your payment was not completed',
    bankIntro:
      'Pay straight from your bank account: you will approve the payment in your own bank, then come back here.',
  },
  card: {
    billingLegend: 'Billing',
    postcode: 'Billing postcode',
    country: 'Country',
    cardLegend: 'Card details',
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    numberInvalid: 'Type the long number on the front of your card',
    expiryInvalid: 'Type the expiry date as MM/YY',
    cvcInvalid: 'Type the 3 or 4 digit code on the back of your card',
    sandboxNote: 'Test mode: no real card is charged.',
    stripeLoadFailed: 'The card form could not be loaded. Please try again.',
  },
  square: {
    billingLegend: 'Billing address',
    secureLegend: 'Secure Payment',
    loading: 'Loading the secure card form',
    loadFailed: 'The card form could not be loaded. Please try again.',
    address1: 'Address line 1',
    town: 'Town or city',
    postcode: 'Postcode',
  },
  instalments: {
    legend: 'Pay in instalments',
    months: 'Number of months',
    scheduleCaption: 'Payment schedule',
    dueDate: 'Due date',
    amount: 'Amount',
    firstRowNote: 'Covers the initial payment, any tickets paid in full and any fees',
    mobile: 'Please enter a mobile number *',
    mobileNote: 'We will send you an SMS reminder before each payment.',
    mobileRequired: 'Please enter a mobile number',
    contactNumberNote: 'We will send an SMS reminder before each payment to the contact number above.',
    cardsLegend: 'Payment card',
    savedCard: (brand: string, last4: string, expiry: string) => `${brand} ending ${last4}, expires ${expiry}`,
    newCard: 'New payment card',
    makeDefault: 'Make default payment method',
    nameOnCard: 'Name on card',
  },
  express: {
    accountLegend: 'Account',
    fullName: 'Full name',
    email: 'Email address',
    termsNote: 'Your tickets will be sent to an account in your name. By continuing you agree to our',
    termsLink: 'purchase terms and conditions',
    preferencesLegend: 'Preferences',
    newsletter: 'Send me the newsletter with events and offers',
  },
  inAppBrowser: {
    explanation:
      'Payments may not work in this app. Copy the link and open it in your browser (for example Safari or Chrome).',
    copyLink: 'Copy link',
    copied: 'Copied',
  },
} as const;
