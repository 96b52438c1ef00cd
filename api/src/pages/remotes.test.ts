import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app/app';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../testing/test-app';
import { parseRemotesFile } from './remotes';

const dir = mkdtempSync(path.join(os.tmpdir(), 'remotes-file-'));
const file = path.join(dir, 'remotes.json');
const envRemotes = loadConfig({}).remotes;

let t: TestApp;
beforeAll(async () => {
  writeFileSync(file, JSON.stringify({ mf_basket: 'http://localhost:4001/mf-manifest.json' }));
  t = await createTestApp({ config: { remotesFile: file } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const entries = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/remotes.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  return Object.fromEntries(
    Object.entries(response.json<{ remotes: Record<string, { entry: string }> }>().remotes).map(([k, v]) => [
      k,
      v.entry,
    ]),
  );
};

describe('REMOTES_FILE: the remotes are configuration, read again without a restart', () => {
  test("the file's entries win over the environment's, the others stay", async () => {
    expect(await entries()).toEqual({ ...envRemotes, mf_basket: 'http://localhost:4001/mf-manifest.json' });
  });

  test('an edit shows on the next request (ship a remote), and so does the edit back (roll back)', async () => {
    writeFileSync(file, JSON.stringify({ mf_basket: 'https://cdn.example.com/basket/2.0.0/mf-manifest.json' }));
    expect((await entries()).mf_basket).toBe('https://cdn.example.com/basket/2.0.0/mf-manifest.json');
    writeFileSync(
      file,
      JSON.stringify({
        mf_basket: 'http://localhost:4001/mf-manifest.json',
        mf_payment: 'http://localhost:4003/mf-manifest.json',
      }),
    );
    expect(await entries()).toEqual({
      ...envRemotes,
      mf_basket: 'http://localhost:4001/mf-manifest.json',
      mf_payment: 'http://localhost:4003/mf-manifest.json',
    });
  });

  test.each([
    ['not JSON', '{ "mf_basket": '],
    ['an unknown remote name', JSON.stringify({ mf_baskte: 'http://localhost:4009/mf-manifest.json' })],
    ['a URL that is not http(s)', JSON.stringify({ mf_basket: 'javascript:alert(1)' })],
  ])('a bad edit (%s) keeps the last good list', async (_label, text) => {
    const before = await entries();
    writeFileSync(file, text);
    expect(await entries()).toEqual(before);
  });

  test('a file removed keeps the last good list', async () => {
    writeFileSync(file, JSON.stringify({ mf_basket: 'http://localhost:4005/mf-manifest.json' }));
    expect((await entries()).mf_basket).toBe('http://localhost:4005/mf-manifest.json');
    rmSync(file);
    expect((await entries()).mf_basket).toBe('http://localhost:4005/mf-manifest.json');
  });

  test('a file that is wrong at start-up stops the server from starting, naming the problem', async () => {
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ mf_basket: 'ftp://example.com/x' }));
    await expect(
      buildApp({ db: t.db, clock: t.clock, config: { logLevel: 'silent', remotesFile: bad } }),
    ).rejects.toThrow(/bad\.json: mf_basket must be an http\(s\) URL/);
    await expect(
      buildApp({
        db: t.db,
        clock: t.clock,
        config: { logLevel: 'silent', remotesFile: path.join(dir, 'missing.json') },
      }),
    ).rejects.toThrow(/ENOENT/);
  });

  test('REMOTES_FILE is read from the environment', () => {
    expect(loadConfig({ REMOTES_FILE: '/etc/checkout/remotes.json' }).remotesFile).toBe('/etc/checkout/remotes.json');
    expect(loadConfig({}).remotesFile).toBeUndefined();
  });

  test('parseRemotesFile keeps the base for remotes the file leaves out', () => {
    expect(parseRemotesFile('{}', 'f', envRemotes, 'http://localhost:8080')).toEqual(envRemotes);
  });

  test("a path names the remote on PUBLIC_URL's origin, whatever origin that is", () => {
    const file = JSON.stringify({ mf_basket: '/remotes/mf-basket/mf-manifest.json' });
    expect(parseRemotesFile(file, 'f', envRemotes, 'https://tickets.example.org/').mf_basket).toBe(
      'https://tickets.example.org/remotes/mf-basket/mf-manifest.json',
    );
    expect(parseRemotesFile(file, 'f', envRemotes, 'http://127.0.0.1:8080').mf_basket).toBe(
      'http://127.0.0.1:8080/remotes/mf-basket/mf-manifest.json',
    );
  });

  test.each([
    ['//evil.example/mf-manifest.json', 'a protocol-relative URL (another host)'],
    ['/\\evil.example/mf-manifest.json', 'a backslash the browser reads as another host'],
    ['remotes/mf-basket/mf-manifest.json', 'a path relative to nothing'],
    ['javascript:alert(1)', 'another scheme'],
  ])('%s is refused: %s', (entry) => {
    expect(() =>
      parseRemotesFile(JSON.stringify({ mf_basket: entry }), 'f', envRemotes, 'http://localhost:8080'),
    ).toThrow(/mf_basket must be an http\(s\) URL or a path starting with \//);
  });
});
