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

function doorElements() {
  const page = required(document, '[data-door]', HTMLElement);
  const form = required(page, '[data-door-form]', HTMLFormElement);
  return {
    who: required(page, '[data-door-who]', HTMLElement),
    result: required(page, '[data-door-result]', HTMLElement),
    form,
    input: required(form, 'input[name="code"]', HTMLInputElement),
    submit: required(form, 'button[type="submit"]', HTMLButtonElement),
    cameraButton: required(page, '[data-door-camera]', HTMLButtonElement),
    cameraStatus: required(page, '[data-door-camera-status]', HTMLElement),
    video: required(page, '[data-door-video]', HTMLVideoElement),
  };
}

type DoorElements = ReturnType<typeof doorElements>;

/** The big answer: a headline ('Admitted', 'Refused') and the lines under it. */
function show(result: HTMLElement, verdict: Verdict, headline: string, lines: readonly string[] = []): void {
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
}

/** The page can check nothing in: it says why, and every control is off. */
function disable(el: DoorElements, sentence: string): void {
  el.who.textContent = sentence;
  el.who.classList.add('door__who--problem');
  el.input.disabled = true;
  setBusy(el.submit, false);
  el.submit.disabled = true;
  el.cameraButton.disabled = true;
}

/** Which door this is, under the title: the door's name and its event (or organiser). */
function showWho(who: HTMLElement, token: string, refuseToken: () => void): void {
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
}

interface DoorChecker {
  /** A code is being checked in (its answer has not come). */
  busy(): boolean;
  checkIn(code: string): Promise<void>;
}

/** Checks a code in and shows the answer; one at a time. */
function doorChecker(el: DoorElements, token: string, refuseToken: () => void): DoorChecker {
  let inFlight = false;
  const checkIn = async (code: string): Promise<void> => {
    inFlight = true;
    setBusy(el.submit, true);
    show(el.result, 'pending', sentences.checking);
    try {
      const { status, json } = await callApi(token, 'POST', '/check-ins', { code });
      if (status === 200) {
        const seat = text(json, 'ticket', 'seat');
        show(
          el.result,
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
        show(el.result, 'problem', 'Not checked', [sentences.badToken]);
      } else {
        show(el.result, 'refused', 'Refused', [text(json, 'error') ?? sentences.unreachable]);
      }
    } catch {
      show(el.result, 'problem', 'Not checked', [sentences.unreachable]);
    } finally {
      inFlight = false;
      setBusy(el.submit, false);
      if (!el.input.disabled) {
        el.input.value = '';
        el.input.focus();
      }
    }
  };
  return { busy: () => inFlight, checkIn };
}

/** A code typed in and sent with the form. */
function checkInTypedCodes(el: DoorElements, checker: DoorChecker): void {
  el.form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (checker.busy()) return;
    const code = el.input.value.trim();
    if (code === '') {
      show(el.result, 'problem', 'Not checked', [sentences.typeCode]);
      el.input.focus();
      return;
    }
    void checker.checkIn(code);
  });
}

/** A read that found no whole QR code in the frame: the reader goes on with the next one. */
const isTryAgain = (error: Error) =>
  error instanceof NotFoundException || error instanceof ChecksumException || error instanceof FormatException;

/** The camera: codes held to it are checked in. */
class DoorCamera {
  private readonly el: DoorElements;
  private readonly checker: DoorChecker;
  private controls: IScannerControls | undefined;
  /** Each start of the camera; a reader's late news from an earlier start is ignored. */
  private run = 0;
  private restartsInARow = 0;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private lastScan = { code: '', seenAt: 0 };

  constructor(el: DoorElements, checker: DoorChecker) {
    this.el = el;
    this.checker = checker;
  }

  stop(): void {
    this.run += 1;
    clearTimeout(this.restartTimer);
    this.controls?.stop();
    this.controls = undefined;
    this.el.video.hidden = true;
    this.el.cameraButton.textContent = sentences.startCamera;
    this.el.cameraButton.setAttribute('aria-pressed', 'false');
  }

  /** The camera button: on when off, off when on. */
  toggle(): void {
    this.restartsInARow = 0;
    if (this.controls) {
      this.stop();
      this.el.cameraStatus.textContent = '';
      this.el.input.focus();
    } else void this.start();
  }

  /** The reader stopped by itself (it has already released the camera): start again, or say so. */
  private readerStopped(): void {
    this.stop();
    if (this.restartsInARow >= CAMERA_RESTARTS) {
      this.el.cameraStatus.textContent = sentences.cameraStopped;
      return;
    }
    this.restartsInARow += 1;
    this.restartTimer = setTimeout(() => void this.start(), CAMERA_RESTART_MS);
  }

  /** A code read from a frame. */
  private scanned(code: string): void {
    this.restartsInARow = 0;
    const now = Date.now();
    const same = code === this.lastScan.code;
    const stillInView = same && now - this.lastScan.seenAt < OUT_OF_VIEW_MS;
    // The code being checked, still in view, stays seen; another code waits for the answer.
    if (same) this.lastScan.seenAt = now;
    if (stillInView || this.checker.busy()) return;
    this.lastScan = { code, seenAt: now };
    void this.checker.checkIn(code);
  }

  private async start(): Promise<void> {
    const { cameraButton, cameraStatus, video } = this.el;
    if (!navigator.mediaDevices?.getUserMedia) {
      cameraStatus.textContent = sentences.noCamera;
      return;
    }
    const thisRun = (this.run += 1);
    let stoppedEarly = false;
    cameraButton.disabled = true;
    try {
      const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
      video.hidden = false;
      const started = await reader.decodeFromConstraints(
        { video: { facingMode: 'environment' }, audio: false },
        video,
        (scanned, error) => {
          if (thisRun !== this.run) return;
          if (error) {
            // The first frame is read before the reader's promise settles: a stop then is handled after it.
            if (!isTryAgain(error)) {
              if (this.controls) this.readerStopped();
              else stoppedEarly = true;
            }
            return;
          }
          if (scanned) this.scanned(scanned.getText().trim());
        },
      );
      if (thisRun !== this.run) {
        // Stopped (the button, the tab hidden) while the camera was starting.
        started.stop();
        return;
      }
      this.controls = started;
      cameraButton.textContent = sentences.stopCamera;
      cameraButton.setAttribute('aria-pressed', 'true');
      cameraStatus.textContent = sentences.cameraOn;
      if (stoppedEarly) this.readerStopped();
    } catch (error) {
      if (thisRun !== this.run) return;
      this.stop();
      const refused =
        error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
      cameraStatus.textContent = refused ? sentences.cameraRefused : sentences.noCamera;
    } finally {
      cameraButton.disabled = false;
      this.el.input.focus();
    }
  }
}

function start(): void {
  const el = doorElements();
  const token = doorToken();
  if (!token) {
    disable(el, sentences.noToken);
    return;
  }
  const refuseToken = () => {
    sessionStorage.removeItem(STORAGE_KEY);
    camera.stop();
    disable(el, sentences.badToken);
  };
  showWho(el.who, token, refuseToken);
  const checker = doorChecker(el, token, refuseToken);
  checkInTypedCodes(el, checker);
  const camera = new DoorCamera(el, checker);
  el.cameraButton.addEventListener('click', () => camera.toggle());
  // A phone locked or the tab left: the camera goes off (or does not come on), and is started again by hand.
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) camera.stop();
  });

  el.input.focus();
}

start();
