/**
 * Reads a Dockerfile and docker-compose.yml as far as the deployment checks and the docker-less end-to-end test need:
 * stages, COPY sources, the final stage's WORKDIR, ENV, USER, EXPOSE and CMD, with build arguments (ARG, `--build-arg`)
 * substituted where Docker substitutes them (FROM, COPY, WORKDIR, ENV, EXPOSE, USER; never in an exec-form CMD). Only
 * the forms our files use are read (exec-form CMD, ENV key=value); anything else is reported rather than guessed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

export const REPO_ROOT = path.resolve(__dirname, '..');

export interface Instruction {
  op: string;
  args: string;
}

export interface Stage {
  from: string;
  name: string | undefined;
  instructions: Instruction[];
}

export interface Copy {
  stage: string | undefined;
  from: string | undefined;
  sources: string[];
  dest: string;
}

export interface Dockerfile {
  stages: Stage[];
  copies: Copy[];
  /** The image's own settings: the final stage's. */
  final: {
    workdir: string;
    env: Record<string, string>;
    user: string | undefined;
    expose: number[];
    cmd: string[];
    healthcheck: string | undefined;
  };
}

function instructions(text: string): Instruction[] {
  const joined = text.replace(/\\\r?\n/g, ' ');
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const space = line.search(/\s/);
      return { op: line.slice(0, space).toUpperCase(), args: line.slice(space + 1).trim() };
    });
}

function execForm(args: string, what: string): string[] {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string'))
    throw new Error(`${what} must be an exec-form array: ${args}`);
  return parsed;
}

/** ${NAME} and $NAME from `values`; a name without a value becomes '' as in Docker. */
function substitute(text: string, values: Record<string, string>): string {
  return text.replace(
    /\$\{(\w+)\}|\$(\w+)/g,
    (_all, braced: string | undefined, bare: string | undefined) => values[braced ?? bare ?? ''] ?? '',
  );
}

const SUBSTITUTED = new Set(['FROM', 'COPY', 'WORKDIR', 'ENV', 'EXPOSE', 'USER']);

/**
 * `buildArgs` are the `--build-arg` values; an ARG's default applies when one is not given. `target` is `--target`:
 * the image is that stage's (the last stage's without one).
 */
export function parseDockerfile(text: string, buildArgs: Record<string, string> = {}, target?: string): Dockerfile {
  const stages: Stage[] = [];
  // ARGs before the first FROM are global (usable in FROM); each stage sees only those it declares again.
  const global: Record<string, string> = {};
  let scope: Record<string, string> = {};
  const declare = (into: Record<string, string>, args: string) => {
    const eq = args.indexOf('=');
    const name = eq < 0 ? args : args.slice(0, eq);
    const fallback = eq < 0 ? undefined : args.slice(eq + 1);
    const value = buildArgs[name] ?? global[name] ?? fallback;
    if (value !== undefined) into[name] = value;
  };
  for (const raw of instructions(text)) {
    const instruction = SUBSTITUTED.has(raw.op)
      ? { op: raw.op, args: substitute(raw.args, stages.length === 0 ? global : scope) }
      : raw;
    if (raw.op === 'ARG') {
      declare(stages.length === 0 ? global : scope, raw.args);
      if (stages.length === 0) continue;
    }
    if (instruction.op === 'FROM') {
      const [from = '', as, name] = substitute(raw.args, global).split(/\s+/);
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
      scope = {};
    } else if (stages.length > 0) {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  const copies: Copy[] = stages.flatMap((stage) =>
    stage.instructions
      .filter((i) => i.op === 'COPY')
      .map((i) => {
        const words = i.args.split(/\s+/);
        const flags = words.filter((w) => w.startsWith('--'));
        const paths = words.filter((w) => !w.startsWith('--'));
        const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
        return { stage: stage.name, from, sources: paths.slice(0, -1), dest: paths.at(-1) ?? '' };
      }),
  );
  const last = target === undefined ? stages.at(-1) : stages.find((stage) => stage.name === target);
  if (!last) throw new Error(target === undefined ? 'no FROM' : `no stage named ${target}`);
  let workdir = '/';
  const env: Record<string, string> = {};
  let user: string | undefined;
  const expose: number[] = [];
  let cmd: string[] = [];
  let healthcheck: string | undefined;
  for (const { op, args } of last.instructions) {
    if (op === 'WORKDIR') workdir = path.posix.resolve(workdir, args);
    if (op === 'USER') user = args;
    if (op === 'EXPOSE') expose.push(...args.split(/\s+/).map(Number));
    if (op === 'CMD') cmd = execForm(args, 'CMD');
    if (op === 'HEALTHCHECK') healthcheck = args;
    if (op === 'ENV') {
      for (const pair of args.split(/\s+/)) {
        const eq = pair.indexOf('=');
        if (eq <= 0) throw new Error(`ENV must be key=value: ${args}`);
        env[pair.slice(0, eq)] = pair.slice(eq + 1);
      }
    }
  }
  return { stages, copies, final: { workdir, env, user, expose, cmd, healthcheck } };
}

export function readDockerfile(
  relativePath: string,
  buildArgs: Record<string, string> = {},
  target?: string,
): Dockerfile {
  return parseDockerfile(readFileSync(path.join(REPO_ROOT, relativePath), 'utf8'), buildArgs, target);
}

/** The one image definition of the api and the four remotes: `--target api`, or `--target remote --build-arg REMOTE=<package>`. */
export const DOCKERFILE = 'deploy/Dockerfile';

/** The proxy's configuration template (nginx, rendered with envsubst by the image and by the reliability test). */
export const PROXY_TEMPLATE = 'deploy/proxy/default.conf.template';

/** envsubst as the nginx image runs it: every ${NAME} of `values` replaced, anything else ($host…) left to nginx. */
export function renderTemplate(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
}

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string; args?: Record<string, string> };
  ports?: string[];
  expose?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  profiles?: string[];
  secrets?: string[];
  mem_limit?: string;
  cpus?: number;
  logging?: { driver: string; options?: Record<string, string> };
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  secrets?: Record<string, { file: string }>;
}

export function readCompose(): ComposeFile {
  return parseYaml(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as ComposeFile;
}

/** Compose's ${NAME:-default} interpolation, with the values given (unset ones take their default). */
export function interpolate(value: string, vars: Record<string, string | undefined>): string {
  return value.replace(
    /\$\{(\w+)(?::-([^}]*))?\}/g,
    (_all, name: string, fallback: string | undefined) => vars[name] || (fallback ?? ''),
  );
}

/** The deployable packages: the api (which serves the shell) and the four remotes, with their package folders. */
export const DEPLOYABLE = ['api', 'mf-basket', 'mf-account', 'mf-payment', 'mf-post-sale'] as const;
export const REMOTE_PACKAGES = ['mf-basket', 'mf-account', 'mf-payment', 'mf-post-sale'] as const;

export function packageScripts(pkg: string): Record<string, string> {
  return (
    (
      JSON.parse(readFileSync(path.join(REPO_ROOT, pkg, 'package.json'), 'utf8')) as {
        scripts?: Record<string, string>;
      }
    ).scripts ?? {}
  );
}
