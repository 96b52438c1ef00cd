import { loadShellRuntime, parseShellRuntime } from './runtime';

describe('/remotes.json', () => {
  test('reads remotes and config', () => {
    const runtime = parseShellRuntime({
      remotes: { mf_basket: { entry: 'http://localhost:3001/mf-manifest.json' } },
      config: { apiBase: '', sentryDsn: 'https://key@sentry.example/1' },
    });
    expect(runtime.remotes.mf_basket?.entry).toBe('http://localhost:3001/mf-manifest.json');
    expect(runtime.config).toEqual({ apiBase: '', sentryDsn: 'https://key@sentry.example/1' });
  });

  test('a missing or broken file leaves no remotes rather than no page', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(loadShellRuntime(async () => ({ remotes: 'nope' }))).resolves.toEqual({
      remotes: {},
      config: { apiBase: '' },
    });
    await expect(loadShellRuntime(() => Promise.reject(new Error('offline')))).resolves.toEqual({
      remotes: {},
      config: { apiBase: '' },
    });
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
