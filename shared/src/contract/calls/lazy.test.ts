import type { CallDef } from '../call';
import type { CallName } from '.';

/** How many schemas zod/mini's factories (z.object, z.string, z.optional…) have made so far. */
const mockMade = { schemas: 0 };

jest.mock('zod/mini', () => {
  const actual = jest.requireActual<Record<string, unknown>>('zod/mini');
  const counted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(actual)) {
    counted[key] =
      typeof value === 'function' && /^[a-z_]/.test(key)
        ? (...args: unknown[]) => {
            mockMade.schemas += 1;
            return (value as (...values: unknown[]) => unknown)(...args);
          }
        : value;
  }
  return counted;
});

async function registry(): Promise<[CallName, CallDef][]> {
  const { calls } = await import('.');
  return Object.entries(calls) as [CallName, CallDef][];
}

test("loading the registry builds none of the calls' schemas: reading them afterwards builds some", async () => {
  const entries = await registry();
  const loaded = mockMade.schemas;
  for (const [, call] of entries) void [call.request, call.response];
  expect(mockMade.schemas).toBeGreaterThan(loaded);
});

test('the plain data of every call builds nothing', async () => {
  const entries = await registry();
  const before = mockMade.schemas;
  for (const [, call] of entries) void [call.name, call.method, call.path, call.failure];
  expect(mockMade.schemas).toBe(before);
});

test.each(['request', 'response'] as const)(
  "reading every call's %s schema a second time builds nothing more",
  async (which) => {
    const entries = await registry();
    for (const [, call] of entries) void call[which];
    const once = mockMade.schemas;
    for (const [, call] of entries) void call[which];
    expect(mockMade.schemas).toBe(once);
  },
);
