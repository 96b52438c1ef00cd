import { parseEnv } from './env-schema';
import { loadWebhookConfig } from './webhooks';

test.each([
  [{}, true],
  [{ NODE_ENV: 'development' }, true],
  [{ NODE_ENV: 'production' }, false],
  [{ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_URLS: '1' }, true],
  [{ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, true],
  [{ NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE_URLS: '0' }, false],
])('private webhook URLs with %j: %s', (env, allowed) => {
  expect(loadWebhookConfig(parseEnv(env)).allowPrivateUrls).toBe(allowed);
});

test('a value other than 1 or 0 stops the start-up, naming the variable', () => {
  expect(() => loadWebhookConfig(parseEnv({ WEBHOOK_ALLOW_PRIVATE_URLS: 'yes' }))).toThrow(
    'WEBHOOK_ALLOW_PRIVATE_URLS',
  );
  expect(() => loadWebhookConfig(parseEnv({ WEBHOOK_JOBS_MS: '-1' }))).toThrow('WEBHOOK_JOBS_MS');
  expect(loadWebhookConfig(parseEnv({})).deliverEveryMs).toBe(5000);
});
