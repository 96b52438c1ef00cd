/**
 * The ticket questions' sentences: their validation messages and their calls' failures.
 */

export const saveAnswersFailed = 'Unable to save your answers. Please try again';
export const required = 'Required';
export const answerRequired = 'Please enter your answer';
