/**
 * The login step's sentences: its calls' failures and its validation messages and field hints.
 */

export const sendCodeFailed = 'Unable to send the code. Please try again later';
export const logoutFailed = 'Unable to log out. Please refresh the page';
export const invalidEmail = 'Please type a valid email address';
export const emailHint = 'Type your email address';
export const fullNameRequired = 'Please type both your first and last name(s)';
export const fullNameHint = 'Type your full name';
