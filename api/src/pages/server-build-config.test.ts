import { loadConfig } from '../config';
import { loadServerBuildConfig } from './server-build-config';

const pin = `sha384-${'A'.repeat(64)}`;

test('each remote has its pin variable; none set, nothing is pinned', () => {
  expect(
    loadServerBuildConfig({ REMOTE_BASKET_SERVER_INTEGRITY: pin, REMOTE_POST_SALE_SERVER_INTEGRITY: ' ' }),
  ).toEqual({ integrity: { mf_basket: pin }, allowUnpinned: false, localBuilds: true });
  expect(loadConfig({}).serverBuilds.integrity).toEqual({});
});

test('a pin that is not a sha384 value stops the start, naming its variable', () => {
  expect(() => loadServerBuildConfig({ REMOTE_BASKET_SERVER_INTEGRITY: 'sha256-abc' })).toThrow(
    /^REMOTE_BASKET_SERVER_INTEGRITY must be the sha384-… value/,
  );
});

test('in production the local builds are never a pin, and running unpinned is asked for by name', () => {
  expect(loadServerBuildConfig({ NODE_ENV: 'production' })).toEqual({
    integrity: {},
    allowUnpinned: false,
    localBuilds: false,
  });
  expect(loadServerBuildConfig({ NODE_ENV: 'production', SERVER_RENDER_UNPINNED: '1' }).allowUnpinned).toBe(true);
  expect(loadServerBuildConfig({ NODE_ENV: 'development' }).localBuilds).toBe(true);
  expect(() => loadServerBuildConfig({ SERVER_RENDER_UNPINNED: 'yes' })).toThrow(
    /SERVER_RENDER_UNPINNED must be 1 or 0/,
  );
});
