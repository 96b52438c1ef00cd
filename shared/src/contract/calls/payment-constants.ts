// Plain values of the payment calls, in a module without schemas: a remote that needs only these does not bundle zod
// (a module's top-level schema calls cannot be tree-shaken, so importing one constant from payment.ts took zod along).

/** The open-banking provider's name as the buyer sees it in 'There was an error with taking you to …'. */
export const OPEN_BANKING_PROVIDER = 'TrueLayer';

/** 'new' (with new_payment_method) or a saved card's payment_method_id. */
export const NEW_PAYMENT_METHOD = 'new';
