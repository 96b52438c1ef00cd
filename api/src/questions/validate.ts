import { messages } from '@checkout/shared';
import type { AnswerSlot } from './expected';
import { questionMessages } from './messages';

const CHECKED = new Set(['1', 'true', 'on']);
const UNCHECKED = new Set(['0', 'false', '']);

/** A checkbox's answer as stored: '1' ticked, '0' not. */
function checkboxValue(answer: string): '1' | '0' | undefined {
  if (CHECKED.has(answer)) return '1';
  if (UNCHECKED.has(answer)) return '0';
  return undefined;
}

export interface CheckedAnswers {
  /** What to store, one per answered slot. */
  answers: { slot: AnswerSlot; answer: string }[];
  /** Field errors by answer key; empty when every answer is acceptable. */
  errors: Record<string, string>;
}

function isAnswered(slot: AnswerSlot, answer: string | undefined): boolean {
  if (answer === undefined || answer === '') return false;
  return slot.type === 'checkbox' ? checkboxValue(answer) === '1' : true;
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
    if (slot.type === 'checkbox') {
      const value = checkboxValue(answer);
      if (value === undefined) errors[key] = questionMessages.invalidCheckbox;
      else answers.push({ slot, answer: value });
      continue;
    }
    if (slot.type === 'dropdown' && answer !== '' && !slot.options.includes(answer)) {
      errors[key] = questionMessages.invalidOption;
      continue;
    }
    if (answer !== '') answers.push({ slot, answer });
  }
  const groups = new Map<string, AnswerSlot[]>();
  for (const slot of slots) groups.set(slot.group, [...(groups.get(slot.group) ?? []), slot]);
  for (const members of groups.values()) {
    if (!members.some((slot) => slot.mandatory)) continue;
    if (members.some((slot) => isAnswered(slot, given[slot.key]))) continue;
    const first = members[0];
    if (first && !(first.key in errors)) errors[first.key] = messages.answerRequired;
  }
  return { answers, errors };
}
