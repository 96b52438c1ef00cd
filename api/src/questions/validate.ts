import { CHECKBOX_TICKED, CHECKBOX_UNTICKED, isAnswered, isMandatory, slotGroups } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/questions';
import type { AnswerSlot } from './expected';
import { questionMessages } from './messages';

const CHECKED = new Set(['1', 'true', 'on']);
const UNCHECKED = new Set(['0', 'false', '']);

/** A checkbox's answer as stored: '1' ticked, '0' not. */
function checkboxValue(answer: string): string | undefined {
  if (CHECKED.has(answer)) return CHECKBOX_TICKED;
  if (UNCHECKED.has(answer)) return CHECKBOX_UNTICKED;
  return undefined;
}

export interface CheckedAnswers {
  /** What to store, one per answered slot. */
  answers: { slot: AnswerSlot; answer: string }[];
  /** Field errors by answer key; empty when every answer is acceptable. */
  errors: Record<string, string>;
}

/** Whether the slot is answered, by the same rule the page's step completeness uses (rules/questions.ts). */
function answered(slot: AnswerSlot, answer: string | undefined): boolean {
  const value = slot.question.type === 'checkbox' && answer !== undefined ? checkboxValue(answer) : answer;
  return isAnswered(slot.question, value);
}

/**
 * The answers against the questions: no key outside the basket's questions, a checkbox is ticked or not, a dropdown
 * answer is one of its options, and every mandatory question answered (a once-per-checkout group once, under any of
 * its keys). Pure, so the rules are tested as a table.
 */
export function checkAnswers(slots: readonly AnswerSlot[], given: Readonly<Record<string, string>>): CheckedAnswers {
  const byKey = new Map(slots.map((slot) => [slot.key, slot]));
  const errors: Record<string, string> = {};
  const answers: CheckedAnswers['answers'] = [];
  for (const [key, answer] of Object.entries(given)) {
    const slot = byKey.get(key);
    if (!slot) {
      errors[key] = questionMessages.unknownAnswer;
      continue;
    }
    if (slot.question.type === 'checkbox') {
      const value = checkboxValue(answer);
      if (value === undefined) errors[key] = questionMessages.invalidCheckbox;
      else answers.push({ slot, answer: value });
      continue;
    }
    if (slot.question.type === 'dropdown' && answer !== '' && !slot.question.prepopulated_array.includes(answer)) {
      errors[key] = questionMessages.invalidOption;
      continue;
    }
    if (answer.trim() !== '') answers.push({ slot, answer });
  }
  for (const members of slotGroups(slots)) {
    if (!members.some((slot) => isMandatory(slot.question))) continue;
    if (members.some((slot) => answered(slot, given[slot.key]))) continue;
    const first = members[0];
    if (first && !(first.key in errors)) errors[first.key] = messages.answerRequired;
  }
  return { answers, errors };
}
