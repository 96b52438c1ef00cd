/**
 * The ticket questions' sentences (spec sections 5 and 8).
 */

export const saveAnswersFailed = 'Unable to save your answers. Please try again';
export const required = 'Required';
export const answerRequired = 'Please enter your answer';
