import type { TicketLine, TicketQuestion, TicketQuestions } from '../contract/entities';

/**
 * Ticket questions: which answers a checkout asks
 * for, under which keys, and how the stepped form groups them. The page builds its form from these and the server
 * checks the answers it receives against the same slots, so both agree on every key.
 */

/** What the rules read of a ticket line. */
export type QuestionTicket = Pick<TicketLine, 'ticket_id' | 'qty'>;

/** One answer the checkout asks for. */
export interface AnswerSlot {
  /** answer_{ticket_id}_{question id}, plus _{ticket counter} for a per-ticket question. */
  key: string;
  ticket_id: number;
  question: TicketQuestion;
  /** 1..qty of this ticket type for a per-ticket question; 0 for a once-per-checkout one. */
  ticket_counter: number;
  /**
   * Slots of one group answer one question: a once-per-checkout question is asked once however many ticket types carry
   * it (the same question id, or questions sharing an osq_id). Every per-ticket slot is a group of its own.
   */
  group: string;
}

const isOnce = (question: TicketQuestion) => question.once_per_checkout === '1';

/** The group a once-per-checkout question belongs to: its shared osq_id, else its own id. */
function onceGroup(question: TicketQuestion): string {
  return question.osq_id !== null ? `osq_${question.osq_id}` : `q_${question.id}`;
}

/**
 * Every answer slot of the checkout, in basket order: for each ticket line its once-per-checkout questions (one key per
 * ticket type), then for each of its tickets (counter 1..qty) its per-ticket questions, in the questions' order.
 */
export function answerSlots(questions: TicketQuestions, tickets: readonly QuestionTicket[]): AnswerSlot[] {
  const slots: AnswerSlot[] = [];
  const seenKeys = new Set<string>();
  const counted = new Map<number, number>();
  for (const line of tickets) {
    const asked = questions[String(line.ticket_id)] ?? [];
    const first = (counted.get(line.ticket_id) ?? 0) + 1;
    counted.set(line.ticket_id, first - 1 + line.qty);
    for (const question of asked.filter(isOnce)) {
      const key = `answer_${line.ticket_id}_${question.id}`;
      if (seenKeys.has(key)) continue;
      seenKeys.add(key);
      slots.push({ key, ticket_id: line.ticket_id, question, ticket_counter: 0, group: onceGroup(question) });
    }
    for (let counter = first; counter < first + line.qty; counter += 1) {
      for (const question of asked.filter((q) => !isOnce(q))) {
        const key = `answer_${line.ticket_id}_${question.id}_${counter}`;
        slots.push({ key, ticket_id: line.ticket_id, question, ticket_counter: counter, group: key });
      }
    }
  }
  return slots;
}

/** The slots grouped by `group`, in first-seen order. */
export function slotGroups(slots: readonly AnswerSlot[]): AnswerSlot[][] {
  const groups = new Map<string, AnswerSlot[]>();
  for (const slot of slots) groups.set(slot.group, [...(groups.get(slot.group) ?? []), slot]);
  return [...groups.values()];
}

// ---- The stepped form --------------------------------------------------------------------------------------------

/** One question as the form asks it; its answer is sent under `key`. */
export interface QuestionField {
  key: string;
  question: TicketQuestion;
}

export type QuestionStep =
  | { kind: 'basket'; id: 'basket'; fields: QuestionField[] }
  | {
      kind: 'ticket';
      id: string;
      /** 'Ticket N': N counts the ticket steps shown, from 1. */
      number: number;
      ticket_id: number;
      ticket_name: string;
      fields: QuestionField[];
    };

/**
 * The stepped form: first 'Basket / Applies to all' with each once-per-checkout question asked once (its group's first
 * key), then a step per ticket (qty expanded) with that ticket's questions. Steps without questions are left out.
 */
export function questionSteps(
  questions: TicketQuestions,
  tickets: readonly (QuestionTicket & Pick<TicketLine, 'ticket_name'>)[],
): QuestionStep[] {
  const slots = answerSlots(questions, tickets);
  const steps: QuestionStep[] = [];
  const basket = slotGroups(slots.filter((slot) => slot.ticket_counter === 0)).flatMap((group) =>
    group[0] ? [group[0]] : [],
  );
  if (basket.length)
    steps.push({ kind: 'basket', id: 'basket', fields: basket.map(({ key, question }) => ({ key, question })) });
  const names = new Map(tickets.map((line) => [line.ticket_id, line.ticket_name]));
  let number = 0;
  const byId = new Map<string, Extract<QuestionStep, { kind: 'ticket' }>>();
  for (const slot of slots) {
    if (slot.ticket_counter === 0) continue;
    const id = `ticket_${slot.ticket_id}_${slot.ticket_counter}`;
    let step = byId.get(id);
    if (!step) {
      number += 1;
      step = {
        kind: 'ticket',
        id,
        number,
        ticket_id: slot.ticket_id,
        ticket_name: names.get(slot.ticket_id) ?? '',
        fields: [],
      };
      byId.set(id, step);
      steps.push(step);
    }
    step.fields.push({ key: slot.key, question: slot.question });
  }
  return steps;
}

// ---- Answers -----------------------------------------------------------------------------------------------------

/** Answers by key, as the form holds and sends them (a checkbox is '1' ticked or '0'). */
export type Answers = Readonly<Record<string, string>>;

export const CHECKBOX_TICKED = '1';
export const CHECKBOX_UNTICKED = '0';

/** Whether a value answers the question: a ticked checkbox, one of a dropdown's options, or non-blank text. */
export function isAnswered(
  question: Pick<TicketQuestion, 'type' | 'prepopulated_array'>,
  value: string | undefined,
): boolean {
  if (value === undefined) return false;
  switch (question.type) {
    case 'checkbox':
      return value === CHECKBOX_TICKED;
    case 'dropdown':
      return question.prepopulated_array.includes(value);
    case 'text':
      return value.trim() !== '';
  }
}

export const isMandatory = (question: Pick<TicketQuestion, 'mandatory'>) => question.mandatory === '1';

/** Keys of the step's mandatory questions still unanswered, in the step's order. */
export function missingAnswers(step: QuestionStep, answers: Answers): string[] {
  return step.fields
    .filter((field) => isMandatory(field.question) && !isAnswered(field.question, answers[field.key]))
    .map((field) => field.key);
}

/** A step counts as complete once visited and all its mandatory answers are filled. */
export function isStepComplete(step: QuestionStep, answers: Answers, visited: ReadonlySet<string>): boolean {
  return visited.has(step.id) && missingAnswers(step, answers).length === 0;
}

/** Index of the first step not complete, or -1 when every step is. */
export function firstIncompleteStep(
  steps: readonly QuestionStep[],
  answers: Answers,
  visited: ReadonlySet<string>,
): number {
  return steps.findIndex((step) => !isStepComplete(step, answers, visited));
}

/** What Save sends: every field's answer ('' when left empty; an untouched checkbox is '0'). */
export function answersToSend(steps: readonly QuestionStep[], answers: Answers): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const step of steps) {
    for (const { key, question } of step.fields) {
      const value = answers[key] ?? '';
      sent[key] =
        question.type === 'checkbox' ? (value === CHECKBOX_TICKED ? CHECKBOX_TICKED : CHECKBOX_UNTICKED) : value;
    }
  }
  return sent;
}
