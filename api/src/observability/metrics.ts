import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../platform/clock';
import type { Db } from '../db/schema';
import { connectionAcquireSeconds, connectionStatsOf } from '../db/db-connections';

/*
 * The counters domains record into are created once per process (prom-client's usual pattern), so settling a payment
 * or reserving needs no handle passed down to it; each app's registry (createMetricsRegistry) exposes them with the
 * gauges that read its own database.
 */

/** Latency of every answer, by call (the contract's name) or route pattern — never the raw URL, whose ids are unbounded. */
export const httpRequestSeconds = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request, by call or route, method and status class',
  labelNames: ['route', 'method', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [],
});

export type ReservationOutcome = 'reserved' | 'reserved_again' | 'captcha' | 'refused';

export const reservationsTotal = new Counter({
  name: 'reservations_total',
  help: 'reserve_tickets answers: reserved (fresh), reserved_again (the live reservation), captcha (demanded or failed), refused (with its reason)',
  labelNames: ['outcome', 'reason'] as const,
  registers: [],
});

export type PaymentOutcome = 'paid' | 'refunded' | 'declined' | 'cancelled' | 'refund_completed';

export const paymentsTotal = new Counter({
  name: 'payments_total',
  help: 'Payment outcomes by provider: paid (a sale settled), refunded (money taken that sold nothing, refund queued), declined (refused or failed before money moved), cancelled (the buyer cancelled at their bank), refund_completed (the provider gave it back)',
  labelNames: ['provider', 'outcome'] as const,
  registers: [],
});

export const domainEventsTotal = new Counter({
  name: 'domain_events_total',
  help: 'Domain events committed (order.paid, order.refunded, ticket.transferred, ticket.checked_in, sale.expired), counted once across the replicas by whichever relayed the event',
  labelNames: ['type'] as const,
  registers: [],
});

export const jobFailuresTotal = new Counter({
  name: 'job_failures_total',
  help: 'Durable job runs that failed (each is retried with backoff until its last attempt), by job kind',
  labelNames: ['kind'] as const,
  registers: [],
});

export const serverRenderRefusalsTotal = new Counter({
  name: 'server_render_refusals_total',
  help: "Checkout pages served for the browser to render because a remote's server build did not match its pin (its code was not run)",
  registers: [],
});

export function recordReservation(outcome: ReservationOutcome, reason = ''): void {
  reservationsTotal.inc({ outcome, reason });
}

export function recordPayment(provider: string, outcome: PaymentOutcome): void {
  paymentsTotal.inc({ provider, outcome });
}

export function recordDomainEvent(type: string): void {
  domainEventsTotal.inc({ type });
}

export const statusClassOf = (status: number): string => `${Math.floor(status / 100)}xx`;

interface JobRow {
  kind: string;
  due: number;
  pending: number;
  running: number;
  lag_seconds: number | null;
}

/**
 * The registry /metrics answers from: the process's counters, default process metrics, and gauges read when scraped —
 * the job queue from the jobs table (so every replica reports the same shared queue) and this app's database
 * connections.
 */
export function createMetricsRegistry(db: Db, clock: Clock, options: { processMetrics: boolean }): Registry {
  const registry = new Registry();
  registry.registerMetric(httpRequestSeconds);
  registry.registerMetric(reservationsTotal);
  registry.registerMetric(paymentsTotal);
  registry.registerMetric(domainEventsTotal);
  registry.registerMetric(jobFailuresTotal);
  registry.registerMetric(serverRenderRefusalsTotal);
  registry.registerMetric(connectionAcquireSeconds);
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  // One query feeds the four job gauges: prom-client collects them at once, so they share the one in flight.
  let inFlight: Promise<JobRow[]> | undefined;
  const loadJobs = (): Promise<JobRow[]> => {
    const now = clock.now();
    // Only pending and running rows: the jobs_due partial index covers them, however many finished jobs there are.
    inFlight ??= sql<JobRow>`
      SELECT kind,
        (count(*) FILTER (WHERE status = 'pending' AND run_at <= ${now}))::int AS due,
        (count(*) FILTER (WHERE status = 'pending'))::int AS pending,
        (count(*) FILTER (WHERE status = 'running'))::int AS running,
        extract(epoch FROM ${now}::timestamptz - min(run_at) FILTER (WHERE status = 'pending' AND run_at <= ${now}))::float8 AS lag_seconds
      FROM jobs WHERE status IN ('pending', 'running') GROUP BY kind`
      .execute(db)
      .then((result) => result.rows)
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
  const jobGauge = (name: string, help: string, value: (row: JobRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        const rows = await loadJobs();
        this.reset();
        for (const row of rows) this.set({ kind: row.kind }, value(row));
      },
    });
  jobGauge('jobs_due', 'Pending jobs whose time has come, waiting for a runner, by kind', (row) => row.due);
  jobGauge('jobs_pending', 'Pending jobs, due or scheduled for later, by kind', (row) => row.pending);
  jobGauge('jobs_running', 'Jobs a runner holds a lease on, by kind', (row) => row.running);
  jobGauge(
    'jobs_lag_seconds',
    'How long the oldest due pending job has waited past its run time, by kind (0 when none waits)',
    (row) => Math.max(0, row.lag_seconds ?? 0),
  );

  const stats = connectionStatsOf(db);
  if (stats) {
    new Gauge({
      name: 'db_connection_waiting',
      help: 'Queries and transactions waiting for a database connection now',
      labelNames: ['database'] as const,
      registers: [registry],
      collect() {
        this.set({ database: stats.database }, stats.waiting());
      },
    });
    const pool = stats.pool;
    if (pool) {
      new Gauge({
        name: 'db_pool_connections',
        help: 'PostgreSQL pool connections, by state (idle or in use)',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const { total, idle } = pool();
          this.set({ state: 'idle' }, idle);
          this.set({ state: 'in_use' }, total - idle);
        },
      });
    }
  }
  return registry;
}
