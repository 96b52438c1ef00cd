/**
 * @jest-environment jsdom
 */
/// <reference lib="dom" />
import type { QueueStatus } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/queue';
import { queueBody } from '../page';

/** A stand-in for the browser's EventSource: the test sends the server's events through it. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = 1;
  closed = false;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  close(): void {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(status: QueueStatus): void {
    this.onmessage?.({ data: JSON.stringify(status) } as MessageEvent<string>);
  }
}

const waiting = (ahead: number, wait: number): QueueStatus => ({
  state: 'waiting',
  position: ahead + 1,
  ahead,
  estimated_wait_seconds: wait,
});
const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';

beforeAll(async () => {
  Object.assign(globalThis, { EventSource: FakeEventSource });
  const admitted: QueueStatus = {
    state: 'admitted',
    pass_expires_at: '2030-01-01T12:10:00Z',
    return_url: '/checkout/',
  };
  // The status call the page makes once admitted (it hands the pass over as a cookie).
  globalThis.fetch = jest.fn(async () => ({ ok: true, json: async () => admitted }) as Response);
  document.body.innerHTML = queueBody(7, waiting(100, 600)).value;
  await import('./queue');
});

test('follows the stream: the figures change quietly, a state change is announced, and the stream is closed once admitted', async () => {
  const stream = FakeEventSource.last;
  expect(stream?.url).toBe('/ajax/queue/7/events');
  expect(text('#queue-live')).toBe('');

  stream?.emit(waiting(99, 594));
  expect(text('#queue-position')).toBe('100');
  expect(text('#queue-ahead')).toBe('99');
  expect(text('#queue-live')).toBe('');

  stream?.emit({ state: 'admitted', pass_expires_at: '2030-01-01T12:10:00Z', return_url: '/checkout/' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(stream?.closed).toBe(true);
  expect(globalThis.fetch).toHaveBeenCalledWith('/ajax/queue/7/status', expect.anything());
  expect(text('#queue-heading')).toBe(messages.queueAdmittedHeading);
  expect(text('#queue-live')).toBe(`${messages.queueAdmittedHeading}. ${messages.queueAdmitted}`);
  expect(document.activeElement?.id).toBe('queue-heading');
  expect((document.querySelector('#queue-continue') as HTMLElement).hidden).toBe(false);
  expect((document.querySelector('#queue-figures') as HTMLElement).hidden).toBe(true);
});
