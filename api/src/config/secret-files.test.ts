import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withSecretFiles } from './secret-files';

const dir = mkdtempSync(path.join(os.tmpdir(), 'checkout-secrets-'));
const secret = path.join(dir, 'stripe');
writeFileSync(secret, 'sk_live_from_a_file\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('secrets from files (NAME_FILE)', () => {
  test.each([
    ['a file fills its variable, less the trailing newline', { STRIPE_SECRET_KEY_FILE: secret }, 'sk_live_from_a_file'],
    ['no file: the variable as it is', { STRIPE_SECRET_KEY: 'sk_env' }, 'sk_env'],
    ['an empty NAME_FILE is not set', { STRIPE_SECRET_KEY_FILE: ' ', STRIPE_SECRET_KEY: 'sk_env' }, 'sk_env'],
  ])('%s', (_name, env, value) => {
    expect(withSecretFiles(env).STRIPE_SECRET_KEY).toBe(value);
  });

  test('a variable set both ways is refused, naming both', () => {
    expect(() => withSecretFiles({ STRIPE_SECRET_KEY: 'sk_env', STRIPE_SECRET_KEY_FILE: secret })).toThrow(
      'STRIPE_SECRET_KEY and STRIPE_SECRET_KEY_FILE are both set: set one of them',
    );
  });

  test('a file that cannot be read is refused, naming the variable and the file', () => {
    const missing = path.join(dir, 'missing');
    expect(() => withSecretFiles({ SESSION_SECRET_FILE: missing })).toThrow(
      `SESSION_SECRET_FILE names ${missing}, which cannot be read (ENOENT)`,
    );
  });

  test("another program's *_FILE variable is left alone, even naming no file", () => {
    expect(withSecretFiles({ TF_CLI_CONFIG_FILE: '/nonexistent/.terraformrc' })).toEqual({
      TF_CLI_CONFIG_FILE: '/nonexistent/.terraformrc',
    });
  });

  test('the environment it was given is left as it was', () => {
    const env = { SESSION_SECRET_FILE: secret };
    withSecretFiles(env);
    expect(env).toEqual({ SESSION_SECRET_FILE: secret });
  });
});
