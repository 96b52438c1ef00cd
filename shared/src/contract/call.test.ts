import * as z from 'zod/mini';
import { defineCall, once, type CallDef } from './call';
import { calls, type CallName } from './calls';

function declaredWithCounters() {
  const built = { request: 0, response: 0 };
  const call = defineCall({
    name: 'echo',
    method: 'POST',
    path: '/ajax/test/echo/',
    request: () => {
      built.request += 1;
      return z.object({ word: z.string() });
    },
    response: () => {
      built.response += 1;
      return z.object({ said: z.string() });
    },
    failure: '',
  });
  return { call, built };
}

test('declaring a call builds neither schema; its plain data is there at once', () => {
  const { call, built } = declaredWithCounters();
  expect([call.name, call.method, call.path, call.failure]).toEqual(['echo', 'POST', '/ajax/test/echo/', '']);
  expect(built).toEqual({ request: 0, response: 0 });
});

test.each([
  ['request', { request: 1, response: 0 }],
  ['response', { request: 0, response: 1 }],
] as const)('the %s schema is built on its first read only, then the same schema is answered', (which, after) => {
  const { call, built } = declaredWithCounters();
  const first = call[which];
  expect(built).toEqual(after);
  expect(call[which]).toBe(first);
  expect(call[which]).toBe(first);
  expect(built).toEqual(after);
});

test('once runs its builder a single time, even when the builder answers undefined', () => {
  const build = jest.fn((): undefined => undefined);
  const get = once(build);
  expect(build).not.toHaveBeenCalled();
  get();
  get();
  expect(build).toHaveBeenCalledTimes(1);
});

test.each(Object.entries(calls) as [CallName, CallDef][])(
  '%s answers the same schemas on every read',
  (_name, call) => {
    expect(call.request).toBe(call.request);
    expect(call.response).toBe(call.response);
  },
);
