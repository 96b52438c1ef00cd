/**
 * The compose stack as docs/deployment.md starts it, in real containers, for deploy/test/compose.spec.ts: the base
 * images from Debian's packages (base-images.sh), the secrets and certificate from deploy/init.sh, then `docker compose
 * up --build` on ports of its own. The settings live in .data/compose-test/ (never the repository's .env).
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(__dirname, '..', '..');
export const stateDir = path.join(root, '.data', 'compose-test');
export const envFile = path.join(stateDir, '.env');
export const remotesDir = path.join(stateDir, 'remotes');
export const project = 'checkout-ci';
export const httpsPort = Number(process.env.COMPOSE_TEST_HTTPS_PORT ?? 18443);
export const httpPort = Number(process.env.COMPOSE_TEST_HTTP_PORT ?? 18080);
export const mailPort = Number(process.env.COMPOSE_TEST_MAIL_PORT ?? 18025);
export const publicUrl = `https://localhost:${httpsPort}`;
export const mailApi = `http://127.0.0.1:${mailPort}/api/v1`;

/**
 * `docker compose`, or Debian's `docker-compose` (1.29) where the plugin is missing. Debian's docker.io CLI has
 * BuildKit built in, which the images need; a newer CLI without the buildx plugin ahead of it on PATH would refuse it.
 */
function composeCommand(): string[] {
  if (process.env.COMPOSE) return process.env.COMPOSE.split(' ');
  const plugin = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  return plugin.status === 0 ? ['docker', 'compose'] : ['docker-compose'];
}

const [composeProgram = 'docker-compose', ...composeLead] = composeCommand();
export const composeBin = composeProgram;
/** The arguments every compose call of the test starts with (after the program). */
export const composeArgs = [...composeLead, '--env-file', envFile, '-p', project];
export const composeEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: `/usr/bin:${process.env.PATH ?? ''}`,
  DOCKER_BUILDKIT: '1',
  COMPOSE_DOCKER_CLI_BUILD: '1',
};
/** The compose command line restore.sh is handed. */
export const composeLine = [composeBin, ...composeArgs].join(' ');

export function compose(args: readonly string[], options: { allowFailure?: boolean; input?: string } = {}): string {
  const result: SpawnSyncReturns<string> = spawnSync(composeBin, [...composeArgs, ...args], {
    cwd: root,
    env: composeEnv,
    encoding: 'utf8',
    input: options.input,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0 && !options.allowFailure)
    throw new Error(`compose ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return `${result.stdout}${result.stderr}`;
}

export function docker(args: readonly string[], options: { allowFailure?: boolean } = {}): string {
  const result = spawnSync('docker', args, { env: composeEnv, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0 && !options.allowFailure)
    throw new Error(`docker ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Runs a command with its output passed through, resolving with the seconds it took. */
export function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = composeEnv): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve((Date.now() - started) / 1000)
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** The running containers of a service, by id (the labels compose puts on them: quicker than compose's own `ps`). */
export function containers(service: string): string[] {
  return docker([
    'ps',
    '-q',
    '--filter',
    `label=com.docker.compose.project=${project}`,
    '--filter',
    `label=com.docker.compose.service=${service}`,
  ])
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^[0-9a-f]{12,}$/.test(line));
}

/** A command in the service's (first) container: `docker exec`, which starts in a fraction of compose's own exec. */
export function exec(service: string, args: readonly string[]): string {
  const [id] = containers(service);
  if (!id) throw new Error(`no ${service} container is running`);
  return docker(['exec', id, ...args]);
}

export function healthOf(id: string): string {
  return docker(['inspect', '--format', '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}', id]).trim();
}

export async function waitFor(what: string, check: () => boolean | Promise<boolean>, seconds = 120): Promise<void> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // Not yet.
    }
    if (Date.now() > until) throw new Error(`waited ${seconds} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Every api replica answers its health check (`count` of them). */
export function waitForApis(count: number): Promise<void> {
  return waitFor(
    `${count} healthy api replicas`,
    () => {
      const ids = containers('api');
      return ids.length === count && ids.every((id) => healthOf(id) === 'healthy');
    },
    180,
  );
}

/** The settings the stack runs with here: the demo (catalogue, test money, Mailpit) on ports no other suite uses. */
export function writeSettings(): void {
  fs.rmSync(stateDir, { recursive: true, force: true });
  fs.mkdirSync(stateDir, { recursive: true });
  fs.writeFileSync(
    envFile,
    [
      `PROXY_HTTP_PORT=${httpPort}`,
      `PROXY_HTTPS_PORT=${httpsPort}`,
      `MAILPIT_PORT=${mailPort}`,
      `SECRETS_DIR=${path.join(stateDir, 'secrets')}`,
      `TLS_DIR=${path.join(stateDir, 'tls')}`,
      `ACME_WEBROOT=${path.join(stateDir, 'acme')}`,
      `REMOTES_DIR=${remotesDir}`,
      // Three replicas from the first `up`: they migrate and seed one database together, and every later `up` keeps three.
      'API_REPLICAS=3',
      // A backup a minute, so the health check and the retention are seen within the run.
      'BACKUP_INTERVAL_SECONDS=60',
      'BACKUP_KEEP=3',
      '',
    ].join('\n'),
  );
  fs.mkdirSync(path.join(stateDir, 'acme'), { recursive: true });
  // A copy of the remotes file, for ship-remote.sh to edit without touching the repository's.
  fs.mkdirSync(remotesDir, { recursive: true });
  fs.copyFileSync(path.join(root, 'deploy', 'remotes.json'), path.join(remotesDir, 'remotes.json'));
}

export function secret(name: string): string {
  return fs.readFileSync(path.join(stateDir, 'secrets', name), 'utf8').trim();
}
