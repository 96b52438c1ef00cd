import { SEED } from '../../seed/catalogue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiCaller } from '../testing';
import { urlMessages } from './url-rules';

/**
 * In production (private URLs not allowed) the organiser API refuses an endpoint whose host is not a public address,
 * however the address is spelled: IPv4 carried inside IPv6 and IPv4's own special-purpose ranges included.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { webhooks: { allowPrivateUrls: false, deliverEveryMs: 3_600_000, timeoutMs: 1000 } },
  });
});
afterAll(() => t.close());

test.each([
  ['https://[::127.0.0.1]/hooks', '::7f00:1'],
  ['https://[::ffff:127.0.0.1]/hooks', '::ffff:7f00:1'],
  ['https://[::ffff:0:7f00:1]/hooks', '::ffff:0:7f00:1'],
  ['https://[64:ff9b::7f00:1]/hooks', '64:ff9b::7f00:1'],
  ['https://[64:ff9b:1::7f00:1]/hooks', '64:ff9b:1::7f00:1'],
  ['https://[2002:7f00:1::]/hooks', '2002:7f00:1::'],
  ['https://[2001::1]/hooks', '2001::1'],
  ['https://[2001:10::1]/hooks', '2001:10::1'],
  ['https://[2001:20::1]/hooks', '2001:20::1'],
  ['https://[2001:db8::1]/hooks', '2001:db8::1'],
  ['https://[100::1]/hooks', '100::1'],
  ['https://[fd00::1]/hooks', 'fd00::1'],
  ['https://[fe80::1]/hooks', 'fe80::1'],
  ['https://[ff02::1]/hooks', 'ff02::1'],
  ['https://192.88.99.1/hooks', '192.88.99.1'],
  ['https://198.18.0.1/hooks', '198.18.0.1'],
  ['https://192.0.0.8/hooks', '192.0.0.8'],
  ['https://240.0.0.1/hooks', '240.0.0.1'],
  ['https://255.255.255.255/hooks', '255.255.255.255'],
  ['https://100.64.0.1/hooks', '100.64.0.1'],
  ['https://127.0.0.1/hooks', '127.0.0.1'],
])('registering %s is refused with the sentence, and nothing is created', async (url, host) => {
  const api = await apiCaller(t, SEED.organiser.lumen);
  const response = await api.call('POST', '/webhooks', { url, events: ['order.paid'] });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    error: urlMessages.privateHost(host),
    errors: { url: urlMessages.privateHost(host) },
  });
  expect((await api.call('GET', '/webhooks')).json()).toEqual({ data: [] });
});

test('changing an endpoint to such a URL is refused too, and the endpoint keeps its URL', async () => {
  const api = await apiCaller(t, SEED.organiser.jazz);
  // An address literal is not looked up, so a public one registers without the network.
  const created = await api.call('POST', '/webhooks', { url: 'https://8.8.8.8/hooks', events: ['order.paid'] });
  expect(created.statusCode).toBe(201);
  const { id } = created.json<{ id: number }>();
  const patched = await api.call('PATCH', `/webhooks/${id}`, { url: 'https://[::127.0.0.1]/hooks' });
  expect(patched.statusCode).toBe(400);
  expect(patched.json()).toMatchObject({ error: urlMessages.privateHost('::7f00:1') });
  expect((await api.call('GET', `/webhooks/${id}`)).json()).toMatchObject({ url: 'https://8.8.8.8/hooks' });
});

test('public addresses are accepted', async () => {
  const api = await apiCaller(t, SEED.organiser.canal);
  for (const url of ['https://8.8.8.8/hooks', 'https://[2606:4700:4700::1111]/hooks'])
    expect((await api.call('POST', '/webhooks', { url, events: ['order.paid'] })).statusCode).toBe(201);
});
