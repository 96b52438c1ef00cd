/**
 * @jest-environment jsdom
 */
/// <reference lib="dom" />
import { NotFoundException } from '@zxing/library';
import { doorBody } from '../page';

type ScanCallback = (result: { getText(): string } | undefined, error?: Error) => void;

/** The camera reader as the door page drives it: each start is kept, with what the page asked it to report to. */
const starts: { report: ScanCallback; stop: jest.Mock; firstFrame?: Error }[] = [];
let nextFirstFrame: Error | undefined;
jest.mock('@zxing/browser', () => ({
  BrowserQRCodeReader: class {
    async decodeFromConstraints(_constraints: unknown, _video: unknown, report: ScanCallback) {
      const start = { report, stop: jest.fn(), firstFrame: nextFirstFrame };
      nextFirstFrame = undefined;
      starts.push(start);
      // The real reader reads its first frame before its promise settles.
      if (start.firstFrame) report(undefined, start.firstFrame);
      return { stop: start.stop };
    }
  },
}));

const CODE = 'ABCDEFGHIJKLMNOPQRST';
const cameraButton = () => document.querySelector<HTMLButtonElement>('[data-door-camera]')!;
const cameraStatus = () => document.querySelector('[data-door-camera-status]')?.textContent ?? '';
const verdict = () => document.querySelector('[data-door-result]')?.textContent ?? '';
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Past the page's pause before it starts a stopped reader again. */
const pastRestart = () => new Promise((resolve) => setTimeout(resolve, 600));
const checkIns = () => (globalThis.fetch as jest.Mock).mock.calls.filter(([url]) => url === '/api/v1/check-ins');

beforeAll(async () => {
  window.history.replaceState(null, '', '/door/#token=door-token');
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: jest.fn() }, configurable: true });
  globalThis.fetch = jest.fn(async (url: string) => {
    const json =
      url === '/api/v1/door/me'
        ? { name: 'Main door', event: { title: 'Aurora Sessions' } }
        : { ticket: { ticket_type: 'Standing', holder: { name: 'Pat Payer' } } };
    return { status: 200, json: async () => json } as Response;
  }) as jest.Mock;
  document.body.innerHTML = doorBody.value;
  await import('./door');
  await settle();
});

test('a code held in view is checked in once; a frame without one is read again', async () => {
  cameraButton().click();
  await settle();
  expect(starts).toHaveLength(1);
  expect(cameraButton().textContent).toBe('Stop the camera');
  expect(cameraStatus()).toBe('Hold the QR code inside the camera view.');

  const reader = starts[0]!;
  reader.report(undefined, new NotFoundException());
  reader.report({ getText: () => CODE });
  await settle();
  reader.report({ getText: () => CODE });
  await settle();
  expect(checkIns()).toHaveLength(1);
  expect(verdict()).toContain('Admitted');
  expect(starts).toHaveLength(1);
});

test('a reader that stops by itself is started again, and after three stops in a row the page says so', async () => {
  const checked = checkIns().length;
  starts.at(-1)!.report(undefined, new Error('The source width is 0.'));
  expect(cameraButton().textContent).toBe('Scan with camera');
  await pastRestart();
  expect(starts).toHaveLength(2);
  expect(cameraButton().textContent).toBe('Stop the camera');

  // Stopped on its first frame, before its promise settled: started again all the same.
  nextFirstFrame = new Error('The source width is 0.');
  starts.at(-1)!.report(undefined, new Error('The track ended.'));
  await pastRestart();
  expect(starts).toHaveLength(3);
  expect(starts[2]!.firstFrame).toBeDefined();
  await pastRestart();
  expect(starts).toHaveLength(4);

  // A late report from a reader already replaced changes nothing.
  starts[0]!.report({ getText: () => 'QRSTQRSTQRSTQRSTQRST' });
  await settle();
  expect(checkIns()).toHaveLength(checked);

  starts.at(-1)!.report(undefined, new Error('The track ended.'));
  await pastRestart();
  expect(starts).toHaveLength(4);
  expect(cameraButton().textContent).toBe('Scan with camera');
  expect(cameraStatus()).toBe(
    'The camera stopped reading: press Scan with camera to start it again, or type the ticket code.',
  );

  // Started again by hand, it counts afresh.
  cameraButton().click();
  await settle();
  expect(starts).toHaveLength(5);
  expect(cameraStatus()).toBe('Hold the QR code inside the camera view.');
  starts.at(-1)!.report(undefined, new Error('The track ended.'));
  await pastRestart();
  expect(starts).toHaveLength(6);
});

test('the tab hidden while a stopped reader waits to start again: the camera stays off', async () => {
  starts.at(-1)!.report(undefined, new Error('The track ended.'));
  Object.defineProperty(document, 'hidden', { value: true, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  await pastRestart();
  expect(starts).toHaveLength(6);
  expect(cameraButton().textContent).toBe('Scan with camera');
});
