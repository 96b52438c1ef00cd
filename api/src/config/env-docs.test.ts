import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '.';
import { envDocFiles, envExample, envTable, staleMessage, TABLE_END, TABLE_START, withEnvTable } from './env-docs';
import { ENV_VARIABLES } from './env-schema';

const readme = readFileSync(path.join(REPO_ROOT, 'api', 'README.md'), 'utf8');
const example = readFileSync(path.join(REPO_ROOT, 'api', '.env.example'), 'utf8');

describe('the environment documentation, generated from the schema', () => {
  test('the committed README and .env.example are what the schema makes', () => {
    expect(staleMessage(envDocFiles(readme, example))).toBeNull();
  });

  test('the output is stable: generating again changes nothing', () => {
    expect(withEnvTable(withEnvTable(readme))).toBe(withEnvTable(readme));
    expect(envExample()).toBe(envExample());
  });

  test('every variable is in both, with its default', () => {
    const table = envTable();
    for (const name of Object.keys(ENV_VARIABLES)) {
      expect(table).toContain(`| \`${name}\``);
      expect(envExample()).toContain(`\n# ${name}=`);
    }
    expect(envExample()).toContain('\n# JOB_LEASE_MS=300000\n');
    expect(table).toContain('`SMTP_URL` (secret, or `SMTP_URL_FILE`)');
  });

  test('a changed file is named by the check', () => {
    const edited = readme.replace('| `JOB_LEASE_MS` | `300000` |', '| `JOB_LEASE_MS` | `60000` |');
    expect(edited).not.toBe(readme);
    expect(staleMessage(envDocFiles(edited, example))).toMatch(
      /^api\/README\.md is not what api\/src\/config\/env-schema\.ts says: run `npm run env:docs`/,
    );
    expect(staleMessage(envDocFiles(readme, ''))).toMatch(/^api\/\.env\.example is not/);
  });

  test('a README without its markers is refused, naming them', () => {
    expect(() => withEnvTable('# no table')).toThrow(`${TABLE_START} and ${TABLE_END}`);
  });

  test('scripts/env-docs.mjs --check fails on a changed file, and passes once it is written again', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'env-docs-'));
    try {
      mkdirSync(path.join(root, 'api'));
      for (const file of ['api/README.md', 'api/.env.example'])
        copyFileSync(path.join(REPO_ROOT, file), path.join(root, file));
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'env-docs.mjs'), ...args, '--root', root], {
          encoding: 'utf8',
        });
      expect(run('--check').status).toBe(0);
      writeFileSync(path.join(root, 'api', '.env.example'), `${example}# EXTRA=1\n`);
      const failed = run('--check');
      expect(failed.status).toBe(1);
      expect(failed.stderr).toContain('api/.env.example is not what api/src/config/env-schema.ts says');
      expect(run().status).toBe(0);
      expect(readFileSync(path.join(root, 'api', '.env.example'), 'utf8')).toBe(example);
      expect(run('--check').status).toBe(0);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});
