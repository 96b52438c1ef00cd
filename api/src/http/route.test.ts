import { defineCall } from '@checkout/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { errorHandler, notFoundHandler } from './error-handler';
import { HttpError } from './errors';
import { parseFormBody } from './form';
import { route } from './route';

const echo = defineCall({
  name: 'echo',
  method: 'POST',
  path: '/ajax/test/echo/',
  request: () => z.object({ word: z.string().check(z.minLength(1)) }),
  response: () => z.object({ said: z.string() }),
  failure: '',
});

async function appWith(
  handler: (input: { word: string }) => Promise<unknown>,
  checkResponses = true,
): Promise<{ app: FastifyInstance; logged: unknown[] }> {
  const logged: unknown[] = [];
  const app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => void logged.push(JSON.parse(line)) } },
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseFormBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  route(app, echo, handler as never, { checkResponses });
  await app.ready();
  return { app, logged };
}

const post = (app: FastifyInstance, payload: string) =>
  app.inject({
    method: 'POST',
    url: echo.path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

test('parses the body with the request schema and answers the handler result', async () => {
  const { app } = await appWith(async ({ word }) => ({ said: word.toUpperCase() }));
  const response = await post(app, 'word=hello&ignored=1');
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ said: 'HELLO' });
});

test('bad input never reaches the handler', async () => {
  const handler = jest.fn(async () => ({ said: 'x' }));
  const { app } = await appWith(handler);
  const response = await post(app, 'word=');
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ error: "'word' must not be empty", errors: { word: "'word' must not be empty" } });
  expect(handler).not.toHaveBeenCalled();
});

test('a refusal keeps its status and body', async () => {
  const { app, logged } = await appWith(async () => {
    throw new HttpError(409, 'Not now', { word: 'Try later' }, 'reserving');
  });
  const response = await post(app, 'word=x');
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual({ error: 'Not now', errors: { word: 'Try later' }, type: 'reserving' });
  expect(logged).toEqual([]);
});

test('an unexpected throw is logged and answered 500 with { error }, without its details', async () => {
  const { app, logged } = await appWith(async () => {
    throw new Error('database exploded: password=secret');
  });
  const response = await post(app, 'word=x');
  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({ error: expect.any(String) });
  expect(response.body).not.toContain('secret');
  expect(logged).toEqual([expect.objectContaining({ level: 50, msg: 'request failed' })]);
});

test('in development and tests an answer outside the contract is caught as a server bug', async () => {
  const { app } = await appWith(async () => ({ said: 42 }));
  const response = await post(app, 'word=x');
  expect(response.statusCode).toBe(500);
  const production = await appWith(async () => ({ said: 42 }), false);
  expect((await post(production.app, 'word=x')).statusCode).toBe(200);
});
