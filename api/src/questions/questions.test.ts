import { answersToSend, CheckoutSchema, questionSteps, type Checkout, type TicketQuestion } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/questions';
import { markPaid } from '../delivery/test-support';
import { reservedVisitor } from '../testing/identity';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import type { AnswerSlot } from './expected';
import { questionMessages } from './messages';
import { checkAnswers } from './validate';

const path = '/ajax/checkout/checkout/save_question_answers/';

describe('checkAnswers (the rules as a table)', () => {
  const slot = (key: string, question: Partial<TicketQuestion> = {}, ticket_counter = 1, group = key): AnswerSlot => ({
    key,
    ticket_id: question.ticket_id ?? 1,
    ticket_counter,
    group,
    question: {
      id: 1,
      ticket_id: 1,
      osq_id: null,
      question: 'Q',
      type: 'text',
      mandatory: '0',
      once_per_checkout: '0',
      prepopulated_array: [],
      ...question,
    },
  });
  const text = slot('answer_1_1_1', { mandatory: '1' });
  const box = slot('answer_1_2_1', { type: 'checkbox', mandatory: '1', id: 2 });
  const drop = slot('answer_1_3_1', { type: 'dropdown', prepopulated_array: ['A', 'B'], id: 3 });
  const onceA = slot('answer_1_4', { mandatory: '1', id: 4, osq_id: 9, once_per_checkout: '1' }, 0, 'osq_9');
  const onceB = slot(
    'answer_2_5',
    { mandatory: '1', id: 5, ticket_id: 2, osq_id: 9, once_per_checkout: '1' },
    0,
    'osq_9',
  );
  const all = [text, box, drop, onceA, onceB];
  const ok = { answer_1_1_1: 'Ann', answer_1_2_1: '1', answer_1_4: 'Radio' };

  test.each<[string, Record<string, string>, Record<string, string>]>([
    ['all mandatory answered', ok, {}],
    ['a mandatory text missing', { ...ok, answer_1_1_1: '' }, { answer_1_1_1: messages.answerRequired }],
    ['a mandatory text of spaces only', { ...ok, answer_1_1_1: '   ' }, { answer_1_1_1: messages.answerRequired }],
    ['a mandatory checkbox ticked as "on"', { ...ok, answer_1_2_1: 'on' }, {}],
    ['a mandatory checkbox not ticked', { ...ok, answer_1_2_1: '0' }, { answer_1_2_1: messages.answerRequired }],
    [
      'a checkbox with another value',
      { ...ok, answer_1_2_1: 'maybe' },
      { answer_1_2_1: questionMessages.invalidCheckbox },
    ],
    ['a dropdown option from the list', { ...ok, answer_1_3_1: 'B' }, {}],
    [
      'a dropdown value not in the list',
      { ...ok, answer_1_3_1: 'C' },
      { answer_1_3_1: questionMessages.invalidOption },
    ],
    [
      'a once-per-checkout group answered under its other key',
      { answer_1_1_1: 'Ann', answer_1_2_1: '1', answer_2_5: 'Web' },
      {},
    ],
    [
      'a once-per-checkout group unanswered',
      { answer_1_1_1: 'Ann', answer_1_2_1: '1' },
      { answer_1_4: messages.answerRequired },
    ],
    ['a key of no question', { ...ok, answer_1_1_2: 'x' }, { answer_1_1_2: questionMessages.unknownAnswer }],
    [
      'a per-ticket key without its counter',
      { ...ok, answer_1_1: 'x' },
      { answer_1_1: questionMessages.unknownAnswer },
    ],
  ])('%s', (_name, given, errors) => {
    expect(checkAnswers(all, given).errors).toEqual(errors);
  });

  test('checkbox answers are stored as 1 or 0; empty optional answers are not stored', () => {
    const { answers } = checkAnswers(all, { ...ok, answer_1_2_1: 'true', answer_1_3_1: '' });
    expect(answers.map((a) => [a.slot.key, a.answer])).toEqual([
      ['answer_1_1_1', 'Ann'],
      ['answer_1_2_1', '1'],
      ['answer_1_4', 'Radio'],
    ]);
  });
});

describe('save_question_answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  const adult = SEED.ticket.galaAdult;
  async function galaVisitor(): Promise<Visitor> {
    return reservedVisitor(t, [{ ticket_id: adult, quantity: 2 }]);
  }
  async function saleOf(visitor: Visitor) {
    const reference = (await visitor.get(paths.get)).json().sale_reference as string;
    return t.db.selectFrom('sales').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  }
  const storedAnswers = (saleId: number) =>
    t.db
      .selectFrom('question_answers')
      .select(['ticket_type_id', 'question_id', 'ticket_counter', 'answer'])
      .where('sale_id', '=', saleId)
      .orderBy('question_id')
      .orderBy('ticket_counter')
      .execute();
  const before = {
    answer_101_1_1: 'Vegan',
    answer_101_2_1: 'Ann Lee',
    answer_101_1_2: 'None',
    answer_101_2_2: 'Bo Lee',
  };

  test('the checkout lists the catalogue questions before and after payment for the basket', async () => {
    const checkout = (await (await galaVisitor()).get(paths.get)).json();
    expect(checkout.before_payment_questions[String(adult)].map((q: { id: number }) => q.id)).toEqual([1, 2]);
    expect(checkout.before_payment_questions[String(adult)][0]).toMatchObject({
      type: 'dropdown',
      mandatory: '1',
      prepopulated_array: ['None', 'Vegetarian', 'Vegan', 'Gluten free'],
    });
    expect(checkout.after_payment_questions[String(adult)]).toEqual([
      expect.objectContaining({ id: 3, osq_id: 500, once_per_checkout: '1' }),
    ]);
  });

  test("the checkout carries the basket step's notices: fundraising contact per event, audience diversity per organiser", async () => {
    const visitor = await reservedVisitor(t, [
      { ticket_id: adult, quantity: 1 },
      { ticket_id: SEED.ticket.folkBalcony, quantity: 1 },
    ]);
    const checkout = CheckoutSchema.parse((await visitor.get(paths.get)).json());
    expect(checkout.events.map((event) => [event.id, event.fundraising_contact_notice])).toEqual([
      [SEED.event.gala, true],
      [SEED.event.folk, false],
    ]);
    expect(checkout.organisers.map((organiser) => [organiser.name, organiser.audience_diversity_notice])).toEqual([
      ['Harbour Lifeboat Trust', false],
      ['Brighton Folk Collective', true],
    ]);
  });

  test('valid answers before payment are stored per ticket; saving again replaces them', async () => {
    const visitor = await galaVisitor();
    const response = await visitor.post(path, { answers: before, before_or_after: 'before' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ questions_set: true });
    const sale = await saleOf(visitor);
    expect(await storedAnswers(sale.id)).toEqual([
      { ticket_type_id: adult, question_id: 1, ticket_counter: 1, answer: 'Vegan' },
      { ticket_type_id: adult, question_id: 1, ticket_counter: 2, answer: 'None' },
      { ticket_type_id: adult, question_id: 2, ticket_counter: 1, answer: 'Ann Lee' },
      { ticket_type_id: adult, question_id: 2, ticket_counter: 2, answer: 'Bo Lee' },
    ]);
    expect(
      (await visitor.post(path, { answers: { ...before, answer_101_2_2: 'Cy Lee' }, before_or_after: 'before' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await storedAnswers(sale.id)).find((row) => row.question_id === 2 && row.ticket_counter === 2)?.answer,
    ).toBe('Cy Lee');
    expect(await storedAnswers(sale.id)).toHaveLength(4);
  });

  test.each<[string, Record<string, string>, string]>([
    ['a mandatory answer missing for the second ticket', { ...before, answer_101_2_2: '' }, 'answer_101_2_2'],
    ['a dropdown answer not among the options', { ...before, answer_101_1_1: 'Steak' }, 'answer_101_1_1'],
    ['an answer for a third ticket not in the basket', { ...before, answer_101_2_3: 'Extra' }, 'answer_101_2_3'],
    ['an after-payment question answered before payment', { ...before, answer_101_3: 'Radio' }, 'answer_101_3'],
  ])('%s is a 400 naming the key and stores nothing', async (_name, answers, key) => {
    const visitor = await galaVisitor();
    const response = await visitor.post(path, { answers, before_or_after: 'before' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(key);
    expect(await storedAnswers((await saleOf(visitor)).id)).toEqual([]);
  });

  test('a mandatory checkbox must be ticked (kayak: can everyone swim?)', async () => {
    const visitor = await reservedVisitor(t, [{ ticket_id: SEED.ticket.kayakTaster, quantity: 1 }]);
    const unticked = await visitor.post(path, {
      answers: { [`answer_${SEED.ticket.kayakTaster}_6_1`]: '0' },
      before_or_after: 'before',
    });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().error).toBe(messages.answerRequired);
    const ticked = await visitor.post(path, {
      answers: { [`answer_${SEED.ticket.kayakTaster}_6_1`]: '1' },
      before_or_after: 'before',
    });
    expect(ticked.json()).toEqual({ questions_set: true });
  });

  test('after-payment answers need a paid sale; the once-per-checkout question is answered once', async () => {
    const visitor = await galaVisitor();
    const early = await visitor.post(path, { answers: { answer_101_3: 'Radio' }, before_or_after: 'after' });
    expect(early.statusCode).toBe(409);
    const sale = await saleOf(visitor);
    await markPaid(t.db, sale.id, t.clock.now());
    const response = await visitor.post(path, { answers: { answer_101_3: 'Radio' }, before_or_after: 'after' });
    expect(response.json()).toEqual({ questions_set: true });
    expect(await storedAnswers(sale.id)).toEqual([
      { ticket_type_id: adult, question_id: 3, ticket_counter: 0, answer: 'Radio' },
    ]);
    // Before-payment answers cannot change once paid.
    expect((await visitor.post(path, { answers: before, before_or_after: 'before' })).statusCode).toBe(409);
  });
  /** Fills every field of the form the page builds from this checkout (shared rule), as a buyer would. */
  function pageAnswers(checkout: Checkout, timing: 'before' | 'after'): Record<string, string> {
    const questions = timing === 'before' ? checkout.before_payment_questions : checkout.after_payment_questions;
    const steps = questionSteps(questions, checkout.tickets);
    const answers: Record<string, string> = {};
    for (const { key, question } of steps.flatMap((step) => step.fields)) {
      answers[key] =
        question.type === 'checkbox'
          ? '1'
          : question.type === 'dropdown'
            ? (question.prepopulated_array[0] ?? '')
            : `Answer ${key}`;
    }
    return answersToSend(steps, answers);
  }

  test('the page and the server agree: the keys of the form built from the checkout are the keys the server takes', async () => {
    const visitor = await reservedVisitor(t, [
      { ticket_id: adult, quantity: 2 },
      { ticket_id: SEED.ticket.folkBalcony, quantity: 1 },
    ]);
    const checkout = CheckoutSchema.parse((await visitor.get(paths.get)).json());
    const beforeAnswers = pageAnswers(checkout, 'before');
    expect(Object.keys(beforeAnswers)).toEqual([
      'answer_101_1_1',
      'answer_101_2_1',
      'answer_101_1_2',
      'answer_101_2_2',
    ]);
    expect((await visitor.post(path, { answers: beforeAnswers, before_or_after: 'before' })).json()).toEqual({
      questions_set: true,
    });

    const sale = await saleOf(visitor);
    await markPaid(t.db, sale.id, t.clock.now());
    // After payment: 'How did you hear about us?' is shared by both events (osq_id 500) and asked once, under the first
    // key; the Folk checkbox is asked per ticket.
    const afterAnswers = pageAnswers(checkout, 'after');
    expect(Object.keys(afterAnswers)).toEqual([`answer_101_3`, `answer_${SEED.ticket.folkBalcony}_4_1`]);
    expect((await visitor.post(path, { answers: afterAnswers, before_or_after: 'after' })).json()).toEqual({
      questions_set: true,
    });
    const stored = await storedAnswers(sale.id);
    expect(stored.filter((row) => row.question_id >= 3)).toEqual([
      { ticket_type_id: adult, question_id: 3, ticket_counter: 0, answer: 'Answer answer_101_3' },
      { ticket_type_id: SEED.ticket.folkBalcony, question_id: 4, ticket_counter: 1, answer: '1' },
    ]);
  });

  test('a wrong dropdown option is refused with its own message and nothing is stored', async () => {
    const visitor = await galaVisitor();
    const response = await visitor.post(path, {
      answers: { ...before, answer_101_1_2: 'Steak' },
      before_or_after: 'before',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ answer_101_1_2: questionMessages.invalidOption });
    expect(await storedAnswers((await saleOf(visitor)).id)).toEqual([]);
  });

  test('a mandatory answer of spaces only counts as missing', async () => {
    const visitor = await galaVisitor();
    const response = await visitor.post(path, {
      answers: { ...before, answer_101_2_1: '   ' },
      before_or_after: 'before',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: messages.answerRequired,
      errors: { answer_101_2_1: messages.answerRequired },
    });
  });

  test.each<[string, string]>([
    ['no before_or_after', 'answers[answer_101_1_1]=None'],
    ['before_or_after neither before nor after', 'answers[answer_101_1_1]=None&before_or_after=during'],
    ['a key that is not an answer key', 'answers[question_1]=None&before_or_after=before'],
    ['answers as a plain string', 'answers=None&before_or_after=before'],
    ['an answer far too long', `answers[answer_101_2_1]=${'x'.repeat(20_000)}&before_or_after=before`],
  ])('malformed (%s): a 4xx with a message, nothing stored', async (_name, body) => {
    const visitor = await galaVisitor();
    const response = await visitor.post(path, body);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(typeof response.json().error).toBe('string');
    expect(await storedAnswers((await saleOf(visitor)).id)).toEqual([]);
  });
});
