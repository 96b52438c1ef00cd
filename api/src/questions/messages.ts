/** The server's reasons for refusing answers (our words; the page shows its own 'Unable to save your answers…'). */
export const questionMessages = {
  unknownAnswer: 'This answer is not for a question of this checkout',
  invalidCheckbox: 'A checkbox answer is 1 or 0',
  invalidOption: 'Choose one of the options',
} as const;
