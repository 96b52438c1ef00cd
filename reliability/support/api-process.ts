/**
 * Real api processes (the built bundle, api/dist/main.js, as scripts/start.mjs and the image run it) on a test database:
 * started, killed (SIGKILL, like a crashed machine) and restarted on the same port, so a buyer's cookies keep working.
 * reliability/run.ts rebuilds the bundle before the files run, so it is always the source's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const bundle = path.join(root, 'api/dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ApiOptions {
  databaseUrl: string;
  /** Extra environment (HOLD_SECONDS, SMTP_URL…). */
  env?: Record<string, string>;
  port?: number;
  name?: string;
}

export class ApiProcess {
  private child: ChildProcess | undefined;
  private output: string[] = [];
  readonly baseURL: string;

  private constructor(
    readonly port: number,
    private readonly options: ApiOptions,
    private readonly dataDir: string,
  ) {
    this.baseURL = `http://127.0.0.1:${port}`;
  }

  static async start(options: ApiOptions): Promise<ApiProcess> {
    const port = options.port ?? (await freePort());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rel-api-'));
    const api = new ApiProcess(port, options, dataDir);
    await api.boot();
    return api;
  }

  /** The process's last lines of output, for a failure's message. */
  log(): string {
    return this.output.slice(-40).join('');
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  private async boot(): Promise<void> {
    // The bundle starts in about a quarter of the time of the source under tsx (1.3 s against 4.7 s here), and a run
    // starts dozens.
    if (!fs.existsSync(bundle)) throw new Error(`${bundle} is missing: npm run build -w api (reliability/run.ts does)`);
    const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.baseURL,
        DATABASE_URL: this.options.databaseUrl,
        DATA_DIR: this.dataDir,
        PG_POOL_SIZE: '4',
        // Buyers read their one-time codes from /dev/outbox.json, buy from the demo catalogue and pay in the sandboxes.
        DEV_PAGES: '1',
        SEED_DEMO: '1',
        PAYMENTS_SANDBOX: '1',
        ...this.options.env,
      },
    });
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString('utf8'));
      if (this.output.length > 200) this.output.splice(0, 100);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`api ${this.options.name ?? this.port} exited (${child.exitCode}):\n${this.log()}`);
      try {
        const response = await fetch(`${this.baseURL}/healthz`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`api ${this.options.name ?? this.port} did not answer /healthz within 60 s:\n${this.log()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }

  private exited(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** SIGKILL: no shutdown hook runs, in-flight requests and transactions are cut. */
  async kill(): Promise<void> {
    const exited = this.exited();
    this.child?.kill('SIGKILL');
    await exited;
    // Nothing may answer on the port any more (the process that served it is gone).
    const answered = await fetch(`${this.baseURL}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      () => true,
      () => false,
    );
    if (answered) throw new Error(`api ${this.options.name ?? this.port} still answers after SIGKILL`);
  }

  /** Starts the process again on the same port and database (with `env` changed from then on, e.g. FAILPOINTS). */
  async restart(env?: Record<string, string>): Promise<void> {
    if (this.running) await this.kill();
    if (env) this.options.env = { ...this.options.env, ...env };
    await this.boot();
  }

  /** Resolves when the process has died (a failpoint killed it). */
  async died(withinMs = 20_000): Promise<void> {
    const timer = new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`api ${this.options.name ?? this.port} still running after ${withinMs} ms`)),
        withinMs,
      ).unref(),
    );
    await Promise.race([this.exited(), timer]);
  }

  async stop(): Promise<void> {
    if (this.running) {
      const exited = this.exited();
      this.child?.kill('SIGTERM');
      const timer = setTimeout(() => this.child?.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
