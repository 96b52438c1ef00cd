import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { parse } from 'qs';
import { messages } from '../messages';
import { EMPTY_CHECKOUT } from '../contract/entities';
import { browserHttpDefaults, createBrowserApiClient } from './browser';
import { createApiClient, isApiFailure, type ApiFailure, type ContractProblem } from './client';

type Reply = { status: number; body: unknown } | 'network-error';

/** An axios instance whose adapter answers from a function, the way the wire would (JSON text, validateStatus). */
function fakeAxios(reply: (config: InternalAxiosRequestConfig) => Reply) {
  const sent: InternalAxiosRequestConfig[] = [];
  const instance = axios.create({
    validateStatus: (status) => status >= 200 && status < 300,
    adapter: async (config) => {
      sent.push(config);
      const answer = reply(config);
      if (answer === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
      const response: AxiosResponse = {
        data: typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body),
        status: answer.status,
        statusText: String(answer.status),
        headers: { 'content-type': 'application/json' },
        config,
      };
      if (config.validateStatus && !config.validateStatus(response.status)) {
        throw new AxiosError(`Request failed with status code ${answer.status}`, AxiosError.ERR_BAD_REQUEST, config, null, response);
      }
      return response;
    },
  });
  return { instance, sent };
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
  const { instance, sent } = fakeAxios(() => ({ status: 200, body: { seconds_remaining: 840 } }));
  const api = createApiClient(instance);

  await expect(api.updateBasketState({ state: 'payment' })).resolves.toEqual({ seconds_remaining: 840 });

  expect(sent[0]?.method).toBe('post');
  expect(sent[0]?.url).toBe('/ajax/checkout/checkout/update_basket_state/');
  expect(sent[0]?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
  expect(sent[0]?.data).toBe('state=payment');
});

test('nested payloads arrive as the server parses them', async () => {
  const { instance, sent } = fakeAxios(() => ({ status: 200, body: { success: true } }));
  await createApiClient(instance).setTransfers({
    transfers: [{ ticket_id: 1, name: 'Al', email: 'al@example.com', qty: 2, is_gift: false }],
  });
  expect(parse(String(sent[0]?.data))).toEqual({
    transfers: [{ ticket_id: '1', name: 'Al', email: 'al@example.com', qty: '2', is_gift: 'false' }],
  });
});

test('a GET without a payload goes to the bare path, and a text response is read as text', async () => {
  const { instance, sent } = fakeAxios((config) =>
    config.url === '/ajax/checkout/checkout/get/'
      ? { status: 200, body: EMPTY_CHECKOUT }
      : { status: 200, body: 'https://example.com/r/abc' },
  );
  const api = createApiClient(instance);

  await expect(api.getCheckout()).resolves.toEqual(EMPTY_CHECKOUT);
  await expect(api.getRewardReferrerLink()).resolves.toBe('https://example.com/r/abc');
  expect(sent.map((c) => [c.method, c.url, c.data])).toEqual([
    ['get', '/ajax/checkout/checkout/get/', undefined],
    ['get', '/ajax/checkout/checkout/get_reward_referrer_link/', undefined],
  ]);
});

test('a response of the wrong shape is reported and rejected with the spec message', async () => {
  const problems: ContractProblem[] = [];
  const { instance } = fakeAxios(() => ({ status: 200, body: { seconds_remaining: 'soon' } }));
  const api = createApiClient(instance, { report: (problem) => problems.push(problem) });

  const failure = await failureOf(api.updateBasketState({ state: 'payment' }));

  expect(failure).toMatchObject({ kind: 'contract', call: 'updateBasketState', message: messages.updateBasketStateFailed });
  expect(failure.message).toBe('Unable to update the Basket state. Please try again later');
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatchObject({ call: 'updateBasketState', body: { seconds_remaining: 'soon' } });
  expect(problems[0]?.issues).toEqual([expect.objectContaining({ path: ['seconds_remaining'] })]);
});

test("a 4xx rejects with its status, the spec message and the server's own message", async () => {
  const { instance } = fakeAxios(() => ({
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
  const { instance } = fakeAxios(() => ({ status: 502, body: '<html>Bad gateway</html>' }));
  const failure = await failureOf(createApiClient(instance).removeFromBasket({ ticket_id: 3 }));
  expect(failure).toMatchObject({ kind: 'http', status: 502, message: messages.removeTicketFailed });
  expect(failure.serverMessage).toBeUndefined();
});

test('a network failure rejects with kind network', async () => {
  const { instance } = fakeAxios(() => 'network-error');
  const failure = await failureOf(createApiClient(instance).deliverToWallet());
  expect(failure).toEqual({ kind: 'network', call: 'deliverToWallet', message: 'Unable to deliver to Wallet. Please try again later' });
});

test('isApiFailure recognises plain data only', () => {
  expect(isApiFailure({ kind: 'http', call: 'x', message: '' })).toBe(true);
  expect(isApiFailure({ kind: 'other', call: 'x', message: '' })).toBe(false);
  expect(isApiFailure(new Error('boom'))).toBe(false);
  expect(isApiFailure(null)).toBe(false);
});

describe('createBrowserApiClient', () => {
  test('uses the spec HTTP settings', () => {
    const defaults = browserHttpDefaults({ apiBase: 'https://shop.example' });
    expect(defaults).toMatchObject({
      baseURL: 'https://shop.example',
      withCredentials: true,
      xsrfCookieName: 'XSRF-TOKEN',
      xsrfHeaderName: 'X-XSRF-TOKEN',
      withXSRFToken: true,
      timeout: 0,
    });
    expect([199, 200, 204, 299, 300, 400].map((s) => defaults.validateStatus?.(s))).toEqual([false, true, true, true, false, false]);
  });

  /** A stand-in XMLHttpRequest that records what axios's own browser adapter sends. */
  class RecordingXhr {
    static last: RecordingXhr | undefined;
    static status = 200;
    static body = '{"success":true}';
    method = '';
    url = '';
    headers: Record<string, string> = {};
    body: unknown;
    withCredentials = false;
    timeout = -1;
    readyState = 0;
    status = 0;
    statusText = '';
    responseText = '';
    response = '';
    responseURL = '';
    onloadend: (() => void) | null = null;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
      RecordingXhr.last = this;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }
    abort() {}
    send(body: unknown) {
      this.body = body;
      this.readyState = 4;
      this.status = RecordingXhr.status;
      this.responseText = this.response = RecordingXhr.body;
      setTimeout(() => this.onloadend?.());
    }
  }

  const realXhr = window.XMLHttpRequest;
  beforeEach(() => {
    window.XMLHttpRequest = RecordingXhr as unknown as typeof XMLHttpRequest;
    document.cookie = 'XSRF-TOKEN=token-123; path=/';
  });
  afterEach(() => {
    window.XMLHttpRequest = realXhr;
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  test('sends credentials and the XSRF cookie as X-XSRF-TOKEN, with no timeout', async () => {
    RecordingXhr.status = 200;
    RecordingXhr.body = '{"success":true}';
    const api = createBrowserApiClient({ apiBase: 'http://localhost' });

    await expect(api.subscribeToEvents()).resolves.toEqual({ success: true });

    const xhr = RecordingXhr.last;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('http://localhost/ajax/checkout/checkout/subscribe_to_events/');
    expect(xhr?.withCredentials).toBe(true);
    expect(xhr?.timeout).toBe(0);
    expect(xhr?.headers['X-XSRF-TOKEN']).toBe('token-123');
    expect(xhr?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
  });

  test('treats a status outside 200-299 as a failure', async () => {
    RecordingXhr.status = 403;
    RecordingXhr.body = '{"error":"Invalid XSRF token"}';
    const failure = await failureOf(createBrowserApiClient({ apiBase: '' }).subscribeToEvents());
    expect(failure).toMatchObject({ kind: 'http', status: 403, serverMessage: 'Invalid XSRF token', message: messages.subscribeFailed });
  });
});
