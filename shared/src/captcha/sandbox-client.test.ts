import { SANDBOX_UNREACHABLE, solveSandboxCaptcha, xsrfTokenFrom } from './sandbox-client';

type Call = { url: string; init: RequestInit };

function fakeFetch(status: number, body: unknown, calls: Call[] = []): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return {
      ok: status >= 200 && status < 300,
      status,
      json: async () => {
        if (body === undefined) throw new SyntaxError('not JSON');
        return body;
      },
    } as Response;
  }) as unknown as typeof fetch;
}

describe('solveSandboxCaptcha (the sandbox server protocol)', () => {
  test('posts the site key form-encoded with the XSRF header, and reads the token and its lifetime', async () => {
    const calls: Call[] = [];
    const answer = await solveSandboxCaptcha({
      sitekey: 'sandbox-site-key',
      apiBase: 'http://localhost:8080',
      cookie: 'sid=1; XSRF-TOKEN=abc%3D%3D; other=2',
      fetch: fakeFetch(200, { token: 'tok-1', expires_in: 120 }, calls),
    });
    expect(answer).toEqual({ ok: true, token: 'tok-1', expiresIn: 120 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://localhost:8080/sandbox/captcha/solve');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('sitekey=sandbox-site-key');
    expect(calls[0]?.init.headers).toMatchObject({
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-XSRF-TOKEN': 'abc==',
    });
  });

  test('a tester asks for a failure: outcome=fail is sent and the server error comes back', async () => {
    const calls: Call[] = [];
    const answer = await solveSandboxCaptcha({
      sitekey: 'k',
      outcome: 'fail',
      cookie: '',
      fetch: fakeFetch(400, { error: 'Challenge failed' }, calls),
    });
    expect(calls[0]?.init.body).toBe('sitekey=k&outcome=fail');
    expect(answer).toEqual({ ok: false, error: 'Challenge failed' });
  });

  test.each([
    ['a 500 without a body', fakeFetch(500, undefined)],
    ['a 200 without a token', fakeFetch(200, { nope: true })],
    [
      'a network failure',
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('%s: the challenge could not be checked', async (_name, request) => {
    expect(await solveSandboxCaptcha({ sitekey: 'k', cookie: '', fetch: request })).toEqual({
      ok: false,
      error: SANDBOX_UNREACHABLE,
    });
  });

  test.each([
    ['XSRF-TOKEN=a.b', 'a.b'],
    ['x=1;  XSRF-TOKEN=a%2Fb=c ; y=2', 'a/b=c'],
    ['x=1', ''],
  ])('xsrfTokenFrom(%p) -> %p', (cookie, token) => {
    expect(xsrfTokenFrom(cookie)).toBe(token);
  });
});
