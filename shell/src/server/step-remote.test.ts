/**
 * @jest-environment node
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { integrityOf } from './integrity';
import { createStepRemote, type ServerBuildPin } from './step-remote';

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
    const url = request.url ?? '';
    asked.push(url);
    const answer = answers[url] ?? { status: 404 };
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
/** The caching and retries below hold whatever the pin: those tests trust any bytes, the pinning tests at the end not. */
const unpinned: ServerBuildPin = { unpinned: true };
const pinOf = (body: string): ServerBuildPin => ({ integrity: integrityOf(Buffer.from(body)) });

test('a step is loaded from the remote once and kept for every later page', async () => {
  answers['/v1/server/remoteEntry.js'] = { status: 200, body: container('v1') };
  const load = createStepRemote();
  const entry = `${origin}/v1/server/remoteEntry.js`;
  const [first, second] = await Promise.all([load(basket, entry, unpinned), load(basket, entry, unpinned)]);
  expect(first).toEqual({ kind: 'loaded', module: { name: './basket', deployment: 'v1' } });
  expect(second).toEqual(first);
  expect(await load(basket, entry, unpinned)).toEqual(first);
  expect(asked).toEqual(['/v1/server/remoteEntry.js']);
});

test('a remote that answers an error is not asked again until the retry time has passed', async () => {
  let clock = 0;
  const load = createStepRemote({ retryAfterMs: 30_000, now: () => clock });
  const entry = `${origin}/down/server/remoteEntry.js`;
  answers['/down/server/remoteEntry.js'] = { status: 500 };
  const failed = await load(basket, entry, unpinned);
  expect(failed.kind).toBe('failed');
  expect(failed.kind === 'failed' && failed.reason).toMatch(/^mf_basket \.\/basket from .+: .*500/);
  clock = 29_999;
  expect((await load(basket, entry, unpinned)).kind).toBe('failed');
  expect(asked).toHaveLength(1);

  answers['/down/server/remoteEntry.js'] = { status: 200, body: container('back') };
  clock = 30_000;
  expect(await load(basket, entry, unpinned)).toEqual({
    kind: 'loaded',
    module: { name: './basket', deployment: 'back' },
  });
  expect(asked).toHaveLength(2);
});

test('a slow remote fails the page after the time limit, and a redirect is never followed', async () => {
  const load = createStepRemote({ timeoutMs: 200 });
  answers['/slow/server/remoteEntry.js'] = { status: 200, body: container('slow'), delayMs: 1000 };
  const slow = await load(basket, `${origin}/slow/server/remoteEntry.js`, unpinned);
  expect(slow.kind === 'failed' && slow.reason).toMatch(/within 200 ms/);

  answers['/moved/server/remoteEntry.js'] = { status: 302, location: '/elsewhere/server/remoteEntry.js' };
  answers['/elsewhere/server/remoteEntry.js'] = { status: 200, body: container('elsewhere') };
  const moved = await load(basket, `${origin}/moved/server/remoteEntry.js`, unpinned);
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
  expect(await load(basket, v1, unpinned)).toEqual({ kind: 'loaded', module: { name: './basket', deployment: 'v1' } });
  expect(await load(basket, v2, unpinned)).toEqual({ kind: 'loaded', module: { name: './basket', deployment: 'v2' } });
  expect(await load(basket, v2, unpinned)).toEqual({ kind: 'loaded', module: { name: './basket', deployment: 'v2' } });
  expect(asked).toEqual(['/d1/server/remoteEntry.js', '/d2/server/remoteEntry.js']);

  // v3 is slow; v4 is deployed while a page still waits on v3, and v3's page then times out.
  answers['/d3/server/remoteEntry.js'] = { status: 200, body: container('v3'), delayMs: 600 };
  answers['/d4/server/remoteEntry.js'] = { status: 200, body: container('v4') };
  const waitingOnV3 = load(basket, `${origin}/d3/server/remoteEntry.js`, unpinned);
  const v4 = await load(basket, `${origin}/d4/server/remoteEntry.js`, unpinned);
  expect(v4).toEqual({ kind: 'loaded', module: { name: './basket', deployment: 'v4' } });
  // Its page gets the third deployment's step or none (here none: too slow), never the fourth's, which its browser
  // would not load.
  expect(await waitingOnV3).toEqual({ kind: 'failed', reason: expect.stringMatching(/d3.+within 300 ms/) });
  clock = 1;
  expect(await load(basket, `${origin}/d4/server/remoteEntry.js`, unpinned)).toEqual(v4);
  expect(asked.filter((url) => url.startsWith('/d4/'))).toHaveLength(1);
});

describe('a pinned server build', () => {
  /**
   * A container that leaves a file when it runs: evaluating it at all is what a refusal must never do (it runs in the
   * process's own context, not the test's, so a file is what both see).
   */
  const marks = mkdtempSync(path.join(os.tmpdir(), 'server-build-ran-'));
  const telling = (deployment: string) =>
    `require('node:fs').writeFileSync(${JSON.stringify(path.join(marks, deployment))}, '');\n${container(deployment)}`;
  const ran = () => readdirSync(marks).sort();
  afterAll(() => rmSync(marks, { recursive: true, force: true }));
  beforeEach(() => {
    for (const mark of readdirSync(marks)) rmSync(path.join(marks, mark));
  });

  test('runs when its bytes are the pinned ones', async () => {
    const body = telling('pinned');
    answers['/p1/server/remoteEntry.js'] = { status: 200, body };
    const load = createStepRemote();
    expect(await load(basket, `${origin}/p1/server/remoteEntry.js`, pinOf(body))).toEqual({
      kind: 'loaded',
      module: { name: './basket', deployment: 'pinned' },
    });
    expect(ran()).toEqual(['pinned']);
  });

  test('with one byte changed is refused and never evaluated, and refused again at the retry', async () => {
    let clock = 0;
    const load = createStepRemote({ retryAfterMs: 30_000, now: () => clock });
    const body = telling('built');
    const tampered = body.replace('built', 'bui1t');
    expect(tampered).toHaveLength(body.length);
    answers['/p2/server/remoteEntry.js'] = { status: 200, body: tampered };
    const entry = `${origin}/p2/server/remoteEntry.js`;
    const refused = await load(basket, entry, pinOf(body));
    expect(refused).toEqual({ kind: 'refused', reason: expect.stringMatching(/integrity mismatch, pinned sha384-/) });
    clock = 29_999;
    expect(await load(basket, entry, pinOf(body))).toEqual(refused);
    expect(asked).toHaveLength(1);
    clock = 30_000;
    expect((await load(basket, entry, pinOf(body))).kind).toBe('refused');
    expect(asked).toHaveLength(2);
    expect(ran()).toEqual([]);
  });

  test('a new pin for the same address is a new deployment: loaded afresh, against the new pin', async () => {
    const v1 = telling('v1');
    const v2 = telling('v2');
    const entry = `${origin}/p3/server/remoteEntry.js`;
    const load = createStepRemote();
    answers['/p3/server/remoteEntry.js'] = { status: 200, body: v1 };
    expect((await load(basket, entry, pinOf(v1))).kind).toBe('loaded');
    // The remote replaced in place: the old pin no longer matches what it serves, the new one does.
    answers['/p3/server/remoteEntry.js'] = { status: 200, body: v2 };
    expect(await load(basket, entry, pinOf(v2))).toEqual({
      kind: 'loaded',
      module: { name: './basket', deployment: 'v2' },
    });
    expect(ran()).toEqual(['v1', 'v2']);
  });

  test('a pin that is not a sha384 value refuses the build', async () => {
    answers['/p4/server/remoteEntry.js'] = { status: 200, body: telling('weak') };
    const load = createStepRemote();
    const result = await load(basket, `${origin}/p4/server/remoteEntry.js`, { integrity: 'sha1-abc' });
    expect(result).toEqual({ kind: 'refused', reason: expect.stringMatching(/not a sha384-… integrity value/) });
    expect(ran()).toEqual([]);
  });
});
