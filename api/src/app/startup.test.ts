/**
 * The api process as an operator starts it (api/src/app/main.ts, NODE_ENV=production): what it refuses, in one sentence,
 * and what a production start on an empty database does not do (seed the demo, take sandbox money).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/connect';
import { paymentMessages } from '../payment/messages';
import { PAYMENT_PATHS } from '../payment/routes';
import { describeInOnePass } from '../testing/one-pass';

jest.setTimeout(120_000);

// Each test starts api processes of its own on embedded databases of their own: the same whichever database the suite
// runs on, so they run in one of its passes.
const describeOnce = describeInOnePass;

const root = path.resolve(__dirname, '..', '..', '..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');

interface Exit {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the api until it exits, or until `whileRunning` is done with it (then SIGTERM). */
function runApi(env: Record<string, string>, whileRunning?: (port: number) => Promise<void>): Promise<Exit> {
  return new Promise((resolve, reject) => {
    void freePort().then((port) => {
      const child = spawn(process.execPath, [tsx, 'api/src/app/main.ts'], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
      if (!whileRunning) return;
      void (async () => {
        const deadline = Date.now() + 90_000;
        for (;;) {
          if (child.exitCode !== null) return;
          if (Date.now() > deadline) throw new Error('the api did not answer /healthz within 90 s');
          if (
            await fetch(`http://127.0.0.1:${port}/healthz`)
              .then((r) => r.ok)
              .catch(() => false)
          )
            break;
          await new Promise((wait) => setTimeout(wait, 200));
        }
        await whileRunning(port);
      })()
        .catch(reject)
        .finally(() => child.kill('SIGTERM'));
    }, reject);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const production = { NODE_ENV: 'production', ALLOW_EMBEDDED_DB: '1', LOG_LEVEL: 'info' };

describeOnce('a start-up the configuration forbids is refused in one sentence naming the variable', () => {
  test.each([
    ['Stripe with its secret key alone', { STRIPE_SECRET_KEY: 'sk_live_x' }, 'STRIPE_PUBLISHABLE_KEY'],
    ['Stripe with its publishable key alone', { STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }, 'STRIPE_SECRET_KEY'],
    ['Square with its access token alone', { SQUARE_ACCESS_TOKEN: 'token' }, 'SQUARE_APPLICATION_ID'],
    ['TrueLayer with its client id alone', { TRUELAYER_CLIENT_ID: 'client' }, 'TRUELAYER_CLIENT_SECRET'],
    ['PAYMENTS_SANDBOX neither 1 nor 0', { PAYMENTS_SANDBOX: 'maybe' }, 'PAYMENTS_SANDBOX'],
    ['SEED_DEMO neither 1 nor 0', { SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    [
      'a secret file that cannot be read',
      { STRIPE_SECRET_KEY_FILE: '/nonexistent/stripe-key' },
      'STRIPE_SECRET_KEY_FILE',
    ],
    ['a database setting it cannot use', { DB_STATEMENT_TIMEOUT_MS: 'soon' }, 'DB_STATEMENT_TIMEOUT_MS'],
    ['ACCESS_LOG neither 1 nor 0', { ACCESS_LOG: 'yes' }, 'ACCESS_LOG'],
  ])('%s', async (_name, env, variable) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'checkout-refused-'));
    try {
      const { status, stdout, stderr } = await runApi({ ...production, DATA_DIR: dataDir, ...env });
      expect(status).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^The api did not start: /);
      expect(lines[0]).toContain(variable);
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(stdout).toBe('');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describeOnce('any other start-up failure is one line too, naming the problem', () => {
  /** The one line on stderr, after checking that it is all there is and no stack trace. */
  function refusal({ status, stderr }: Exit): string {
    expect(status).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(stderr).not.toMatch(/^\s+at /m);
    return lines[0] ?? '';
  }

  test('a database that does not answer: its address without the password, and why', async () => {
    const port = await freePort();
    const exit = await runApi({
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: `postgres://checkout:s3cret-pw@127.0.0.1:${port}/checkout`,
    });
    expect(refusal(exit)).toBe(
      `The api did not start: the database at postgres://checkout:***@127.0.0.1:${port}/checkout did not answer (ECONNREFUSED)`,
    );
    expect(exit.stdout + exit.stderr).not.toContain('s3cret-pw');
  });

  test('a port another process holds', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'checkout-port-'));
    const holder = net.createServer();
    try {
      const port = await new Promise<number>((resolve, reject) => {
        holder.on('error', reject);
        holder.listen(0, '127.0.0.1', () => {
          const address = holder.address();
          resolve(typeof address === 'object' && address ? address.port : 0);
        });
      });
      const exit = await runApi({ ...production, DATA_DIR: dataDir, PORT: String(port) });
      expect(refusal(exit)).toBe(
        `The api did not start: port ${port} on 127.0.0.1 is already in use by another process (EADDRINUSE)`,
      );
      // What it said before is the JSON log, line by line.
      for (const line of exit.stdout.trim().split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
    } finally {
      await new Promise((resolve) => holder.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describeOnce('a production start on an empty database', () => {
  async function organisersAndCodes(dataDir: string): Promise<[number, number]> {
    const handle = await openDatabase({ dataDir });
    try {
      const organisers = await handle.db
        .selectFrom('organisers')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const codes = await handle.db
        .selectFrom('codes')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return [Number(organisers.n), Number(codes.n)];
    } finally {
      await handle.close();
    }
  }

  test('seeds nothing, serves no sandbox page and offers no payment method without a provider', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'checkout-production-'));
    try {
      const answers: Record<string, number> = {};
      let threeDsBody = '';
      const { stdout } = await runApi({ ...production, DATA_DIR: dataDir }, async (port) => {
        const at = (pathname: string, init?: RequestInit) =>
          fetch(`http://127.0.0.1:${port}${pathname}`, init).then((response) => response.status);
        const threeDs = await fetch(`http://127.0.0.1:${port}${PAYMENT_PATHS.threeDs}?pi=pi_1`);
        answers.threeDs = threeDs.status;
        threeDsBody = await threeDs.text();
        answers.bankPortal = await at(`${PAYMENT_PATHS.bankPortal}?payment_id=bp_1`);
        answers.squareScript = await at(PAYMENT_PATHS.squareScript);
        answers.outbox = await at('/dev/outbox.json');
      });
      expect(answers).toEqual({ threeDs: 404, bankPortal: 404, squareScript: 404, outbox: 404 });
      // No route at all, not the sandbox's own answer for an unknown payment.
      expect(threeDsBody).not.toContain(paymentMessages.unknownIntent);
      expect(stdout).toContain('demo catalogue: not seeded');
      expect(stdout).not.toContain('demo catalogue seeded');
      expect(stdout).toContain('payments: card off');
      expect(stdout).toContain('payments: square-type card off');
      expect(stdout).toContain('payments: bank transfer off');
      expect(await organisersAndCodes(dataDir)).toEqual([0, 0]);

      // The output is the JSON log, every line of it: the line saying where to open the checkout too.
      const lines = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.filter((line) => String(line.msg).startsWith('Checkout is running'))).toEqual([
        expect.objectContaining({ level: 30, url: expect.stringMatching(/^http:\/\/localhost:\d+\/all-events\/$/) }),
      ]);
      // One access line per request, under the route's pattern: not the URL, its query or the client. The health
      // checks the test waited on are not among them.
      const access = lines.filter((line) => line.msg === 'request');
      expect(access.map(({ method, route, status }) => ({ method, route, status }))).toEqual([
        { method: 'GET', route: 'not_found', status: 404 },
        { method: 'GET', route: 'not_found', status: 404 },
        { method: 'GET', route: 'not_found', status: 404 },
        { method: 'GET', route: 'not_found', status: 404 },
      ]);
      for (const line of access) {
        expect(line).toEqual(
          expect.objectContaining({ request_id: expect.any(String), duration_ms: expect.any(Number) }),
        );
        expect(JSON.stringify(line)).not.toMatch(/pi_1|bp_1|127\.0\.0\.1|outbox/);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('with SEED_DEMO=1 and PAYMENTS_SANDBOX=1 it seeds the demo and warns that every method takes test money', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'checkout-demo-'));
    try {
      let threeDs = '';
      const { stdout } = await runApi(
        { ...production, DATA_DIR: dataDir, SEED_DEMO: '1', PAYMENTS_SANDBOX: '1' },
        async (port) => {
          threeDs = await (await fetch(`http://127.0.0.1:${port}${PAYMENT_PATHS.threeDs}?pi=pi_1`)).text();
        },
      );
      // The 3-D Secure page is served: an unknown intent gets the sandbox's own sentence.
      expect(threeDs).toContain(paymentMessages.unknownIntent);
      expect(stdout).toContain('demo catalogue seeded');
      const warnings = stdout
        .split('\n')
        .filter((line) => line.includes('SANDBOX'))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(warnings.map((line) => line.msg)).toEqual([
        expect.stringMatching(/^payments: card SANDBOX/),
        expect.stringMatching(/^payments: square-type card SANDBOX/),
        expect.stringMatching(/^payments: bank transfer SANDBOX/),
      ]);
      expect(warnings.every((line) => line.level === 40)).toBe(true);
      const [organisers, codes] = await organisersAndCodes(dataDir);
      expect(organisers).toBeGreaterThan(0);
      expect(codes).toBeGreaterThan(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
