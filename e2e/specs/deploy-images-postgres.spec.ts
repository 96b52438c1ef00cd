import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Client } from 'pg';
import { interpolate, readCompose, readDockerfile, REMOTE_DOCKERFILE } from '../../deploy/dockerfile';
import { addTicket } from '../support/basket';
import {
  manifestUrl,
  REMOTES,
  ROOT,
  type Started,
  startProcess,
  waitForHealth,
  WORK_DIR,
  writeRemotesFile,
  type RemoteName,
} from '../support/deploy-stack';
import { seed } from '../support/seed';
import { slotPort } from '../support/stack';

// No Docker engine runs here, so the processes the images would run are started as the images would start
// them — each Dockerfile's CMD from its WORKDIR, with the image's ENV and the compose file's environment — on
// PostgreSQL instead of the postgres container, on ports of their own (8380, 3381-3384 in the first worker). What differs from compose:
// the ports, no proxy in front (the browser loads the remotes from their own ports, so the remotes file names those;
// the proxy runs in reliability/load/proxy-two-apis.test.ts), the database (this machine's PostgreSQL, a database of the
// test's own), the remotes file's location and no SMTP_URL (there is no Mailpit here; mail stays in the outbox).

const POSTGRES = process.env.DEPLOY_E2E_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';
// The ports are this worker's (support/stack.ts); the database is named after the api's port, so two stacks never share it.
const apiPort = slotPort(8380);
const DATABASE = `checkout_deploy_e2e_${apiPort}`;
const ports: Record<RemoteName, number> = {
  mf_basket: slotPort(3381),
  mf_account: slotPort(3382),
  mf_payment: slotPort(3383),
  mf_post_sale: slotPort(3384),
};
const publicUrl = `http://localhost:${apiPort}`;
const dir = path.join(WORK_DIR, `images-${apiPort}`);
const remotesFile = path.join(dir, 'remotes.json');

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: publicUrl });

async function postgresAnswers(): Promise<string | null> {
  const client = new Client({ connectionString: `${POSTGRES}/postgres`, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${DATABASE}`);
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A container path under /app is the same path under the repository root. */
const onHost = (containerPath: string) => path.join(ROOT, path.posix.relative('/app', containerPath));

/** The image's CMD as a host command: node is this node, a relative program is found from the working directory. */
function hostCommand(cmd: string[], cwd: string): [string, string[]] {
  const [program = '', ...args] = cmd;
  if (program === 'node') return [process.execPath, args];
  return [program.includes('/') ? path.resolve(cwd, program) : program, args];
}

const started: Started[] = [];
let skipped: string | null = null;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  skipped = await postgresAnswers();
  if (skipped) {
    console.warn(
      `SKIPPED deploy-images-postgres: no PostgreSQL answers at ${POSTGRES} (${skipped}); the images' processes were not started.`,
    );
    return;
  }
  rmSync(dir, { recursive: true, force: true });
  const compose = readCompose();
  // The compose stack started as the README starts its demo: the demo catalogue and the payment sandboxes asked for.
  const vars = { PUBLIC_URL: publicUrl, SEED_DEMO: '1', PAYMENTS_SANDBOX: '1' };
  const composeEnv = (service: string) =>
    Object.fromEntries(
      Object.entries(compose.services[service]?.environment ?? {}).map(([key, value]) => [
        key,
        interpolate(String(value), vars),
      ]),
    );

  writeRemotesFile(
    remotesFile,
    Object.fromEntries(REMOTES.map(({ name }) => [name, manifestUrl(ports[name])])) as Record<RemoteName, string>,
  );

  for (const { name, pkg } of REMOTES) {
    const image = readDockerfile(REMOTE_DOCKERFILE, { REMOTE: pkg }).final;
    const cwd = onHost(image.workdir);
    // The CMD's last argument is the port the container listens on; here each remote gets a port of its own.
    const cmd = [...image.cmd.slice(0, -1), String(ports[name])];
    const [program, args] = hostCommand(cmd, cwd);
    started.push(startProcess(pkg, program, args, { cwd, env: { ...process.env, ...image.env, ...composeEnv(pkg) } }));
  }

  const api = readDockerfile('api/Dockerfile').final;
  const apiCwd = onHost(api.workdir);
  const [program, args] = hostCommand(api.cmd, apiCwd);
  const { SMTP_URL: _noMailpit, ...apiEnv } = composeEnv('api');
  started.push(
    startProcess('api', program, args, {
      cwd: apiCwd,
      env: {
        ...process.env,
        ...api.env,
        ...apiEnv,
        DATA_DIR: path.join(dir, 'unused-pglite'),
        PORT: String(apiPort),
        DATABASE_URL: `${POSTGRES}/${DATABASE}`,
        REMOTES_FILE: remotesFile,
        CAPTCHA_RESERVE_LIMIT: '0',
      },
    }),
  );
  await Promise.all([
    waitForHealth(`${publicUrl}/healthz`, 120_000),
    ...Object.values(ports).map((port) => waitForHealth(`http://localhost:${port}/healthz`)),
  ]);
});

test.afterAll(async () => {
  await Promise.all(started.map((process) => process.stop()));
  if (skipped) return;
  const client = new Client({ connectionString: `${POSTGRES}/postgres` });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`).finally(() => client.end());
});

test("the images' processes on PostgreSQL: a buyer reserves a basket in the shell the api serves", async ({
  page,
  context,
}) => {
  test.skip(
    skipped !== null,
    `No PostgreSQL answers at ${POSTGRES} (${skipped}): the images' processes were not started.`,
  );
  const health = await (await context.request.get('/healthz')).json();
  expect(health).toEqual({ status: 'ok' });

  await addTicket(context, seed.standardTicket.id, 1);
  await page.goto('/checkout/');
  await page.getByRole('button', { name: 'Reserve Basket' }).click();
  await expect(page.getByText('Tickets reserved for')).toBeVisible();

  // The reservation is in PostgreSQL, in the test's own database.
  const client = new Client({ connectionString: `${POSTGRES}/${DATABASE}` });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM sales WHERE status = 'reserved'");
    expect(Number(rows[0]?.n)).toBeGreaterThanOrEqual(1);
  } finally {
    await client.end();
  }
});
