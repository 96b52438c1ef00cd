/**
 * Labels and sentences of the order-completed step. The spec's own words ('Order complete! Your tickets are on their
 * way.', 'How did we do?', 'Transfer tickets', 'This ticket is a gift', 'Leave a message...', …) are copied letter for
 * letter; its toasts and validation messages come from @checkout/shared/messages/order-completed. The rest is ours.
 */
export const copy = {
  referenceLead: 'Your reference is',
  complete: 'Order complete! Your tickets are on their way.',
  walletCopySent: (email: string | null) =>
    email
      ? `A copy of your ticket wallet has been sent to ${email}.`
      : 'A copy of your ticket wallet has been sent to your email address.',
  subscribe: 'Subscribe to important updates',
  planComplete: 'Order Complete - Payment Schedule Setup',
  planInfo: [
    'We have emailed you your payment schedule.',
    'We will remind you by SMS and email before each payment is taken.',
    'You can update your payment method in your account settings.',
    'Your tickets will be delivered to your ticket wallet after the final payment.',
  ],
  tilesLabel: 'What next',
  tiles: {
    livestream: 'How to watch the livestream',
    watch: (title: string) => `Watch ${title} online`,
    wallet: 'Go to your ticket wallet',
    walletText: 'Your tickets and their QR codes, ready for the door.',
    feedback: 'How did we do?',
    feedbackText: 'Tell us about your checkout.',
    transfer: 'Transfer tickets',
    transferText: 'Send tickets to friends, or give them as a gift.',
    findAPlace: 'Find a place to stay',
    findAPlaceText: 'Places to stay near the venue.',
    shareText: 'Tell your friends about the event.',
  },
  feedback: {
    title: 'How did we do?',
    label: 'Feedback',
    close: 'Close',
    send: 'Send',
  },
  share: {
    title: 'Share with friends & family',
    messageLabel: (title: string) => `Message to share about ${title}`,
    copy: 'Copy',
    copied: 'Copied',
    close: 'Close',
  },
  transfer: {
    title: 'Transfer tickets',
    explanation:
      'Each person you send tickets to gets a transfer notification by email. When they accept it, the tickets move to their account; tickets they ignore stay in your ticket wallet.',
    recipient: (n: number) => `Recipient ${n}`,
    quantity: 'Quantity',
    fewer: (n: number) => `Fewer tickets for recipient ${n}`,
    more: (n: number) => `More tickets for recipient ${n}`,
    gift: 'This ticket is a gift',
    name: 'Full name',
    email: 'Email',
    remove: (n: number) => `Remove recipient ${n}`,
    add: (title: string) => `Add a recipient for ${title}`,
    whenLegend: 'When should the gift arrive?',
    date: 'Delivery date',
    dateHint: 'dd/mm/yyyy',
    time: 'Delivery time',
    // Gifts are scheduled in UK time (the server's GIFT_TIME_ZONE); the hint also lines the select up with the date.
    timeHint: 'UK time',
    timePlaceholder: 'Choose a time',
    message: 'Message',
    messagePlaceholder: 'Leave a message...',
    back: 'Back',
    send: 'Send tickets',
  },
  findAPlace: {
    title: 'Find a place to stay',
    near: (title: string) => `Find a place to stay near the ${title} event`,
    mapTitle: (title: string) => `Places to stay near the ${title} event`,
    addressIntro: 'Look for places to stay around the venue:',
  },
  back: 'Back',
  moreEvents: 'Browse more events',
} as const;
