/// <reference lib="dom" />
// The sign-in and mailing-list forms, posted with fetch so the XSRF header is sent (browser/forms.ts). Their texts
// come from data attributes the server renders.
import { postForJson, required, setBusy, showStatus } from '../../web/browser/forms';

interface HCaptcha {
  render(
    container: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void },
  ): string;
}

declare global {
  interface Window {
    hcaptcha?: HCaptcha;
    checkoutSignInCaptchaReady?: () => void;
  }
}

const attribute = (element: Element, name: string): string => element.getAttribute(name) ?? '';

function submitButton(form: HTMLFormElement): HTMLButtonElement {
  return required(form, 'button[type="submit"]', HTMLButtonElement);
}

// ---- /signin/ ----

/** The captcha, when send_one_time_code asks for one (many codes were asked for this email): a token is good for one send. */
function signInCaptcha(signin: Element, sendForm: HTMLFormElement) {
  const box = required(sendForm, '[data-captcha]', HTMLElement);
  const widget = required(sendForm, '[data-captcha-widget]', HTMLElement);
  const sendButton = submitButton(sendForm);
  const state = { needed: false, token: '' };
  const setToken = (token: string) => {
    state.token = token;
    sendButton.disabled = state.needed && !token;
  };

  /** The offline sandbox's 'I am human' box. */
  const sandboxChallenge = () => {
    widget.textContent = '';
    const label = document.createElement('label');
    const check = document.createElement('input');
    check.type = 'checkbox';
    label.append(check, ' I am human');
    const note = document.createElement('span');
    note.className = 'form-status';
    note.setAttribute('role', 'status');
    widget.append(label, note);
    const refuse = (text: string) => {
      check.disabled = false;
      check.checked = false;
      showStatus(note, 'error', text);
    };
    check.addEventListener('change', () => {
      if (!check.checked) return setToken('');
      check.disabled = true;
      postForJson(attribute(signin, 'data-captcha-solve'), { sitekey: attribute(signin, 'data-captcha-sitekey') })
        .then((answer) => {
          const token = answer.text('token');
          if (!answer.ok || token === undefined)
            return refuse(answer.text('error') ?? attribute(signin, 'data-captcha-failed'));
          check.disabled = false;
          showStatus(note, 'success', 'Verified');
          setToken(token);
        })
        .catch(() => refuse(attribute(signin, 'data-captcha-failed')));
    });
  };

  /** hCaptcha's widget, its script loaded the first time it is needed. */
  const hcaptchaChallenge = () => {
    widget.textContent = '';
    const render = () => {
      window.hcaptcha?.render(widget, {
        sitekey: attribute(signin, 'data-captcha-sitekey'),
        callback: setToken,
        'expired-callback': () => setToken(''),
      });
    };
    if (window.hcaptcha) return render();
    window.checkoutSignInCaptchaReady = render;
    const script = document.createElement('script');
    script.src = 'https://js.hcaptcha.com/1/api.js?render=explicit&onload=checkoutSignInCaptchaReady';
    script.async = true;
    document.head.appendChild(script);
  };

  return {
    get token() {
      return state.token;
    },
    /** Whether a send must wait for the captcha. */
    get blocking() {
      return state.needed && !state.token;
    },
    ask() {
      state.needed = true;
      box.hidden = false;
      setToken('');
      if (attribute(signin, 'data-captcha-mode') === 'hcaptcha') hcaptchaChallenge();
      else sandboxChallenge();
    },
    done() {
      state.needed = false;
      box.hidden = true;
      setToken('');
    },
  };
}

function bindCodeForms(signin: Element, sendForm: HTMLFormElement, verifyForm: HTMLFormElement): void {
  const failed = attribute(signin, 'data-failed');
  const codeInput = required(verifyForm, 'input[name="code"]', HTMLInputElement);
  const verifyButton = submitButton(verifyForm);
  const verifyStatus = required(verifyForm, '[role="status"]', HTMLElement);
  const syncVerify = () => {
    codeInput.value = codeInput.value.replace(/\D/g, '').slice(0, 6);
    verifyButton.disabled = codeInput.value.length !== 6;
  };
  codeInput.addEventListener('input', syncVerify);
  syncVerify();
  const captcha = signInCaptcha(signin, sendForm);

  sendForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const status = required(sendForm, ':scope > [role="status"]', HTMLElement);
    const email = required(sendForm, 'input[name="email"]', HTMLInputElement).value.trim();
    if (captcha.blocking) return;
    const fields: Record<string, string> = { email };
    if (captcha.token) fields['h-captcha-response'] = captcha.token;
    const button = submitButton(sendForm);
    setBusy(button, true);
    showStatus(status, 'pending', attribute(signin, 'data-sending'));
    postForJson(sendForm.action, fields)
      .then((answer) => {
        if (answer.ok && answer.flag('captcha')) {
          showStatus(status, 'error', answer.text('error') ?? failed);
          return captcha.ask();
        }
        if (!answer.ok) return showStatus(status, 'error', answer.text('error') ?? failed);
        captcha.done();
        showStatus(status, 'pending', '');
        required(verifyForm, 'input[name="email"]', HTMLInputElement).value = email;
        required(verifyForm, '[data-sent-to]', HTMLElement).textContent = attribute(signin, 'data-sent').replace(
          '{email}',
          email,
        );
        sendForm.hidden = true;
        verifyForm.hidden = false;
        codeInput.value = '';
        syncVerify();
        codeInput.focus();
      })
      .catch(() => showStatus(status, 'error', failed))
      .finally(() => {
        setBusy(button, false);
        button.disabled = captcha.blocking;
      });
  });

  verifyForm.addEventListener('submit', (event) => {
    event.preventDefault();
    setBusy(verifyButton, true);
    postForJson(verifyForm.action, {
      email: required(verifyForm, 'input[name="email"]', HTMLInputElement).value,
      code: codeInput.value,
      next: attribute(signin, 'data-next'),
    })
      .then((answer) => {
        if (!answer.ok) {
          showStatus(verifyStatus, 'error', answer.text('error') ?? failed);
          codeInput.value = '';
          codeInput.focus();
          return;
        }
        const next = answer.text('next') ?? '/';
        // The wallet shows the tickets of a proven email, with or without an account (a transfer's recipient).
        if (answer.flag('has_account') || next === attribute(signin, 'data-wallet')) {
          window.location.assign(next);
          return;
        }
        showStatus(verifyStatus, 'success', attribute(signin, 'data-no-account'));
        const link = document.createElement('a');
        link.href = next;
        link.textContent = attribute(signin, 'data-continue');
        verifyStatus.append(' ', link);
      })
      .catch(() => showStatus(verifyStatus, 'error', failed))
      .finally(() => {
        setBusy(verifyButton, false);
        syncVerify();
      });
  });

  required(verifyForm, '[data-change-email]', HTMLElement).addEventListener('click', () => {
    verifyForm.hidden = true;
    sendForm.hidden = false;
    codeInput.value = '';
    showStatus(verifyStatus, 'pending', '');
    required(sendForm, 'input[name="email"]', HTMLInputElement).focus();
  });
}

function bindSignOut(form: HTMLFormElement): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = submitButton(form);
    setBusy(button, true);
    postForJson(form.action, {})
      .then(() => window.location.reload())
      .catch(() => setBusy(button, false));
  });
}

// ---- /mailing-list ----

function bindMailingList(list: HTMLFormElement): void {
  list.addEventListener('submit', (event) => {
    event.preventDefault();
    const status = required(list, '[role="status"]', HTMLElement);
    const button = submitButton(list);
    setBusy(button, true);
    postForJson(list.action, { email: required(list, 'input[name="email"]', HTMLInputElement).value.trim() })
      .then((answer) => {
        if (answer.ok) showStatus(status, 'success', answer.text('message') ?? '');
        else showStatus(status, 'error', answer.text('error') ?? attribute(list, 'data-failed'));
      })
      .catch(() => showStatus(status, 'error', attribute(list, 'data-failed')))
      .finally(() => setBusy(button, false));
  });
}

const signin = document.querySelector('[data-signin]');
if (signin) {
  const sendForm = signin.querySelector('form[data-send-code]');
  const verifyForm = signin.querySelector('form[data-verify-code]');
  if (sendForm instanceof HTMLFormElement && verifyForm instanceof HTMLFormElement)
    bindCodeForms(signin, sendForm, verifyForm);
  const signOut = signin.querySelector('form[data-sign-out]');
  if (signOut instanceof HTMLFormElement) bindSignOut(signOut);
}
const list = document.querySelector('[data-mailing-list]');
if (list instanceof HTMLFormElement) bindMailingList(list);
