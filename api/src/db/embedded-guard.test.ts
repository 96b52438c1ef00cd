import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { embeddedDatabaseRefusal } from './embedded-guard';

describe('the embedded database in production', () => {
  test.each([
    [{ NODE_ENV: 'production' }, true],
    [{ NODE_ENV: 'production', DATABASE_URL: ' ' }, true],
    [{ NODE_ENV: 'production', ALLOW_EMBEDDED_DB: '0' }, true],
    [{ NODE_ENV: 'production', ALLOW_EMBEDDED_DB: '1' }, false],
    [{ NODE_ENV: 'production', ALLOW_EMBEDDED_DB: 'true' }, false],
    [{ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/checkout' }, false],
    [{}, false],
    [{ NODE_ENV: 'development' }, false],
    [{ NODE_ENV: 'test' }, false],
  ])('%j refused: %s', (env, refused) => {
    expect(embeddedDatabaseRefusal(env) !== null).toBe(refused);
  });

  test('the message names both ways out', () => {
    expect(embeddedDatabaseRefusal({ NODE_ENV: 'production' })).toMatch(/DATABASE_URL.*ALLOW_EMBEDDED_DB=1/s);
  });

  test('the api process stops before opening any database, saying why', () => {
    const root = path.resolve(__dirname, '..', '..', '..');
    const dataDir = path.join(root, '.data', 'embedded-guard-never-created');
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'api/src/app/main.ts'],
      {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          DATABASE_URL: '',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
        },
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('ALLOW_EMBEDDED_DB=1');
    expect(result.stderr).toContain('DATABASE_URL');
    expect(existsSync(dataDir)).toBe(false);
  });
});
