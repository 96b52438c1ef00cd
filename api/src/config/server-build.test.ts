import { loadConfig } from './index';
import { EnvError, parseEnv } from './env-schema';
import { serverBuildConfigOf } from './server-build';

const pin = `sha384-${'A'.repeat(64)}`;
const serverBuilds = (raw: Record<string, string>) => serverBuildConfigOf(parseEnv(raw));

test('each remote has its pin variable; none set, nothing is pinned', () => {
  expect(serverBuilds({ REMOTE_BASKET_SERVER_INTEGRITY: pin, REMOTE_POST_SALE_SERVER_INTEGRITY: ' ' })).toEqual({
    integrity: { mf_basket: pin },
    allowUnpinned: false,
    localBuilds: true,
  });
  expect(loadConfig({}).serverBuilds.integrity).toEqual({});
});

test('a pin that is not a sha384 value stops the start, naming its variable', () => {
  expect(() => serverBuilds({ REMOTE_BASKET_SERVER_INTEGRITY: 'sha256-abc' })).toThrow(EnvError);
  expect(() => serverBuilds({ REMOTE_BASKET_SERVER_INTEGRITY: 'sha256-abc' })).toThrow(
    /REMOTE_BASKET_SERVER_INTEGRITY must be the sha384-… value/,
  );
});

test('in production the local builds are never a pin, and running unpinned is asked for by name', () => {
  expect(serverBuilds({ NODE_ENV: 'production' })).toEqual({ integrity: {}, allowUnpinned: false, localBuilds: false });
  expect(serverBuilds({ NODE_ENV: 'production', SERVER_RENDER_UNPINNED: '1' }).allowUnpinned).toBe(true);
  expect(serverBuilds({ NODE_ENV: 'development' }).localBuilds).toBe(true);
  expect(() => serverBuilds({ SERVER_RENDER_UNPINNED: 'yes' })).toThrow(/SERVER_RENDER_UNPINNED must be 1 or 0/);
});
