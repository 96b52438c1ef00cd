/**
 * The questions step's words. The spec's own: the title, 'Basket / Applies to all',
 * 'Ticket N', Continue. 'Required', 'Please enter your answer' and the save failure are in
 * shared/src/messages/questions.ts. The two notices are ours: the spec names them without their words
 * (docs/domain-rules.md, 'The questions' notices').
 */
export const copy = {
  title: 'Ticket Questions',
  basketStep: 'Basket / Applies to all',
  ticketStep: (n: number) => `Ticket ${n}`,
  stepsLabel: 'Question steps',
  /** Read after a step's name by screen readers; sighted buyers see the tick. */
  completed: 'completed',
  continue: 'Continue',
  /** The empty first option of a dropdown question. */
  chooseAnswer: 'Choose an answer',
  fundraisingNotice: (event: string) =>
    `${event} raises money for charity. The organiser may use the contact details and answers you give here to tell you about its fundraising. You can ask them to stop at any time.`,
  diversityNotice: (organiser: string) =>
    `${organiser} asks some of these questions to learn who comes to its events, so it can make them welcoming to everyone. It looks at the answers of its audiences as a whole.`,
} as const;
