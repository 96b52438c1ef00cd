import http from 'node:http';
import { expect, test } from '@playwright/test';
import { AccountPage } from '../pages/account';
import { baseURL, stack } from '../support/stack';

/**
 * Identity and access in a real browser: a sign-in `next` that a browser would read as another host never becomes
 * the Continue link, and a stranger's code sends to someone's email cost the owner a captcha on /signin/, not the
 * sign-in. (The same attacks over HTTP: reliability/hostile/identity.test.ts.)
 */

const ORIGIN = new URL(baseURL).origin;

/**
 * Another client of the api: plain HTTP from another local address (a connection to 127.0.0.2 still leaves from
 * 127.0.0.1 unless told otherwise), keeping its session cookies and sending its XSRF header like the page.
 */
class Stranger {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly localAddress: string) {}

  request(method: 'GET' | 'POST', path: string, body = ''): Promise<string> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ') };
    if (method === 'POST') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
    }
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port: stack.apiPort, path, method, headers, localAddress: this.localAddress },
        (response) => {
          for (const line of response.headers['set-cookie'] ?? []) {
            const [pair = ''] = line.split(';');
            const eq = pair.indexOf('=');
            this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
          }
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve(text));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }
}

// The known ways of writing another host into a path-looking value (api/src/pages/safe-next.ts has the full table).
const BYPASSES = [
  '/./..//evil.example/phish',
  '//evil.example/phish',
  '/\\evil.example/phish',
  '\\\\evil.example/phish',
  '/%2e/..//evil.example/phish',
  '%2f%2fevil.example/phish',
  '/%09/evil.example/phish',
  '/\t/evil.example/phish',
  '/\n/evil.example/phish',
  'https:evil.example/phish',
  'https://evil.example/phish',
  'javascript:alert(document.domain)',
];

test('a signed-in visitor’s Continue link stays on the site, whatever ?next= says', async ({ page, context }) => {
  const account = new AccountPage(page, context);
  await account.signInBeforeCheckout('dark@example.com');
  for (const next of BYPASSES) {
    await page.goto(`/signin/?next=${encodeURIComponent(next)}`);
    await expect(page.getByText('You are signed in as')).toBeVisible();
    const link = page.getByRole('link', { name: 'Continue' });
    // The browser's own reading of the href, not the attribute's text.
    const resolved = await link.evaluate((anchor: HTMLAnchorElement) => anchor.href);
    expect(new URL(resolved).origin, `next=${JSON.stringify(next)} -> ${resolved}`).toBe(ORIGIN);
    await link.click();
    await page.waitForLoadState('domcontentloaded');
    expect(new URL(page.url()).origin, `after Continue for next=${JSON.stringify(next)}`).toBe(ORIGIN);
  }
  // A next on the site is kept.
  await page.goto(`/signin/?next=${encodeURIComponent('/account/wallet/')}`);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/account/wallet/`);
});

test("a stranger's code sends do not lock the owner out: /signin/ asks her for a captcha, then sends her code", async ({
  page,
  context,
}) => {
  const email = `owner-${Date.now()}@example.org`;
  // The stranger, from another address of this machine: five codes to her email, the limit from anywhere.
  const stranger = new Stranger('127.0.0.2');
  await stranger.request('GET', '/ajax/user/user/get_user/');
  for (let i = 0; i < 5; i += 1) {
    const sent = await stranger.request(
      'POST',
      '/ajax/user/user/send_one_time_code/',
      `email=${encodeURIComponent(email)}`,
    );
    expect(JSON.parse(sent)).toEqual({ success: true });
  }

  const account = new AccountPage(page, context);
  await page.goto('/signin/');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Send code', exact: true }).click();
  await expect(page.getByText('Please confirm you are human')).toBeVisible();
  const send = page.getByRole('button', { name: 'Send code', exact: true });
  await expect(send).toBeDisabled();
  const since = await account.latestCodeId(email);
  await page.getByRole('checkbox', { name: 'I am human' }).check();
  await expect(send).toBeEnabled();
  await send.click();
  const code = await account.codeFor(email, since);
  await page.getByRole('textbox', { name: 'One-time code' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your email address is confirmed')).toBeVisible();
});
