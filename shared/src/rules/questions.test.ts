import type { TicketQuestion, TicketQuestions } from '../contract/entities';
import {
  answerSlots,
  answersToSend,
  firstIncompleteStep,
  isAnswered,
  isStepComplete,
  missingAnswers,
  questionSteps,
  slotGroups,
  type QuestionStep,
} from './questions';

function q(id: number, ticket_id: number, over: Partial<TicketQuestion> = {}): TicketQuestion {
  return {
    id,
    ticket_id,
    osq_id: null,
    question: `Question ${id}`,
    type: 'text',
    mandatory: '0',
    once_per_checkout: '0',
    prepopulated_array: [],
    ...over,
  };
}

const adult = { ticket_id: 11, ticket_name: 'Adult', qty: 2 };
const child = { ticket_id: 12, ticket_name: 'Child', qty: 1 };
const parking = { ticket_id: 13, ticket_name: 'Parking', qty: 1 };

// Event-wide questions: the server lists the same question under every ticket type of the event.
const diet = (t: number) => q(1, t, { type: 'dropdown', mandatory: '1', prepopulated_array: ['None', 'Vegan'] });
const guest = (t: number) => q(2, t, { mandatory: '1' });
const heard = (t: number) => q(3, t, { once_per_checkout: '1', osq_id: 500 });
const questions: TicketQuestions = {
  '11': [diet(11), guest(11), heard(11)],
  '12': [guest(12), heard(12)],
};

describe('answerSlots: the answer keys', () => {
  test('per-ticket keys carry a counter per ticket type; once-per-checkout keys have none and share a group', () => {
    expect(answerSlots(questions, [adult, child, parking]).map((s) => [s.key, s.ticket_counter, s.group])).toEqual([
      ['answer_11_3', 0, 'osq_500'],
      ['answer_11_1_1', 1, 'answer_11_1_1'],
      ['answer_11_2_1', 1, 'answer_11_2_1'],
      ['answer_11_1_2', 2, 'answer_11_1_2'],
      ['answer_11_2_2', 2, 'answer_11_2_2'],
      ['answer_12_3', 0, 'osq_500'],
      ['answer_12_2_1', 1, 'answer_12_2_1'],
    ]);
  });

  test.each<[string, TicketQuestions, string[][]]>([
    [
      'the same question id under two ticket types',
      { '11': [q(7, 11, { once_per_checkout: '1' })], '12': [q(7, 12, { once_per_checkout: '1' })] },
      [['answer_11_7', 'answer_12_7']],
    ],
    [
      'two questions sharing an osq_id',
      {
        '11': [q(7, 11, { once_per_checkout: '1', osq_id: 9 })],
        '12': [q(8, 12, { once_per_checkout: '1', osq_id: 9 })],
      },
      [['answer_11_7', 'answer_12_8']],
    ],
    [
      'two once-per-checkout questions without a shared id',
      { '11': [q(7, 11, { once_per_checkout: '1' }), q(8, 11, { once_per_checkout: '1' })] },
      [['answer_11_7'], ['answer_11_8']],
    ],
    [
      'a per-ticket question with an osq_id is not shared',
      { '11': [q(7, 11, { osq_id: 9 })], '12': [q(8, 12, { osq_id: 9 })] },
      [['answer_11_7_1'], ['answer_11_7_2'], ['answer_12_8_1']],
    ],
  ])('groups: %s', (_name, asked, groups) => {
    expect(slotGroups(answerSlots(asked, [adult, child])).map((group) => group.map((slot) => slot.key))).toEqual(
      groups,
    );
  });

  test('questions of tickets not in the basket ask nothing', () => {
    expect(answerSlots({ '99': [q(1, 99, { mandatory: '1' })] }, [adult])).toEqual([]);
  });
});

describe('questionSteps: the stepped form', () => {
  const view = (steps: QuestionStep[]) =>
    steps.map((step) => [
      step.kind === 'basket' ? 'Basket' : `Ticket ${step.number} ${step.ticket_name}`,
      step.fields.map((f) => f.key),
    ]);

  test('the basket step asks each shared question once, then one step per ticket; tickets without questions are skipped', () => {
    expect(view(questionSteps(questions, [adult, parking, child]))).toEqual([
      ['Basket', ['answer_11_3']],
      ['Ticket 1 Adult', ['answer_11_1_1', 'answer_11_2_1']],
      ['Ticket 2 Adult', ['answer_11_1_2', 'answer_11_2_2']],
      ['Ticket 3 Child', ['answer_12_2_1']],
    ]);
  });

  test.each<[string, TicketQuestions, (string | string[])[][]]>([
    ['only once-per-checkout questions', { '11': [heard(11)], '12': [heard(12)] }, [['Basket', ['answer_11_3']]]],
    ['only per-ticket questions: no basket step', { '12': [guest(12)] }, [['Ticket 1 Child', ['answer_12_2_1']]]],
    ['no questions at all', {}, []],
  ])('%s', (_name, asked, expected) => {
    expect(view(questionSteps(asked, [adult, child]))).toEqual(expected);
  });
});

describe('isAnswered', () => {
  const options = ['None', 'Vegan'];
  test.each<[TicketQuestion['type'], string | undefined, boolean]>([
    ['text', 'Ann', true],
    ['text', '   ', false],
    ['text', '', false],
    ['text', undefined, false],
    ['checkbox', '1', true],
    ['checkbox', '0', false],
    ['checkbox', '', false],
    ['dropdown', 'Vegan', true],
    ['dropdown', '', false],
    ['dropdown', 'Steak', false],
  ])('%s %p -> %p', (type, value, answered) => {
    expect(isAnswered({ type, prepopulated_array: options }, value)).toBe(answered);
  });
});

describe('step completeness (visited and every mandatory answer filled)', () => {
  const steps = questionSteps(questions, [adult, child]);
  const [basket, ticket1] = steps as [QuestionStep, QuestionStep];
  const fullTicket1 = { answer_11_1_1: 'None', answer_11_2_1: 'Ann' };
  const everything = { ...fullTicket1, answer_11_1_2: 'Vegan', answer_11_2_2: 'Bo', answer_12_2_1: 'Cy' };
  const allVisited = new Set(steps.map((s) => s.id));

  test.each<[string, QuestionStep, Record<string, string>, string[], boolean]>([
    ['an optional-only step, visited', basket, {}, ['basket'], true],
    ['an optional-only step, not visited', basket, {}, [], false],
    ['a ticket with both answers', ticket1, fullTicket1, [ticket1.id], true],
    ['a ticket with a blank name', ticket1, { ...fullTicket1, answer_11_2_1: ' ' }, [ticket1.id], false],
    [
      'a ticket with a dropdown value not offered',
      ticket1,
      { ...fullTicket1, answer_11_1_1: 'Steak' },
      [ticket1.id],
      false,
    ],
    ['a ticket answered but never shown', ticket1, fullTicket1, [], false],
  ])('%s', (_name, step, answers, visited, complete) => {
    expect(isStepComplete(step, answers, new Set(visited))).toBe(complete);
  });

  test('a mandatory checkbox counts only when ticked', () => {
    const [step] = questionSteps({ '11': [q(6, 11, { type: 'checkbox', mandatory: '1' })] }, [
      { ...adult, qty: 1 },
    ]) as [QuestionStep];
    expect(missingAnswers(step, { answer_11_6_1: '0' })).toEqual(['answer_11_6_1']);
    expect(missingAnswers(step, { answer_11_6_1: '1' })).toEqual([]);
  });

  test.each<[string, Record<string, string>, string[], number]>([
    ['nothing visited', everything, [], 0],
    ['first visited, second not', everything, ['basket', ticket1.id], 2],
    ['all visited, the last ticket unanswered', { ...everything, answer_12_2_1: '' }, [...allVisited], 3],
    [
      'all visited, the first ticket missing its dietary answer',
      { ...everything, answer_11_1_1: '' },
      [...allVisited],
      1,
    ],
    ['all visited and answered', everything, [...allVisited], -1],
  ])('first incomplete step: %s', (_name, answers, visited, index) => {
    expect(firstIncompleteStep(steps, answers, new Set(visited))).toBe(index);
  });
});

test('answersToSend: every field, empty answers as empty, checkboxes as 1 or 0', () => {
  const steps = questionSteps({ '11': [q(6, 11, { type: 'checkbox' }), q(2, 11)] }, [{ ...adult, qty: 2 }]);
  expect(answersToSend(steps, { answer_11_6_1: '1', answer_11_2_2: 'Bo', answer_11_6_2: 'junk' })).toEqual({
    answer_11_6_1: '1',
    answer_11_2_1: '',
    answer_11_6_2: '0',
    answer_11_2_2: 'Bo',
  });
});
