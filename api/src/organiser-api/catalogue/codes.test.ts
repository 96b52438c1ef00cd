import { SEED } from '../../seed/catalogue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiCaller, type ApiCaller } from '../testing';

let t: TestApp;
let folk: ApiCaller;
let jazz: ApiCaller;
let folkReadOnly: ApiCaller;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  folk = await apiCaller(t, SEED.organiser.folk, 'write');
  jazz = await apiCaller(t, SEED.organiser.jazz, 'write');
  folkReadOnly = await apiCaller(t, SEED.organiser.folk, 'read');
  const event = await folk.call('POST', '/events', {
    external_id: 'meadow',
    slug: 'meadow-festival',
    title: 'Meadow Festival',
    dates: [{ external_id: 'day', starts_at: '2030-07-01T12:00:00Z' }],
  });
  expect(event.statusCode).toBe(201);
  eventId = event.json<{ id: number }>().id;
}, 60_000);
afterAll(() => t.close());

let serial = 0;

async function newCode(extra: Record<string, unknown> = {}) {
  serial += 1;
  const response = await folk.call('POST', '/codes', {
    external_id: `meadow-${serial}`,
    code: `MEADOW${serial}`,
    kind: 'percent',
    percent_bp: 1500,
    event: 'meadow',
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number; external_id: string; code: string }>();
}

const codeRow = (id: number) => t.db.selectFrom('codes').selectAll().where('id', '=', id).executeTakeFirst();

describe('codes', () => {
  test('POST creates once; GET lists the organiser’s own, page by page; PATCH changes; DELETE removes', async () => {
    const created = await newCode();
    expect(created).toMatchObject({
      external_id: `meadow-${serial}`,
      code: `MEADOW${serial}`,
      kind: 'percent',
      event_id: eventId,
      percent_bp: 1500,
      uses: 0,
      expires_at: null,
    });
    const again = await folk.call('POST', '/codes', {
      external_id: created.external_id,
      code: 'OTHER1',
      kind: 'percent',
      percent_bp: 10,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(`Code '${created.external_id}' exists (id ${created.id}): change it instead.`);
    const second = await newCode({ kind: 'fixed', percent_bp: null, amount_minor: 500, currency: 'GBP', event: null });

    const first = await folk.call('GET', '/codes?limit=1&external_id=' + created.external_id);
    expect(first.json()).toEqual({ data: [expect.objectContaining({ id: created.id })], next_cursor: null });
    const all: number[] = [];
    let after = 0;
    for (;;) {
      const page = (await folk.call('GET', `/codes?limit=1&after=${after}`)).json<{
        data: { id: number }[];
        next_cursor: number | null;
      }>();
      all.push(...page.data.map((code) => code.id));
      if (page.next_cursor === null) break;
      after = page.next_cursor;
    }
    expect(all).toEqual(expect.arrayContaining([created.id, second.id]));
    const jazzCodes = (await jazz.call('GET', '/codes')).json<{ data: { id: number }[] }>().data.map((c) => c.id);
    expect(jazzCodes).not.toContain(created.id);
    expect((await folkReadOnly.call('GET', '/codes')).statusCode).toBe(200);

    const changed = await folk.call('PATCH', `/codes/${created.id}`, {
      percent_bp: 2000,
      max_uses: 10,
      expires_at: '2030-08-01T00:00:00Z',
      event: null,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: created.id,
      percent_bp: 2000,
      max_uses: 10,
      event_id: null,
      expires_at: '2030-08-01T00:00:00.000Z',
      code: created.code,
    });
    expect((await folk.call('DELETE', `/codes/${created.id}`)).statusCode).toBe(204);
    expect(await codeRow(created.id)).toBeUndefined();
    expect((await folk.call('DELETE', `/codes/${created.id}`)).statusCode).toBe(404);
  });

  test('another organiser’s code: 404 and unchanged; read-only key: 403; nothing changed', async () => {
    const created = await newCode();
    const before = await codeRow(created.id);
    for (const [method, body] of [
      ['PATCH', { percent_bp: 10_000 }],
      ['DELETE', undefined],
    ] as const) {
      const other = await jazz.call(method, `/codes/${created.id}`, body);
      expect(other.statusCode).toBe(404);
      expect(other.json().error).toBe('There is no code with that id.');
      expect((await folkReadOnly.call(method, `/codes/${created.id}`, body)).statusCode).toBe(403);
    }
    expect(
      (
        await folkReadOnly.call('POST', '/codes', {
          external_id: 'ro',
          code: 'READONLY',
          kind: 'percent',
          percent_bp: 5,
        })
      ).statusCode,
    ).toBe(403);
    // A code naming another organiser's event is refused: events are looked up among the key's own.
    const foreign = await jazz.call('POST', '/codes', {
      external_id: 'j',
      code: 'JAZZMEADOW',
      kind: 'percent',
      percent_bp: 5,
      event: 'meadow',
    });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().error).toBe("Code 'j' names event 'meadow', which does not exist.");
    expect(await codeRow(created.id)).toEqual(before);
  });

  test('refusals with their sentences: used codes, max_uses below uses, a taken code; bad input: 400', async () => {
    const created = await newCode();
    await t.db.updateTable('codes').set({ uses: 3 }).where('id', '=', created.id).execute();
    const before = await codeRow(created.id);
    const used = await folk.call('DELETE', `/codes/${created.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toBe(
      `Code '${created.external_id}' has been used: it cannot be deleted. Set 'expires_at' to now to stop it instead.`,
    );
    const below = await folk.call('PATCH', `/codes/${created.id}`, { max_uses: 2 });
    expect(below.statusCode).toBe(409);
    expect(below.json().error).toBe(
      `Code '${created.external_id}' has been used 3 times: 'max_uses' cannot go below 3.`,
    );
    const other = await newCode();
    const taken = await folk.call('PATCH', `/codes/${created.id}`, { code: other.code.toLowerCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(
      `Code '${created.external_id}' cannot be saved: this code is taken (codes are unique across the platform).`,
    );
    for (const body of [
      { uses: 0 },
      { balance_minor: 100 },
      { percent_bp: 0 },
      { code: 'no spaces allowed' },
      { kind: 'fixed' },
      { percent_bp: null },
    ]) {
      const bad = await folk.call('PATCH', `/codes/${created.id}`, body);
      expect(bad.statusCode).toBe(400);
      expect(typeof bad.json().error).toBe('string');
    }
    expect((await folk.call('POST', '/codes', { external_id: 'x', code: 'XX1', kind: 'percent' })).statusCode).toBe(
      400,
    );
    expect(await codeRow(created.id)).toEqual(before);
  });
});
