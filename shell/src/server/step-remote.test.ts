/**
 * @jest-environment node
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStepRemote } from './step-remote';

/**
 * A remote's server container as webpack builds it for Node (a CommonJS module with init and get), answering every
 * exposed module with its name and the deployment it came from.
 */
const container = (deployment: string) => `
module.exports = {
  init() {},
  get(name) {
    return Promise.resolve(() => ({ name, deployment: ${JSON.stringify(deployment)} }));
  },
};`;

type Answer = { status: number; body?: string; delayMs?: number; location?: string };
let answers: Record<string, Answer> = {};
const asked: string[] = [];
let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '';
    asked.push(path);
    const answer = answers[path] ?? { status: 404 };
    setTimeout(() => {
      response.writeHead(answer.status, {
        'content-type': 'text/javascript',
        ...(answer.location ? { location: answer.location } : {}),
      });
      response.end(answer.body ?? '');
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  answers = {};
  asked.length = 0;
});

const basket = { remote: 'mf_basket', module: './basket' } as const;

test('a step is loaded from the remote once and kept for every later page', async () => {
  answers['/v1/server/remoteEntry.js'] = { status: 200, body: container('v1') };
  const load = createStepRemote();
  const entry = `${origin}/v1/server/remoteEntry.js`;
  const [first, second] = await Promise.all([load(basket, entry), load(basket, entry)]);
  expect(first).toEqual({ kind: 'loaded', module: { name: './basket', deployment: 'v1' } });
  expect(second).toEqual(first);
  expect(await load(basket, entry)).toEqual(first);
  expect(asked).toEqual(['/v1/server/remoteEntry.js']);
});

test('a remote that answers an error is not asked again until the retry time has passed', async () => {
  let clock = 0;
  const load = createStepRemote({ retryAfterMs: 30_000, now: () => clock });
  const entry = `${origin}/down/server/remoteEntry.js`;
  answers['/down/server/remoteEntry.js'] = { status: 500 };
  const failed = await load(basket, entry);
  expect(failed.kind).toBe('failed');
  expect(failed.kind === 'failed' && failed.reason).toMatch(/^mf_basket \.\/basket from .+: .*500/);
  clock = 29_999;
  expect((await load(basket, entry)).kind).toBe('failed');
  expect(asked).toHaveLength(1);

  answers['/down/server/remoteEntry.js'] = { status: 200, body: container('back') };
  clock = 30_000;
  expect(await load(basket, entry)).toEqual({ kind: 'loaded', module: { name: './basket', deployment: 'back' } });
  expect(asked).toHaveLength(2);
});

test('a slow remote fails the page after the time limit, and a redirect is never followed', async () => {
  const load = createStepRemote({ timeoutMs: 200 });
  answers['/slow/server/remoteEntry.js'] = { status: 200, body: container('slow'), delayMs: 1000 };
  const slow = await load(basket, `${origin}/slow/server/remoteEntry.js`);
  expect(slow.kind === 'failed' && slow.reason).toMatch(/within 200 ms/);

  answers['/moved/server/remoteEntry.js'] = { status: 302, location: '/elsewhere/server/remoteEntry.js' };
  answers['/elsewhere/server/remoteEntry.js'] = { status: 200, body: container('elsewhere') };
  const moved = await load(basket, `${origin}/moved/server/remoteEntry.js`);
  expect(moved.kind).toBe('failed');
  expect(asked).not.toContain('/elsewhere/server/remoteEntry.js');
});

test("a new deployment's address is loaded afresh; a late failure of the old one changes nothing", async () => {
  let clock = 0;
  const load = createStepRemote({ timeoutMs: 300, now: () => clock });
  answers['/d1/server/remoteEntry.js'] = { status: 200, body: container('v1') };
  answers['/d2/server/remoteEntry.js'] = { status: 200, body: container('v2') };
  const v1 = `${origin}/d1/server/remoteEntry.js`;
  const v2 = `${origin}/d2/server/remoteEntry.js`;
  expect(await load(basket, v1)).toEqual({ kind: 'loaded', module: { name: './basket', deployment: 'v1' } });
  expect(await load(basket, v2)).toEqual({ kind: 'loaded', module: { name: './basket', deployment: 'v2' } });
  expect(await load(basket, v2)).toEqual({ kind: 'loaded', module: { name: './basket', deployment: 'v2' } });
  expect(asked).toEqual(['/d1/server/remoteEntry.js', '/d2/server/remoteEntry.js']);

  // v3 is slow; v4 is deployed while a page still waits on v3, and v3's page then times out.
  answers['/d3/server/remoteEntry.js'] = { status: 200, body: container('v3'), delayMs: 600 };
  answers['/d4/server/remoteEntry.js'] = { status: 200, body: container('v4') };
  const waitingOnV3 = load(basket, `${origin}/d3/server/remoteEntry.js`);
  const v4 = await load(basket, `${origin}/d4/server/remoteEntry.js`);
  expect(v4).toEqual({ kind: 'loaded', module: { name: './basket', deployment: 'v4' } });
  // Its page gets the third deployment's step or none (here none: too slow), never the fourth's, which its browser
  // would not load.
  expect(await waitingOnV3).toEqual({ kind: 'failed', reason: expect.stringMatching(/d3.+within 300 ms/) });
  clock = 1;
  expect(await load(basket, `${origin}/d4/server/remoteEntry.js`)).toEqual(v4);
  expect(asked.filter((path) => path.startsWith('/d4/'))).toHaveLength(1);
});
