import { placeholderStep } from '@checkout/shared/parcel';

// Titles as the spec names each screen (section 2).
export const QuestionsBeforeStep = placeholderStep('ticket_questions_before', 'Ticket Questions');
export const QuestionsAfterStep = placeholderStep('ticket_questions_after', 'Ticket Questions');
export const AfterSaleMessagesStep = placeholderStep('after_sale_messages', 'Organiser message');
export const WaiverStep = placeholderStep('waiver', 'Activity Terms and Conditions');
export const OrderCompletedStep = placeholderStep('order_completed', 'Order completed');
