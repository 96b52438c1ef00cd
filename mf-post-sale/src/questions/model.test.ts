import { allSettled, fork } from 'effector';
import { questionSteps, type TicketQuestion, type TicketQuestions } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/questions';
import { shellCommandsFx, type ShellCommand } from '@checkout/shared/parcel';
import { apiFailure, createFakeApi, failWith, fakeStepProps, type FakeApiHandlers } from '@checkout/shared/testing';
import {
  $answers,
  $checked,
  $completed,
  $current,
  $error,
  $fieldErrors,
  $focus,
  $visited,
  answerChanged,
  continuePressed,
  questionsOpened,
  stepChosen,
  type QuestionTiming,
} from './model';

const q = (id: number, ticket_id: number, over: Partial<TicketQuestion> = {}): TicketQuestion => ({
  id,
  ticket_id,
  osq_id: null,
  question: `Question ${id}`,
  type: 'text',
  mandatory: '1',
  once_per_checkout: '0',
  prepopulated_array: [],
  ...over,
});
// Basket step (once per checkout, optional), Ticket 1 and Ticket 2 (adult x2: a mandatory name each).
const questions: TicketQuestions = { '11': [q(3, 11, { once_per_checkout: '1', mandatory: '0' }), q(2, 11)] };
const steps = questionSteps(questions, [{ ticket_id: 11, ticket_name: 'Adult', qty: 2 }]);

function setup(api: Partial<FakeApiHandlers> = {}) {
  const fake = createFakeApi({ handlers: api });
  const sent: ShellCommand[] = [];
  const scope = fork({
    handlers: [[shellCommandsFx, ({ list }: { list: ShellCommand[] }) => void sent.push(...list)]],
  });
  const deps = { api: fake, commands: fakeStepProps().commands, config: { apiBase: '' } };
  const open = (timing: QuestionTiming = 'before', saleReference: string | null = null) =>
    allSettled(questionsOpened, { scope, params: { deps, timing, steps, saleReference } });
  const press = () => allSettled(continuePressed, { scope });
  const answer = (key: string, value: string) => allSettled(answerChanged, { scope, params: { key, value } });
  return { scope, api: fake, sent, open, press, answer };
}

test('opening shows the first step, visited, and nothing in error', async () => {
  const s = setup();
  await s.open();
  expect(s.scope.getState($current)).toBe(0);
  expect(s.scope.getState($visited)).toEqual(['basket']);
  expect(s.scope.getState($fieldErrors)).toEqual({});
});

test('Continue walks to each step not yet seen without showing its errors, ticking the complete ones', async () => {
  const s = setup();
  await s.open();
  await s.press();
  expect(s.scope.getState($current)).toBe(1);
  expect(s.scope.getState($completed)).toEqual(['basket']);
  expect(s.scope.getState($fieldErrors)).toEqual({});
  expect(s.scope.getState($focus)?.request).toEqual({ target: 'heading' });
  expect(s.api.log).toEqual([]);
});

test('Continue on a step with a missing mandatory answer stays there with "Please enter your answer" and focuses it', async () => {
  const s = setup();
  await s.open();
  await s.press();
  await s.press();
  expect(s.scope.getState($current)).toBe(1);
  expect(s.scope.getState($fieldErrors)).toEqual({ answer_11_2_1: messages.answerRequired });
  expect(s.scope.getState($focus)?.request).toEqual({ target: 'field', key: 'answer_11_2_1' });
  await s.answer('answer_11_2_1', 'Ann');
  expect(s.scope.getState($fieldErrors)).toEqual({});
});

test('Continue from a later step goes back to the first incomplete one, with its errors', async () => {
  const s = setup();
  await s.open();
  await s.press(); // to Ticket 1, left empty
  await allSettled(stepChosen, { scope: s.scope, params: 2 });
  await s.answer('answer_11_2_2', 'Bo');
  await s.press();
  expect(s.scope.getState($current)).toBe(1);
  expect(s.scope.getState($checked)).toEqual(['basket', 'ticket_11_2', 'ticket_11_1']);
  expect(s.scope.getState($fieldErrors)).toEqual({ answer_11_2_1: messages.answerRequired });
  expect(s.api.log).toEqual([]);
});

test('every step complete: Continue saves every answer with before_or_after, then the step is completed', async () => {
  const s = setup();
  await s.open('after');
  await s.answer('answer_11_3', 'Radio');
  await s.press();
  await s.answer('answer_11_2_1', 'Ann');
  await s.press();
  await s.answer('answer_11_2_2', 'Bo');
  await s.press();
  expect(s.api.payloadsOf('saveQuestionAnswers')).toEqual([
    { answers: { answer_11_3: 'Radio', answer_11_2_1: 'Ann', answer_11_2_2: 'Bo' }, before_or_after: 'after' },
  ]);
  expect(s.sent).toEqual([{ kind: 'stepCompleted' }]);
});

async function saveAll(s: ReturnType<typeof setup>) {
  await s.open();
  await s.press();
  await s.answer('answer_11_2_1', 'Ann');
  await s.press();
  await s.answer('answer_11_2_2', 'Bo');
  await s.press();
}

test('questions_set false: "Unable to save your answers. Please try again", in the step and as a toast; the step stays', async () => {
  const s = setup({ saveQuestionAnswers: async () => ({ questions_set: false }) });
  await saveAll(s);
  expect(s.scope.getState($error)).toBe(messages.saveAnswersFailed);
  expect(s.sent).toEqual([
    { kind: 'notify', notification: { type: 'error', text: messages.saveAnswersFailed, group: 'questions' } },
  ]);
});

test.each<[string, Parameters<typeof apiFailure>[1], string]>([
  ['the server says why', { serverMessage: 'Choose one of the options' }, 'Choose one of the options'],
  ['a plain-text body', { body: 'Service unavailable' }, 'Service unavailable'],
  ['no body at all', { kind: 'network' }, messages.saveAnswersFailed],
])('the request fails (%s): the response body is shown, else the spec message', async (_name, extra, text) => {
  const s = setup({ saveQuestionAnswers: failWith(apiFailure('saveQuestionAnswers', extra)) });
  await saveAll(s);
  expect(s.scope.getState($error)).toBe(text);
  expect(s.sent).toEqual([{ kind: 'notify', notification: { type: 'error', text, group: 'questions' } }]);
});

test('answers the server refused are shown on their fields, on their step', async () => {
  const s = setup({
    saveQuestionAnswers: failWith(
      apiFailure('saveQuestionAnswers', {
        status: 400,
        serverMessage: 'Please enter your answer',
        body: { error: 'Please enter your answer', errors: { answer_11_2_1: 'Please enter your answer' } },
      }),
    ),
  });
  await saveAll(s);
  expect(s.scope.getState($current)).toBe(1);
  expect(s.scope.getState($fieldErrors)).toEqual({ answer_11_2_1: 'Please enter your answer' });
  await s.answer('answer_11_2_1', 'Ann again');
  expect(s.scope.getState($fieldErrors)).toEqual({});
});

describe('answers typed but not saved survive a reload of the tab', () => {
  beforeEach(() => window.sessionStorage.clear());

  test('a reload (a fresh model) gets back the typed answers of this sale and timing only', async () => {
    const before = setup();
    await before.open('before', 'RVL-1');
    await before.answer('answer_11_2_1', 'Ann');
    await before.answer('answer_11_3', 'Radio');

    const reloaded = setup();
    await reloaded.open('before', 'RVL-1');
    expect(reloaded.scope.getState($answers)).toEqual({ answer_11_2_1: 'Ann', answer_11_3: 'Radio' });

    const otherSale = setup();
    await otherSale.open('before', 'RVL-2');
    expect(otherSale.scope.getState($answers)).toEqual({});
    const afterPayment = setup();
    await afterPayment.open('after', 'RVL-1');
    expect(afterPayment.scope.getState($answers)).toEqual({});
  });

  test('answers to questions no longer asked are dropped', async () => {
    window.sessionStorage.setItem(
      'checkout:draft:questions:RVL-1:before',
      JSON.stringify({ answer_11_2_1: 'Ann', answer_99_1: 'gone', answer_11_3: 7 }),
    );
    const s = setup();
    await s.open('before', 'RVL-1');
    expect(s.scope.getState($answers)).toEqual({ answer_11_2_1: 'Ann' });
  });

  test('once saved, the draft is gone', async () => {
    const s = setup({ saveQuestionAnswers: async () => ({ questions_set: true }) });
    await s.open('before', 'RVL-1');
    await s.answer('answer_11_2_1', 'Ann');
    await s.answer('answer_11_2_2', 'Bo');
    await s.press();
    await s.press();
    await s.press();
    expect(s.sent).toContainEqual({ kind: 'stepCompleted' });
    const reloaded = setup();
    await reloaded.open('before', 'RVL-1');
    expect(reloaded.scope.getState($answers)).toEqual({});
  });
});
