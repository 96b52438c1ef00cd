import { type AppEnv, parseEnv } from './env-schema';
import { withSecretFiles } from './secret-files';

let parsed: AppEnv | undefined;

/**
 * The process's environment, parsed once: secrets mounted as files (NAME_FILE) filled in, every variable typed and
 * defaulted. The filled-in secrets are also written back into process.env, since node-postgres reads PGPASSWORD from
 * there itself. A bad value throws, naming the variable; the next call tries again.
 */
export function processEnv(): AppEnv {
  if (parsed === undefined) {
    const filled = withSecretFiles(process.env);
    Object.assign(process.env, filled);
    parsed = parseEnv(filled);
  }
  return parsed;
}

/** The environment a child process is started with: this one's, plus `extra`. */
export function childProcessEnv(extra: Record<string, string>): Record<string, string | undefined> {
  return { ...process.env, ...extra };
}
