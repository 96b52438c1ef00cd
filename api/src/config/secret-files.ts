import { readFileSync } from 'node:fs';
import { type RawEnv as Env, SECRET_VARIABLES } from './env-schema';

/**
 * Secrets from files: for each of the api's secret variables NAME (those the schema marks secret), NAME_FILE names a file to read NAME from (Docker and
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
