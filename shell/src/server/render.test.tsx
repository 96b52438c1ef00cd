/**
 * @jest-environment node
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { calls, CONTRACT_VERSION } from '@checkout/shared';
import * as commonMessages from '@checkout/shared/messages/common';
import { sampleCheckout, sampleUser } from '@checkout/shared/testing';
import { integrityOf } from './integrity';
import { createFirstStepRenderer } from './render';

/**
 * A basket remote's server container whose step renders one paragraph (a vnode as Preact, the page's React, makes one:
 * no constructor is what tells it from any other object).
 */
const container = `
module.exports = {
  init() {},
  get() {
    const element = { type: 'p', key: null, ref: null, props: { children: 'The basket step' }, constructor: undefined };
    return Promise.resolve(() => ({ contractVersion: ${CONTRACT_VERSION}, basket: { serverElement: () => element } }));
  },
};`;

/** The pin of the container as built, the one its build's integrity.json names. */
const pinned = { integrity: integrityOf(Buffer.from(container)) };
let served = container;
let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    const found = request.url === '/server/remoteEntry.js';
    response.writeHead(found ? 200 : 404, { 'content-type': 'text/javascript' });
    response.end(found ? served : '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function renderBasket(options: { testMode?: boolean; serverBuilds?: Record<string, { integrity: string }> } = {}) {
  const render = createFirstStepRenderer();
  return render({
    answers: {
      [calls.getCheckout.path]: sampleCheckout({ state: 'basket', test_mode: options.testMode ?? false }),
      [calls.getUser.path]: sampleUser(),
    },
    config: { apiBase: '' },
    remotes: { mf_basket: `${origin}/mf-manifest.json` },
    ...('serverBuilds' in options ? { serverBuilds: options.serverBuilds } : { serverBuilds: { mf_basket: pinned } }),
  });
}

async function renderedFrame(testMode: boolean): Promise<string> {
  const result = await renderBasket({ testMode });
  if (result.kind !== 'rendered') throw new Error(`not rendered: ${result.reason}`);
  expect(result.html).toContain('The basket step');
  return result.html;
}

test('the frame the server renders says TEST MODE in a note while some way of paying takes test money', async () => {
  const html = await renderedFrame(true);
  // In whatever order the renderer writes its attributes.
  const note = [...html.matchAll(/<p ([^>]*)>([^<]*)<\/p>/g)].find(
    ([, , text]) => text === commonMessages.testModeNotice,
  );
  expect(note?.[1]?.split(' ').sort()).toEqual(['class="test-mode"', 'role="note"']);
  expect(html.indexOf('test-mode')).toBeLessThan(html.indexOf('The basket step'));
});

test('with every way of paying live or off, nothing in it says TEST MODE', async () => {
  expect(await renderedFrame(false)).not.toContain('TEST MODE');
});

test('a server build with one byte changed is refused: nothing is rendered, and the reason says so', async () => {
  served = container.replace('The basket step', 'The basket stop');
  try {
    expect(served).toHaveLength(container.length);
    expect(await renderBasket()).toEqual({
      kind: 'refused',
      reason: expect.stringMatching(/^mf_basket \.\/basket from .+: .*integrity mismatch, pinned sha384-/),
    });
  } finally {
    served = container;
  }
});

test('a remote without a pin is not loaded at all', async () => {
  expect(await renderBasket({ serverBuilds: {} })).toEqual({
    kind: 'failed',
    reason: 'mf_basket has no pinned server build',
  });
});
