/**
 * @jest-environment node
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEPLOYABLE, packageScripts, readCompose, readDockerfile, REMOTE_PACKAGES, REPO_ROOT } from './dockerfile';

// What can be checked of the deployment without a Docker engine (none runs here): the compose file's services, health
// checks and dependencies, and that each Dockerfile copies paths that exist and starts what the package scripts start.

const compose = readCompose();
const rootPackage = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };

describe('docker-compose.yml', () => {
  test('runs postgres (official image, named volume), mailpit, the api and the four remotes', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'mailpit', 'mf-account', 'mf-basket', 'mf-payment', 'mf-post-sale', 'postgres']);
    expect(compose.services.postgres?.image).toMatch(/^postgres:\d+/);
    const [volume] = (compose.services.postgres?.volumes ?? [])[0]?.split(':') ?? [];
    expect(volume && compose.volumes).toHaveProperty(volume ?? '');
    expect(compose.services.mailpit?.image).toMatch(/^axllent\/mailpit:/);
  });

  test('every service has a health check, and every dependency waits for health', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect([name, service.healthcheck?.test?.length ?? 0]).not.toEqual([name, 0]);
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect([name, dependency, condition]).toEqual([name, dependency, 'service_healthy']);
      }
    }
    expect(Object.keys(compose.services.api?.depends_on ?? {}).sort()).toEqual(['mailpit', 'postgres']);
  });

  test("each deployable package builds from its own Dockerfile with the workspace root as context", () => {
    for (const pkg of DEPLOYABLE) {
      expect(compose.services[pkg]?.build).toEqual({ context: '.', dockerfile: `${pkg}/Dockerfile` });
    }
  });

  test("each remote is published on its package's serve port, allows the shell's origin, and deploy/remotes.json points there", () => {
    const remotesFile = JSON.parse(readFileSync(path.join(REPO_ROOT, 'deploy/remotes.json'), 'utf8')) as Record<string, string>;
    for (const pkg of REMOTE_PACKAGES) {
      const port = packageScripts(pkg).serve?.split(' ').at(-1);
      const service = compose.services[pkg];
      expect(service?.ports).toEqual([`${port}:${port}`]);
      expect(service?.environment?.SHELL_ORIGIN).toBe(compose.services.api?.environment?.PUBLIC_URL);
      expect(remotesFile[pkg.replace(/-/g, '_')]).toBe(`http://localhost:${port}/mf-manifest.json`);
    }
  });

  test("the api reads the remotes file from the mounted deploy/ folder", () => {
    const api = compose.services.api;
    const mount = api?.volumes?.find((volume) => volume.startsWith('./deploy:'));
    const inside = mount?.split(':')[1];
    expect(api?.environment?.REMOTES_FILE).toBe(`${inside}/remotes.json`);
  });

  test('the api never serves the development pages (every one-time and ticket code) and trusts no proxy unless told', () => {
    const api = compose.services.api;
    expect(api?.environment?.DEV_PAGES).toBe('0');
    expect(api?.environment?.NODE_ENV).not.toBe('development');
    expect(api?.environment?.TRUST_PROXY).toBe('${TRUST_PROXY:-}');
    const dockerfile = readDockerfile('api/Dockerfile');
    expect(dockerfile.final.env.NODE_ENV).toBe('production');
    expect(dockerfile.final.env.DEV_PAGES).toBeUndefined();
  });

  const dockerCompose = spawnSync('docker-compose', ['version'], { encoding: 'utf8' });
  (dockerCompose.status === 0 ? test : test.skip)("validates with Debian's docker-compose (config -q)", () => {
    const result = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

describe.each(DEPLOYABLE)('%s/Dockerfile', (pkg) => {
  const dockerfile = readDockerfile(`${pkg}/Dockerfile`);

  test('is multi-stage and runs as a non-root user', () => {
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile.final.user).toBeDefined();
    expect(['root', '0']).not.toContain(dockerfile.final.user);
    expect(dockerfile.final.healthcheck).toContain('/healthz');
  });

  test('copies only paths that exist in the build context, and stages that exist', () => {
    const stages = new Set(dockerfile.stages.map((stage) => stage.name));
    const ignored = readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8');
    expect(ignored).toMatch(/^\*\*\/node_modules$/m);
    expect(ignored).toMatch(/^\*\*\/dist$/m);
    for (const copy of dockerfile.copies) {
      if (copy.from) {
        expect(stages).toContain(copy.from);
      } else {
        for (const source of copy.sources) expect([source, existsSync(path.join(REPO_ROOT, source))]).toEqual([source, true]);
      }
    }
  });

  test("copies every workspace's package.json before installing (npm needs them all)", () => {
    const copied = new Set(dockerfile.copies.filter((copy) => !copy.from).flatMap((copy) => copy.sources));
    for (const workspace of rootPackage.workspaces) expect(copied).toContain(`${workspace}/package.json`);
  });

  test('starts what the package scripts start, from the package folder', () => {
    const scripts = packageScripts(pkg);
    expect(dockerfile.final.workdir).toBe(`/app/${pkg}`);
    if (pkg === 'api') {
      // "start": "tsx src/main.ts": the same binary, taken from node_modules/.bin as npm would.
      const [bin, ...args] = (scripts.start ?? '').split(' ');
      expect(dockerfile.final.cmd).toEqual([`../node_modules/.bin/${bin}`, ...args]);
      expect(dockerfile.final.expose).toEqual([Number(dockerfile.final.env.PORT)]);
    } else {
      expect(dockerfile.final.cmd.join(' ')).toBe(scripts.serve);
      expect(dockerfile.final.expose).toEqual([Number(scripts.serve?.split(' ').at(-1))]);
    }
  });

  test("the compose health check and the image's probe the same port", () => {
    const port = String(dockerfile.final.expose[0]);
    expect(compose.services[pkg]?.healthcheck?.test.join(' ')).toContain(`127.0.0.1:${port}/healthz`);
    expect(compose.services[pkg]?.ports).toEqual([`${port}:${port}`]);
  });
});
