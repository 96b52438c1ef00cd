/**
 * @jest-environment node
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEPLOYABLE,
  interpolate,
  packageScripts,
  PROXY_TEMPLATE,
  readCompose,
  readDockerfile,
  REMOTE_DOCKERFILE,
  REMOTE_PACKAGES,
  renderTemplate,
  REPO_ROOT,
} from './dockerfile';

// What can be checked of the deployment without a Docker engine (none runs here): the compose file's services, health
// checks, dependencies and ports, the proxy's template, and that each image copies paths that exist, installs only
// production dependencies in its runtime stage and starts what the package scripts start. The proxy's configuration
// itself runs in front of two api processes in reliability/load/proxy-two-apis.test.ts.

const compose = readCompose();
const rootPackage = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
const proxy = compose.services.proxy;

/** Each deployable package's image: the api's own Dockerfile, the remotes' one definition with their REMOTE. */
const images = DEPLOYABLE.map((pkg): { pkg: string; file: string; args: Record<string, string> } => ({
  pkg,
  file: pkg === 'api' ? 'api/Dockerfile' : REMOTE_DOCKERFILE,
  args: pkg === 'api' ? {} : { REMOTE: pkg },
}));

describe('docker-compose.yml', () => {
  test('runs postgres (official image, named volume), mailpit, the api, the four remotes and the proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'api',
      'mailpit',
      'mf-account',
      'mf-basket',
      'mf-payment',
      'mf-post-sale',
      'postgres',
      'proxy',
    ]);
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
    expect(Object.keys(proxy?.depends_on ?? {}).sort()).toEqual(['api', ...REMOTE_PACKAGES].sort());
  });

  test('the proxy is the only way in from the web: the one published port besides the mail UI, so the api scales', () => {
    const published = Object.entries(compose.services)
      .filter(([, service]) => (service.ports ?? []).length > 0)
      .map(([name]) => name);
    expect(published.sort()).toEqual(['mailpit', 'proxy']);
    expect(proxy?.ports).toEqual(['8080:8080']);
    expect(new URL(interpolate(compose.services.api?.environment?.PUBLIC_URL ?? '', {})).port).toBe('8080');
    // Replicas of the api and the remotes listen on 8080 inside their own containers, reached by service name.
    for (const pkg of DEPLOYABLE) expect([pkg, compose.services[pkg]?.expose]).toEqual([pkg, ['8080']]);
  });

  test('the api and the remotes build from their image definitions with the workspace root as context', () => {
    for (const { pkg, file, args } of images) {
      const build = compose.services[pkg]?.build;
      expect({ pkg, build }).toEqual({
        pkg,
        build: { context: '.', dockerfile: file, ...(Object.keys(args).length ? { args } : {}) },
      });
    }
  });

  test("the proxy renders deploy/proxy/'s template with a value for every variable, and routes every remote", () => {
    const [mount, inside] = proxy?.volumes?.[0]?.split(':') ?? [];
    expect(`${mount}/default.conf.template`).toBe(`./${PROXY_TEMPLATE}`);
    expect(inside).toBe('/etc/nginx/templates');
    expect(proxy?.image).toMatch(/^nginx:1\.(2[89]|[3-9]\d)/);
    const template = readFileSync(path.join(REPO_ROOT, PROXY_TEMPLATE), 'utf8');
    const environment = proxy?.environment ?? {};
    const rendered = renderTemplate(template, environment);
    expect(rendered).not.toMatch(/\$\{\w+\}/);
    expect(environment.API_SERVERS).toBe('server api:8080 resolve;');
    for (const pkg of REMOTE_PACKAGES) {
      expect(environment[`${pkg.replace(/-/g, '_').toUpperCase()}_SERVERS`]).toBe(`server ${pkg}:8080 resolve;`);
      expect(rendered).toContain(`location /remotes/${pkg}/ {`);
    }
    // The client's address replaces whatever it sent, and source maps never leave.
    expect(rendered).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(rendered).toMatch(/location ~\* \\\.map.*\{\s*return 404;/);
  });

  test('deploy/remotes.json names each remote behind the proxy, and the api reads their manifests through it', () => {
    const remotesFile = JSON.parse(readFileSync(path.join(REPO_ROOT, 'deploy/remotes.json'), 'utf8')) as Record<
      string,
      string
    >;
    const publicUrl = interpolate(compose.services.api?.environment?.PUBLIC_URL ?? '', {});
    for (const pkg of REMOTE_PACKAGES) {
      expect(remotesFile[pkg.replace(/-/g, '_')]).toBe(`${publicUrl}/remotes/${pkg}/mf-manifest.json`);
      expect(compose.services[pkg]?.environment?.SHELL_ORIGIN).toBe(compose.services.api?.environment?.PUBLIC_URL);
    }
    expect(compose.services.api?.environment?.REMOTES_INTERNAL_ORIGIN).toBe(
      `http://proxy:${proxy?.environment?.PROXY_PORT}`,
    );
  });

  test('the api reads the remotes file from the mounted deploy/ folder', () => {
    const api = compose.services.api;
    const mount = api?.volumes?.find((volume) => volume.startsWith('./deploy:'));
    const inside = mount?.split(':')[1];
    expect(api?.environment?.REMOTES_FILE).toBe(`${inside}/remotes.json`);
  });

  test('the api never serves the development pages, runs on PostgreSQL, and trusts the one proxy in front of it', () => {
    const api = compose.services.api;
    expect(api?.environment?.DEV_PAGES).toBe('0');
    expect(api?.environment?.NODE_ENV).not.toBe('development');
    expect(api?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(api?.environment?.ALLOW_EMBEDDED_DB).toBeUndefined();
    expect(api?.environment?.TRUST_PROXY).toBe('${TRUST_PROXY:-1}');
    const dockerfile = readDockerfile('api/Dockerfile');
    expect(dockerfile.final.env.NODE_ENV).toBe('production');
    expect(dockerfile.final.env.DEV_PAGES).toBeUndefined();
    expect(dockerfile.final.env.ALLOW_EMBEDDED_DB).toBeUndefined();
  });

  const dockerCompose = spawnSync('docker-compose', ['version'], { encoding: 'utf8' });
  (dockerCompose.status === 0 ? test : test.skip)("validates with Debian's docker-compose (config -q)", () => {
    const result = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

test('one image definition serves every remote: no Dockerfile per remote package', () => {
  for (const pkg of REMOTE_PACKAGES)
    expect([pkg, existsSync(path.join(REPO_ROOT, pkg, 'Dockerfile'))]).toEqual([pkg, false]);
});

describe.each(images)('$file for $pkg', ({ pkg, file, args }) => {
  const dockerfile = readDockerfile(file, args);

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
        for (const source of copy.sources)
          expect([source, existsSync(path.join(REPO_ROOT, source))]).toEqual([source, true]);
      }
    }
  });

  test("copies every workspace's package.json before each install (npm needs them all)", () => {
    for (const stage of dockerfile.stages.filter((s) =>
      s.instructions.some((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args)),
    )) {
      const copied = new Set(
        dockerfile.copies.filter((copy) => !copy.from && copy.stage === stage.name).flatMap((copy) => copy.sources),
      );
      for (const workspace of rootPackage.workspaces)
        expect([stage.name, copied.has(`${workspace}/package.json`)]).toEqual([stage.name, true]);
    }
  });

  test('the runtime stage installs nothing: production dependencies come from a stage that omits dev ones, or none at all', () => {
    const runtime = dockerfile.stages.at(-1);
    expect(runtime?.instructions.filter((i) => i.op === 'RUN' && /\bnpm\b/.test(i.args))).toEqual([]);
    const modules = dockerfile.copies.filter(
      (copy) => copy.stage === runtime?.name && copy.sources.some((source) => source.includes('node_modules')),
    );
    for (const copy of modules) {
      const from = dockerfile.stages.find((stage) => stage.name === copy.from);
      expect(from?.instructions.some((i) => i.op === 'RUN' && /npm ci --omit=dev -w api\b/.test(i.args))).toBe(true);
    }
    if (pkg !== 'api') expect(modules).toEqual([]);
  });

  test('starts what the package scripts start, from the package folder, with node (no TypeScript loader)', () => {
    const scripts = packageScripts(pkg);
    expect(dockerfile.final.workdir).toBe(`/app/${pkg}`);
    expect(dockerfile.final.cmd[0]).toBe('node');
    expect(dockerfile.final.expose).toEqual([8080]);
    if (pkg === 'api') {
      // "start": "node dist/main.js", the bundle `npm run build -w api` writes.
      expect(dockerfile.final.cmd.join(' ')).toBe(scripts.start);
      expect(Number(dockerfile.final.env.PORT)).toBe(8080);
      expect(
        dockerfile.stages.some((stage) =>
          stage.instructions.some(
            (i) => i.op === 'RUN' && i.args.includes('npm run build') && i.args.includes('-w api'),
          ),
        ),
      ).toBe(true);
    } else {
      // "serve": "node ../scripts/serve-static.mjs dist <port>": the same, on the container's port.
      const serve = (scripts.serve ?? '').split(' ');
      expect(dockerfile.final.cmd).toEqual([...serve.slice(0, -1), '8080']);
      expect(dockerfile.copies.some((copy) => copy.from === 'build' && copy.sources.includes(`/app/${pkg}/dist`))).toBe(
        true,
      );
    }
  });

  test("the compose health check and the image's probe the same port", () => {
    expect(dockerfile.final.healthcheck).toMatch(/127\.0\.0\.1:('\+\(process\.env\.PORT\|\|)?8080/);
    expect(compose.services[pkg]?.healthcheck?.test.join(' ')).toContain('127.0.0.1:8080/healthz');
  });
});
