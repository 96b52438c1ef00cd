import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'effector-react';
import { fakeStepProps, sampleCheckout, type FakeStepOptions } from '@checkout/shared/testing';
import type { HCaptchaProps } from '@hcaptcha/react-hcaptcha';
import { CaptchaStep } from './Step';

const EXPIRED = 'The captcha challenge has expired. Please complete the challenge again.';

// The real widget loads hCaptcha's script from its own host; this stand-in exposes its callbacks as buttons.
jest.mock('@hcaptcha/react-hcaptcha', () => ({
  __esModule: true,
  default: (props: HCaptchaProps) => (
    <div data-sitekey={props.sitekey} aria-label="hCaptcha" role="group">
      <button type="button" onClick={() => props.onVerify?.('hc-token', 'ekey')}>
        verify
      </button>
      <button type="button" onClick={() => props.onChalExpired?.()}>
        challenge expires
      </button>
      <button type="button" onClick={() => props.onError?.('network-error')}>
        fail
      </button>
    </div>
  ),
}));

type SolveBody = { sitekey: string; outcome?: string };

/** The sandbox server: what each solve request sent, and the answer to give. */
function sandboxServer(answer: (body: SolveBody) => { status: number; body: unknown }) {
  const requests: SolveBody[] = [];
  global.fetch = (async (_url: string, init: RequestInit) => {
    const body = Object.fromEntries(new URLSearchParams(init.body as string)) as SolveBody;
    requests.push(body);
    const reply = answer(body);
    return { ok: reply.status < 300, status: reply.status, json: async () => reply.body } as Response;
  }) as unknown as typeof fetch;
  return requests;
}

function renderCaptcha(options: FakeStepOptions = {}) {
  const props = fakeStepProps({
    state: 'captcha',
    checkout: sampleCheckout({ state: 'captcha', captcha_sitekey: 'sandbox-site-key' }),
    ...options,
  });
  render(
    <Provider value={props.scope}>
      <CaptchaStep {...props} />
    </Provider>,
  );
  return props;
}

afterEach(() => {
  delete (global as { fetch?: unknown }).fetch;
});

describe('captcha step with the sandbox challenge', () => {
  test('the prompt and the challenge; Continue stays disabled until it is passed, then reserves with the token', async () => {
    const requests = sandboxServer(() => ({ status: 200, body: { token: 'sandbox-token', expires_in: 120 } }));
    const props = renderCaptcha();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toHaveFocus();
    expect(screen.getByText("Please prove you're a human being completing the CAPTCHA challenge.")).toBeInTheDocument();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'I am human' }));
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I am human' })).toBeChecked();
    expect(requests).toEqual([{ sitekey: 'sandbox-site-key' }]);
    expect(continueButton).toBeEnabled();

    await userEvent.click(continueButton);
    await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('login'));
    expect(props.api.payloadsOf('reserveTickets')).toEqual([{ 'h-captcha-response': 'sandbox-token' }]);
  });

  test("a failed challenge: not passed, with the provider's words and no word of an expiry", async () => {
    const requests = sandboxServer((body) =>
      body.outcome === 'fail'
        ? { status: 400, body: { error: 'The challenge could not be verified.' } }
        : { status: 200, body: { token: 't', expires_in: 120 } },
    );
    renderCaptcha();
    await userEvent.click(screen.getByRole('button', { name: 'Simulate a failed challenge' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^The challenge could not be verified\.$/);
    expect(alert).not.toHaveTextContent(EXPIRED);
    expect(requests).toEqual([{ sitekey: 'sandbox-site-key', outcome: 'fail' }]);
    expect(screen.getByRole('checkbox', { name: 'I am human' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  test('an expired token: back to not passed with the message', async () => {
    sandboxServer(() => ({ status: 200, body: { token: 't', expires_in: 0 } }));
    renderCaptcha();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I am human' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(screen.getByRole('checkbox', { name: 'I am human' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  test('uses the site key the server sent', async () => {
    const requests = sandboxServer(() => ({ status: 200, body: { token: 't', expires_in: 120 } }));
    renderCaptcha({ checkout: sampleCheckout({ state: 'captcha', captcha_sitekey: 'key-from-server' }) });
    await userEvent.click(screen.getByRole('checkbox', { name: 'I am human' }));
    await screen.findByText('Verified');
    expect(requests).toEqual([{ sitekey: 'key-from-server' }]);
  });
});

describe('captcha step with a real hCaptcha site key configured', () => {
  test('loads the hCaptcha widget lazily with the server key; its verify enables Continue', async () => {
    renderCaptcha({
      config: { hcaptchaSiteKey: 'real-key' },
      checkout: sampleCheckout({ state: 'captcha', captcha_sitekey: 'real-key' }),
    });
    const widget = await screen.findByRole('group', { name: 'hCaptcha' });
    expect(widget).toHaveAttribute('data-sitekey', 'real-key');
    expect(screen.queryByRole('checkbox', { name: 'I am human' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'verify' }));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  test.each([
    ['challenge expiry', 'challenge expires', EXPIRED],
    [
      "an error: hCaptcha's code in words, not an expiry",
      'fail',
      'The challenge could not be checked just now. Please try again.',
    ],
  ])('%s resets to not passed', async (_name, trigger, text) => {
    renderCaptcha({ config: { hcaptchaSiteKey: 'real-key' } });
    await userEvent.click(await screen.findByRole('button', { name: 'verify' }));
    await userEvent.click(screen.getByRole('button', { name: trigger }));
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });
});
