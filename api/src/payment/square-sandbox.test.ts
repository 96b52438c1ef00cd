/**
 * @jest-environment jsdom
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { PAGE_SCRIPT_BUILDER } from '../web/page-scripts';

interface SandboxCard {
  attach(selector: string): Promise<void>;
  tokenize(): Promise<unknown>;
  destroy(): void;
}
interface SandboxSquare {
  payments(appId: string, locationId: string): { card(): Promise<SandboxCard> };
}

let card: SandboxCard;
const fetched: { url: string; body: string }[] = [];

// As the server bundles it; by a plain node, since esbuild cannot run inside jsdom's sandbox.
const entry = path.join(__dirname, 'assets', 'square-sandbox.ts');
const script = execFileSync(
  process.execPath,
  [
    '-e',
    `process.stdout.write(require(${JSON.stringify(PAGE_SCRIPT_BUILDER)}).bundlePageScript(${JSON.stringify(entry)}))`,
  ],
  { encoding: 'utf8' },
);

beforeAll(async () => {
  // The script as the browser runs it.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the served script as the browser would is the test
  new Function(script)();
  (window as unknown as { fetch: unknown }).fetch = async (url: string, init: { body: string }) => {
    fetched.push({ url, body: init.body });
    return { ok: true, json: async () => ({ status: 'OK', token: 'cnon_sandbox' }) };
  };
  document.body.innerHTML = '<fieldset><legend>Secure Payment</legend><div id="square-card"></div></fieldset>';
  const square = (window as unknown as { Square: SandboxSquare }).Square;
  card = await square.payments('sandbox-sq-app', 'sandbox-location').card();
  await card.attach('#square-card');
});

describe("the square-type sandbox widget draws the card form's fields", () => {
  test("the card number, then expiry and security code side by side, with the card form's labels and field classes; no second postcode", () => {
    const host = document.getElementById('square-card');
    const labels = [...(host?.querySelectorAll('label') ?? [])].map((label) => label.textContent);
    expect(labels).toEqual(['Card number', 'Expiry date (MM/YY)', 'Security code (CVC)']);
    for (const input of host?.querySelectorAll('input') ?? []) {
      expect(input.className).toBe('field__input');
      expect(input.parentElement?.className).toBe('field');
      expect(input.getAttribute('inputmode')).toBe('numeric');
      // Each input is named by its label.
      expect(host?.querySelector(`label[for="${input.id}"]`)).not.toBeNull();
    }
    const row = host?.querySelector('.fields-row');
    expect([...(row?.querySelectorAll('label') ?? [])].map((label) => label.textContent)).toEqual([
      'Expiry date (MM/YY)',
      'Security code (CVC)',
    ]);
    expect(host?.querySelector('.field__hint')?.textContent).toBe('Test mode: no real card is charged.');
    expect(host?.textContent).not.toMatch(/postcode/i);
    expect((host?.querySelector('input[autocomplete="cc-exp"]') as HTMLInputElement | null)?.placeholder).toBe('MM/YY');
  });

  test('tokenize posts the card to the sandbox, without a postcode', async () => {
    const inputs = document.querySelectorAll<HTMLInputElement>('#square-card input');
    const values = ['4242 4242 4242 4242', '12/34', '123'];
    inputs.forEach((input, index) => (input.value = values[index] ?? ''));
    expect(await card.tokenize()).toEqual({ status: 'OK', token: 'cnon_sandbox' });
    expect(fetched[0]?.url).toBe('/sandbox/square/tokenize');
    expect(Object.fromEntries(new URLSearchParams(fetched[0]?.body))).toEqual({
      number: '4242 4242 4242 4242',
      exp_month: '12',
      exp_year: '34',
      cvc: '123',
    });
  });

  test('destroy takes the fields away (a panel shown again attaches a fresh form)', () => {
    card.destroy();
    expect(document.querySelectorAll('#square-card input')).toHaveLength(0);
  });
});
