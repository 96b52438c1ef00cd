/// <reference lib="dom" />
// The door scanner page (/door/): door staff check tickets in by typing a code or holding its QR code to the phone's
// camera. The door token arrives in the URL fragment (never sent to the server), is kept in sessionStorage for the
// tab and removed from the address bar; every call carries it as the organiser API's Bearer key, so no cookie and no
// XSRF header are involved.
import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import { ChecksumException, FormatException, NotFoundException } from '@zxing/library';
import { required, setBusy } from '../../web/browser/forms';

const STORAGE_KEY = 'door-token';
const API = '/api/v1';
/**
 * The camera reads a QR code held in view several times a second: it is sent once, and again only after it has been
 * out of view this long (shown a second time, it is refused as already admitted, as it should be).
 */
const OUT_OF_VIEW_MS = 2000;
/**
 * The browser reader gives up for good on an error it does not expect (a frame read before the camera's size was
 * known, a track the phone took back) and releases the camera, while the page still shows it on. The page starts it
 * again, after this long, at most this many times in a row before it says so.
 */
const CAMERA_RESTART_MS = 500;
const CAMERA_RESTARTS = 3;

const sentences = {
  noToken: 'Open this page from the door link the organiser gave you.',
  badToken: 'This door link has expired or was revoked: ask the organiser for a new one.',
  unreachable: 'Could not reach the server: check the connection, then check the ticket in again.',
  checking: 'Checking…',
  typeCode: 'Type the ticket code first.',
  noCamera: 'No camera can be used here: type the ticket code instead.',
  cameraRefused: 'The camera was not allowed: type the ticket code instead, or allow the camera in the browser.',
  cameraOn: 'Hold the QR code inside the camera view.',
  cameraStopped: 'The camera stopped reading: press Scan with camera to start it again, or type the ticket code.',
  startCamera: 'Scan with camera',
  stopCamera: 'Stop the camera',
} as const;

/** A JSON body's field, read without trusting its type. */
function field(body: unknown, ...names: string[]): unknown {
  let value = body;
  for (const name of names) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

const text = (body: unknown, ...names: string[]): string | undefined => {
  const value = field(body, ...names);
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** The token from the link's fragment (then out of the address bar and history), else the one this tab kept. */
function doorToken(): string | undefined {
  const fromLink = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (fromLink) {
    sessionStorage.setItem(STORAGE_KEY, fromLink);
    history.replaceState(null, '', window.location.pathname + window.location.search);
    return fromLink;
  }
  return sessionStorage.getItem(STORAGE_KEY) ?? undefined;
}

async function callApi(token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(API + path, {
    method,
    credentials: 'omit',
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json: unknown = await response.json().catch(() => ({}));
  return { status: response.status, json };
}

type Verdict = 'admitted' | 'refused' | 'pending' | 'problem';

function start(): void {
  const page = required(document, '[data-door]', HTMLElement);
  const who = required(page, '[data-door-who]', HTMLElement);
  const result = required(page, '[data-door-result]', HTMLElement);
  const form = required(page, '[data-door-form]', HTMLFormElement);
  const input = required(form, 'input[name="code"]', HTMLInputElement);
  const submit = required(form, 'button[type="submit"]', HTMLButtonElement);
  const cameraButton = required(page, '[data-door-camera]', HTMLButtonElement);
  const cameraStatus = required(page, '[data-door-camera-status]', HTMLElement);
  const video = required(page, '[data-door-video]', HTMLVideoElement);

  /** The big answer: a headline ('Admitted', 'Refused') and the lines under it. */
  const show = (verdict: Verdict, headline: string, lines: readonly string[] = []): void => {
    result.className = `door__result door__result--${verdict}`;
    const heading = document.createElement('p');
    heading.className = 'door__verdict';
    heading.textContent = headline;
    result.replaceChildren(
      heading,
      ...lines.map((line) => {
        const paragraph = document.createElement('p');
        paragraph.className = 'door__detail';
        paragraph.textContent = line;
        return paragraph;
      }),
    );
  };

  const token = doorToken();
  const disable = (sentence: string) => {
    who.textContent = sentence;
    who.classList.add('door__who--problem');
    input.disabled = true;
    setBusy(submit, false);
    submit.disabled = true;
    cameraButton.disabled = true;
  };
  if (!token) {
    disable(sentences.noToken);
    return;
  }
  const refuseToken = () => {
    sessionStorage.removeItem(STORAGE_KEY);
    stopCamera();
    disable(sentences.badToken);
  };

  void callApi(token, 'GET', '/door/me')
    .then(({ status, json }) => {
      if (status === 401) return refuseToken();
      if (status !== 200) return;
      const event = text(json, 'event', 'title');
      who.textContent = [`Door: ${text(json, 'name') ?? ''}`, event ?? text(json, 'organiser_name')]
        .filter(Boolean)
        .join(' · ');
    })
    .catch(() => {
      who.textContent = sentences.unreachable;
    });

  let inFlight = false;
  let lastScan = { code: '', seenAt: 0 };

  const checkIn = async (code: string): Promise<void> => {
    inFlight = true;
    setBusy(submit, true);
    show('pending', sentences.checking);
    try {
      const { status, json } = await callApi(token, 'POST', '/check-ins', { code });
      if (status === 200) {
        const seat = text(json, 'ticket', 'seat');
        show(
          'admitted',
          'Admitted',
          [
            text(json, 'ticket', 'ticket_type') ?? '',
            text(json, 'ticket', 'holder', 'name') ?? text(json, 'ticket', 'holder', 'email') ?? '',
            seat ?? '',
          ].filter(Boolean),
        );
      } else if (status === 401) {
        refuseToken();
        show('problem', 'Not checked', [sentences.badToken]);
      } else {
        show('refused', 'Refused', [text(json, 'error') ?? sentences.unreachable]);
      }
    } catch {
      show('problem', 'Not checked', [sentences.unreachable]);
    } finally {
      inFlight = false;
      setBusy(submit, false);
      if (!input.disabled) {
        input.value = '';
        input.focus();
      }
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (inFlight) return;
    const code = input.value.trim();
    if (code === '') {
      show('problem', 'Not checked', [sentences.typeCode]);
      input.focus();
      return;
    }
    void checkIn(code);
  });

  let controls: IScannerControls | undefined;
  /** Each start of the camera; a reader's late news from an earlier start is ignored. */
  let run = 0;
  let restartsInARow = 0;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  function stopCamera(): void {
    run += 1;
    clearTimeout(restartTimer);
    controls?.stop();
    controls = undefined;
    video.hidden = true;
    cameraButton.textContent = sentences.startCamera;
    cameraButton.setAttribute('aria-pressed', 'false');
  }

  /** The reader stopped by itself (it has already released the camera): start again, or say so. */
  const readerStopped = (): void => {
    stopCamera();
    if (restartsInARow >= CAMERA_RESTARTS) {
      cameraStatus.textContent = sentences.cameraStopped;
      return;
    }
    restartsInARow += 1;
    restartTimer = setTimeout(() => void startCamera(), CAMERA_RESTART_MS);
  };

  const startCamera = async (): Promise<void> => {
    if (!navigator.mediaDevices?.getUserMedia) {
      cameraStatus.textContent = sentences.noCamera;
      return;
    }
    const thisRun = (run += 1);
    let stoppedEarly = false;
    cameraButton.disabled = true;
    try {
      const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
      video.hidden = false;
      const started = await reader.decodeFromConstraints(
        { video: { facingMode: 'environment' }, audio: false },
        video,
        (scanned, error) => {
          if (thisRun !== run) return;
          if (error) {
            const tryAgain =
              error instanceof NotFoundException ||
              error instanceof ChecksumException ||
              error instanceof FormatException;
            // The first frame is read before the reader's promise settles: a stop then is handled after it.
            if (!tryAgain) {
              if (controls) readerStopped();
              else stoppedEarly = true;
            }
            return;
          }
          if (!scanned) return;
          restartsInARow = 0;
          const code = scanned.getText().trim();
          const now = Date.now();
          const same = code === lastScan.code;
          const stillInView = same && now - lastScan.seenAt < OUT_OF_VIEW_MS;
          // The code being checked, still in view, stays seen; another code waits for the answer.
          if (same) lastScan.seenAt = now;
          if (stillInView || inFlight) return;
          lastScan = { code, seenAt: now };
          void checkIn(code);
        },
      );
      if (thisRun !== run) {
        // Stopped (the button, the tab hidden) while the camera was starting.
        started.stop();
        return;
      }
      controls = started;
      cameraButton.textContent = sentences.stopCamera;
      cameraButton.setAttribute('aria-pressed', 'true');
      cameraStatus.textContent = sentences.cameraOn;
      if (stoppedEarly) readerStopped();
    } catch (error) {
      if (thisRun !== run) return;
      stopCamera();
      const refused =
        error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
      cameraStatus.textContent = refused ? sentences.cameraRefused : sentences.noCamera;
    } finally {
      cameraButton.disabled = false;
      input.focus();
    }
  };

  cameraButton.addEventListener('click', () => {
    restartsInARow = 0;
    if (controls) {
      stopCamera();
      cameraStatus.textContent = '';
      input.focus();
    } else void startCamera();
  });
  // A phone locked or the tab left: the camera goes off (or does not come on), and is started again by hand.
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) stopCamera();
  });

  input.focus();
}

start();
