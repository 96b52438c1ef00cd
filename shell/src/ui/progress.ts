import type { CheckoutState } from '@checkout/shared';

/** The four stages a buyer recognises, in order: what the header's progress indicator shows. */
export const STAGES = ['basket', 'details', 'payment', 'tickets'] as const;
export type Stage = (typeof STAGES)[number];

/**
 * The stage a checkout state belongs to; null while the checkout is still being determined (no stage is current
 * yet). Every one of the spec's states is listed, so a state added to the contract fails to compile here until it is
 * placed.
 */
const STAGE_OF: Record<CheckoutState, Stage | null> = {
  determining: null,
  basket: 'basket',
  captcha: 'basket',
  reserve: 'basket',
  login: 'details',
  marketing_preferences: 'details',
  donation: 'details',
  gift_aid: 'details',
  delivery_address: 'details',
  ticket_questions_before: 'details',
  payment: 'payment',
  awaiting_truelayer: 'payment',
  deliver_tickets: 'tickets',
  ticket_questions_after: 'tickets',
  after_sale_messages: 'tickets',
  waiver: 'tickets',
  order_completed: 'tickets',
};

export function stageOf(state: CheckoutState): Stage | null {
  return STAGE_OF[state];
}

export type StageStatus = 'done' | 'current' | 'upcoming';

/** Where each stage stands when the checkout is in `state`: before the current one done, after it upcoming. */
export function stageStatuses(state: CheckoutState): Array<{ stage: Stage; status: StageStatus }> {
  const current = stageOf(state);
  const at = current === null ? -1 : STAGES.indexOf(current);
  return STAGES.map((stage, index) => ({
    stage,
    status: at === -1 ? 'upcoming' : index < at ? 'done' : index === at ? 'current' : 'upcoming',
  }));
}
