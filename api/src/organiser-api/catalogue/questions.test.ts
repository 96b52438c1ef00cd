import { SEED } from '../../seed/catalogue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiCaller, type ApiCaller } from '../testing';

let t: TestApp;
let folk: ApiCaller;
let jazz: ApiCaller;
let folkReadOnly: ApiCaller;
let event: { id: number; ticket_types: { id: number }[] };

beforeAll(async () => {
  t = await createTestApp();
  folk = await apiCaller(t, SEED.organiser.folk, 'write');
  jazz = await apiCaller(t, SEED.organiser.jazz, 'write');
  folkReadOnly = await apiCaller(t, SEED.organiser.folk, 'read');
  const response = await folk.call('POST', '/events', {
    external_id: 'orchard',
    slug: 'orchard-evening',
    title: 'Orchard Evening',
    dates: [{ external_id: 'day', starts_at: '2030-09-01T18:00:00Z' }],
    ticket_types: [
      { external_id: 'std', date: 'day', name: 'Standard', price_minor: 1000, currency: 'GBP', capacity: 20 },
    ],
  });
  expect(response.statusCode).toBe(201);
  event = response.json();
}, 60_000);
afterAll(() => t.close());

let serial = 0;

async function newQuestion(extra: Record<string, unknown> = {}) {
  serial += 1;
  const response = await folk.call('POST', `/events/${event.id}/questions`, {
    external_id: `q-${serial}`,
    question: 'Which shuttle?',
    type: 'dropdown',
    options: ['Early', 'Late'],
    timing: 'before_payment',
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number; external_id: string }>();
}

const questionRow = (id: number) => t.db.selectFrom('questions').selectAll().where('id', '=', id).executeTakeFirst();

describe('questions', () => {
  test('POST adds once; GET lists the event’s; PATCH changes what it is given; DELETE removes', async () => {
    const created = await newQuestion({ ticket_type: 'std' });
    expect(created).toMatchObject({
      event_id: event.id,
      ticket_type_id: event.ticket_types[0]?.id,
      type: 'dropdown',
      options: ['Early', 'Late'],
      mandatory: false,
    });
    const again = await folk.call('POST', `/events/${event.id}/questions`, {
      external_id: created.external_id,
      question: 'x',
      type: 'text',
      timing: 'after_payment',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      `Question '${created.external_id}' exists in this event (id ${created.id}): change it instead.`,
    );
    const list = (await folk.call('GET', `/events/${event.id}/questions`)).json<{ data: { id: number }[] }>();
    expect(list.data.map((question) => question.id)).toContain(created.id);
    const changed = await folk.call('PATCH', `/questions/${created.id}`, { mandatory: true, options: ['Early'] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ mandatory: true, options: ['Early'], question: 'Which shuttle?' });
    expect((await folk.call('DELETE', `/questions/${created.id}`)).statusCode).toBe(204);
    expect(await questionRow(created.id)).toBeUndefined();
    expect((await folk.call('DELETE', `/questions/${created.id}`)).statusCode).toBe(404);
  });

  test('another organiser’s: 404 and unchanged; read-only: 403; bad input: 400; unknown ticket type: 409', async () => {
    const created = await newQuestion();
    const before = await questionRow(created.id);
    expect((await jazz.call('GET', `/events/${event.id}/questions`)).statusCode).toBe(404);
    expect(
      (
        await jazz.call('POST', `/events/${event.id}/questions`, {
          external_id: 'j',
          question: 'x',
          type: 'text',
          timing: 'after_payment',
        })
      ).statusCode,
    ).toBe(404);
    for (const [method, body] of [
      ['PATCH', { question: 'Taken' }],
      ['DELETE', undefined],
    ] as const) {
      const other = await jazz.call(method, `/questions/${created.id}`, body);
      expect(other.statusCode).toBe(404);
      expect(other.json().error).toBe('There is no question with that id.');
      expect((await folkReadOnly.call(method, `/questions/${created.id}`, body)).statusCode).toBe(403);
    }
    for (const body of [{ options: [] }, { type: 'radio' }, { question: '' }, { hint: 'x' }]) {
      const bad = await folk.call('PATCH', `/questions/${created.id}`, body);
      expect(bad.statusCode).toBe(400);
      expect(typeof bad.json().error).toBe('string');
    }
    const unknown = await folk.call('PATCH', `/questions/${created.id}`, { ticket_type: 'vip' });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error).toBe(
      `Question '${created.external_id}' of event 'orchard' names ticket type 'vip', which the event does not have.`,
    );
    expect(await questionRow(created.id)).toEqual(before);
  });

  test('an answered question is not deleted, with the sentence', async () => {
    const created = await newQuestion();
    const now = t.clock.now();
    const sale = await t.db
      .insertInto('sales')
      .values({ reference: 'QANSWER', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('question_answers')
      .values({
        sale_id: sale.id,
        ticket_type_id: event.ticket_types[0]?.id ?? 0,
        question_id: created.id,
        ticket_counter: 0,
        answer: 'Early',
        answered_at: now,
      })
      .execute();
    const response = await folk.call('DELETE', `/questions/${created.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      `Question '${created.external_id}' of event 'orchard' has been answered: it cannot be deleted. ` +
        "Set 'mandatory' to false instead.",
    );
    expect(await questionRow(created.id)).toBeDefined();
  });
});
