import { SHELL_RUNTIME_ELEMENT_ID } from '@checkout/shared';
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

describe('the runtime the api writes into the page', () => {
  const inline = { remotes: { mf_basket: { entry: 'https://remotes.example/basket/mf-manifest.json' } }, config: {} };
  const pageWith = (text: string | null): Pick<Document, 'getElementById'> => {
    document.body.innerHTML =
      text === null ? '' : `<script type="application/json" id="${SHELL_RUNTIME_ELEMENT_ID}">${text}</script>`;
    return document;
  };

  test('is read from the page, and /remotes.json is not asked for', async () => {
    const fetchJson = jest.fn(async () => ({ remotes: {}, config: {} }));
    await expect(loadShellRuntime(fetchJson, pageWith(JSON.stringify(inline)))).resolves.toEqual({
      remotes: inline.remotes,
      config: { apiBase: '' },
    });
    expect(fetchJson).not.toHaveBeenCalled();
  });

  test('absent (the dev server) or not reading, /remotes.json is asked for', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const text of [null, '{not json', '{"remotes":"nope"}']) {
      const fetchJson = jest.fn(async () => inline);
      await expect(loadShellRuntime(fetchJson, pageWith(text))).resolves.toEqual({
        remotes: inline.remotes,
        config: { apiBase: '' },
      });
      expect(fetchJson).toHaveBeenCalledWith('/remotes.json');
    }
    error.mockRestore();
  });
});
