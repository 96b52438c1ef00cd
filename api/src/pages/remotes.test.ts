import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app/app';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createRemotesSource, parseRemoteDeployments, parseRemotesFile } from './remotes';

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

  describe("a remote's server build pin comes with its address", () => {
    const pin = (char: string) => `sha384-${char.repeat(64)}`;
    const base = { urls: envRemotes, serverIntegrity: { mf_basket: pin('A'), mf_account: pin('B') } };

    test("an entry may be { manifest, serverIntegrity }; a plain address keeps the environment's pin", () => {
      const text = JSON.stringify({
        mf_basket: { manifest: '/remotes/mf-basket-v15/mf-manifest.json', serverIntegrity: pin('C') },
        mf_account: '/remotes/mf-account-v2/mf-manifest.json',
      });
      const deployments = parseRemoteDeployments(text, 'f', base, 'https://tickets.example.org');
      expect(deployments.urls.mf_basket).toBe('https://tickets.example.org/remotes/mf-basket-v15/mf-manifest.json');
      // A build at mf_account's new address that is not the one REMOTE_ACCOUNT_SERVER_INTEGRITY names is refused.
      expect(deployments.serverIntegrity).toEqual({ mf_basket: pin('C'), mf_account: pin('B') });
      expect(parseRemotesFile(text, 'f', envRemotes, 'https://tickets.example.org').mf_account).toBe(
        'https://tickets.example.org/remotes/mf-account-v2/mf-manifest.json',
      );
    });

    test('a pin that is not a sha384 value is refused, naming the remote', () => {
      const text = JSON.stringify({ mf_basket: { manifest: '/m.json', serverIntegrity: 'sha256-abc' } });
      expect(() => parseRemoteDeployments(text, 'f', base, 'http://localhost:8080')).toThrow(/^f: mf_basket/);
    });

    test("the source hands the environment's pins (REMOTE_*_SERVER_INTEGRITY) without a file, the file's with one", () => {
      const serverBuilds = { integrity: { mf_basket: pin('A') } };
      const plain = createRemotesSource({ remotes: envRemotes, remotesFile: undefined, publicUrl: '', serverBuilds });
      expect(plain.serverIntegrity()).toEqual({ mf_basket: pin('A') });
      const pinned = path.join(dir, 'pinned.json');
      writeFileSync(pinned, JSON.stringify({ mf_basket: { manifest: '/m.json', serverIntegrity: pin('D') } }));
      const source = createRemotesSource({
        remotes: envRemotes,
        remotesFile: pinned,
        publicUrl: 'http://localhost:8080',
        serverBuilds,
      });
      expect(source.current().mf_basket).toBe('http://localhost:8080/m.json');
      expect(source.serverIntegrity()).toEqual({ mf_basket: pin('D') });
    });
  });
});
