import { parse } from 'qs';
import * as basketMessages from '../messages/basket';
import * as orderCompletedMessages from '../messages/order-completed';
import * as shellMessages from '../messages/shell';
import { EMPTY_CHECKOUT } from '../contract/entities';
import { BROWSER_HTTP, cookieValue, createBrowserApiClient, fetchRequester } from './browser';
import { createApiClient, isApiFailure, type ApiFailure, type ContractProblem } from './client';

type Reply = { status: number; body: unknown } | 'network-error';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  data: string | undefined;
  credentials: RequestCredentials | undefined;
}

/** The page's fetch requester over a fake fetch that answers from a function, the way the wire would (JSON text). */
function fakeServer(reply: (request: { method: string; url: string }) => Reply, cookies = '') {
  const sent: Sent[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = {
      method: init?.method ?? 'GET',
      url: typeof input === 'string' ? input : 'url' in input ? input.url : input.href,
    };
    sent.push({
      ...request,
      headers: { ...(init?.headers as Record<string, string>) },
      data: typeof init?.body === 'string' ? init.body : undefined,
      credentials: init?.credentials,
    });
    const answer = reply(request);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return { status: answer.status, text: async () => text } as Response;
  };
  return { instance: fetchRequester({ apiBase: '' }, { fetch: fakeFetch, cookies: () => cookies }), sent };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  try {
    await promise;
  } catch (error) {
    if (isApiFailure(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

test('a POST is form-encoded, and its parsed response resolves', async () => {
  const { instance, sent } = fakeServer(() => ({ status: 200, body: { seconds_remaining: 840 } }));
  const api = createApiClient(instance);

  await expect(api.updateBasketState({ state: 'payment' })).resolves.toEqual({
    seconds_remaining: 840,
    // A server that says nothing of the extension offer: none.
    hold_extension_minutes: null,
  });

  expect(sent[0]?.method).toBe('POST');
  expect(sent[0]?.url).toBe('/ajax/checkout/checkout/update_basket_state/');
  expect(sent[0]?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
  expect(sent[0]?.data).toBe('state=payment');
});

test('nested payloads arrive as the server parses them', async () => {
  const { instance, sent } = fakeServer(() => ({ status: 200, body: { success: true } }));
  await createApiClient(instance).setTransfers({
    transfers: [{ ticket_id: 1, name: 'Al', email: 'al@example.com', qty: 2, is_gift: false }],
  });
  expect(parse(String(sent[0]?.data))).toEqual({
    transfers: [{ ticket_id: '1', name: 'Al', email: 'al@example.com', qty: '2', is_gift: 'false' }],
  });
});

test('a GET without a payload goes to the bare path, and a text response is read as text', async () => {
  const { instance, sent } = fakeServer((config) =>
    config.url === '/ajax/checkout/checkout/get/'
      ? { status: 200, body: EMPTY_CHECKOUT }
      : { status: 200, body: 'https://example.com/r/abc' },
  );
  const api = createApiClient(instance);

  await expect(api.getCheckout()).resolves.toEqual(EMPTY_CHECKOUT);
  await expect(api.getRewardReferrerLink()).resolves.toBe('https://example.com/r/abc');
  expect(sent.map((c) => [c.method, c.url, c.data])).toEqual([
    ['GET', '/ajax/checkout/checkout/get/', undefined],
    ['GET', '/ajax/checkout/checkout/get_reward_referrer_link/', undefined],
  ]);
});

test('a response of the wrong shape is reported and rejected with the spec message', async () => {
  const problems: ContractProblem[] = [];
  const { instance } = fakeServer(() => ({ status: 200, body: { seconds_remaining: 'soon' } }));
  const api = createApiClient(instance, { report: (problem) => problems.push(problem) });

  const failure = await failureOf(api.updateBasketState({ state: 'payment' }));

  expect(failure).toMatchObject({
    kind: 'contract',
    call: 'updateBasketState',
    message: shellMessages.updateBasketStateFailed,
  });
  expect(failure.message).toBe('Unable to update the Basket state. Please try again later');
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatchObject({ call: 'updateBasketState', body: { seconds_remaining: 'soon' } });
  expect(problems[0]?.issues).toEqual([expect.objectContaining({ path: ['seconds_remaining'] })]);
});

test("a 4xx rejects with its status, the spec message and the server's own message", async () => {
  const { instance } = fakeServer(() => ({
    status: 422,
    body: { error: 'That code has expired', type: 'one_time_code', errors: { code: 'Expired' } },
  }));
  const failure = await failureOf(createApiClient(instance).setCode({ code: 'OLD' }));
  expect(failure).toEqual({
    kind: 'http',
    call: 'setCode',
    status: 422,
    message: 'Unable to set the Code. Please try again later',
    serverMessage: 'That code has expired',
    errorType: 'one_time_code',
    fieldErrors: { code: 'Expired' },
    body: { error: 'That code has expired', type: 'one_time_code', errors: { code: 'Expired' } },
  });
});

test('a 5xx without an error body still carries the spec message', async () => {
  const { instance } = fakeServer(() => ({ status: 502, body: '<html>Bad gateway</html>' }));
  const failure = await failureOf(createApiClient(instance).removeFromBasket({ ticket_id: 3 }));
  expect(failure).toMatchObject({ kind: 'http', status: 502, message: basketMessages.removeTicketFailed });
  expect(failure.serverMessage).toBeUndefined();
});

test('a network failure rejects with kind network', async () => {
  const { instance } = fakeServer(() => 'network-error');
  const failure = await failureOf(createApiClient(instance).deliverToWallet());
  expect(failure).toEqual({
    kind: 'network',
    call: 'deliverToWallet',
    message: 'Unable to deliver to Wallet. Please try again later',
  });
});

test('isApiFailure recognises plain data only', () => {
  expect(isApiFailure({ kind: 'http', call: 'x', message: '' })).toBe(true);
  expect(isApiFailure({ kind: 'other', call: 'x', message: '' })).toBe(false);
  expect(isApiFailure(new Error('boom'))).toBe(false);
  expect(isApiFailure(null)).toBe(false);
});

describe('the browser HTTP client', () => {
  test('uses the spec HTTP settings', () => {
    expect(BROWSER_HTTP).toMatchObject({
      credentials: 'include',
      xsrfCookieName: 'XSRF-TOKEN',
      xsrfHeaderName: 'X-XSRF-TOKEN',
      timeoutMs: 0,
    });
    expect([199, 200, 204, 299, 300, 400].map((s) => BROWSER_HTTP.ok(s))).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  test('reads one cookie, decoded, among others', () => {
    expect(cookieValue('theme=dark; XSRF-TOKEN=a%2Fb%3D; other=1', 'XSRF-TOKEN')).toBe('a/b=');
    expect(cookieValue('XXSRF-TOKEN=no; theme=dark', 'XSRF-TOKEN')).toBeUndefined();
  });

  test('sends credentials and the XSRF cookie as X-XSRF-TOKEN, form-encoded', async () => {
    const { instance, sent } = fakeServer(
      () => ({ status: 200, body: { success: true } }),
      'theme=dark; XSRF-TOKEN=token-123',
    );

    await expect(createApiClient(instance).subscribeToEvents()).resolves.toEqual({ success: true });

    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/ajax/checkout/checkout/subscribe_to_events/',
      credentials: 'include',
      headers: {
        'X-XSRF-TOKEN': 'token-123',
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
    });
  });

  test('without the cookie no XSRF header is invented', async () => {
    const { instance, sent } = fakeServer(() => ({ status: 200, body: EMPTY_CHECKOUT }));
    await createApiClient(instance).getCheckout();
    expect(sent[0]?.headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  test('treats a status outside 200-299 as a failure', async () => {
    const { instance } = fakeServer(() => ({ status: 403, body: { error: 'Invalid XSRF token' } }), 'XSRF-TOKEN=stale');
    const failure = await failureOf(createApiClient(instance).subscribeToEvents());
    expect(failure).toMatchObject({
      kind: 'http',
      status: 403,
      serverMessage: 'Invalid XSRF token',
      message: orderCompletedMessages.subscribeFailed,
    });
  });

  test("the page's client reads document.cookie and calls window.fetch", async () => {
    document.cookie = 'XSRF-TOKEN=token-456; path=/';
    const realFetch = globalThis.fetch;
    const fetchSpy = jest.fn(async () => ({ status: 200, text: async () => '{"success":true}' }) as Response);
    globalThis.fetch = fetchSpy;
    try {
      await expect(createBrowserApiClient({ apiBase: 'http://localhost' }).subscribeToEvents()).resolves.toEqual({
        success: true,
      });
      expect(fetchSpy).toHaveBeenCalledWith(
        'http://localhost/ajax/checkout/checkout/subscribe_to_events/',
        expect.objectContaining({
          credentials: 'include',
          headers: expect.objectContaining({ 'X-XSRF-TOKEN': 'token-456' }),
        }),
      );
    } finally {
      globalThis.fetch = realFetch;
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
  });
});
