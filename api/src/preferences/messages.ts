/** What the server says about marketing choices that the spec does not word. */
export const preferencesMessages = {
  nobodyToSubscribe: 'Please confirm your email address before choosing how we keep you updated.',
  organiserNotInBasket: (id: number) =>
    `Organiser ${id} has nothing in your basket, so its updates cannot be chosen here.`,
  subscribed: (email: string) => `Thank you. ${email} will now get our event news and discounts.`,
  tooManySignUps: 'Too many sign-ups from your connection. Please wait a few minutes and try again.',
} as const;
