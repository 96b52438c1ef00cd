import { readFileSync } from 'node:fs';

type Env = Record<string, string | undefined>;

/** The api's variables that hold secrets (or connection strings with passwords in them): each may come from a file. */
export const SECRET_VARIABLES = [
  'DATABASE_URL',
  // node-postgres's own variable, read when DATABASE_URL names no password: the URL can then sit in plain
  // configuration and the password in a mounted secret.
  'PGPASSWORD',
  'SESSION_SECRET',
  'SMTP_URL',
  'METRICS_TOKEN',
  'SENTRY_DSN',
  'ADDRESS_LOOKUP_KEY',
  'HCAPTCHA_SECRET',
  'STRIPE_SECRET_KEY',
  'SQUARE_ACCESS_TOKEN',
  'TRUELAYER_CLIENT_SECRET',
  'TRUELAYER_SIGNING_PRIVATE_KEY',
] as const;

/**
 * Secrets from files: for each of the api's secret variables NAME, NAME_FILE names a file to read NAME from (Docker and
 * Kubernetes secrets mount one file per secret; a value in the environment shows in `docker inspect` and in crash
 * reports). The file's text is taken as it is, less one trailing newline. Other variables ending in _FILE are not the
 * api's and are left alone. Answers the environment with those values filled in; refuses, naming the variable, a NAME
 * set both ways or a file it cannot read.
 */
export function withSecretFiles(env: Env, names: readonly string[] = SECRET_VARIABLES): Env {
  const filled: Env = { ...env };
  for (const name of names) {
    const key = `${name}_FILE`;
    const file = env[key]?.trim();
    if (!file) continue;
    if (env[name]?.trim()) throw new Error(`${name} and ${key} are both set: set one of them`);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new Error(`${key} names ${file}, which cannot be read (${code})`);
    }
    filled[name] = text.replace(/\r?\n$/, '');
  }
  return filled;
}
