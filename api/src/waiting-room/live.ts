import type { QueueStatus } from '@checkout/shared';
import { sql } from 'kysely';
import type { Clock } from '../platform/clock';
import type { Db, Onsale, QueueEntry } from '../db/schema';
import { admissionOf, statusFor } from './admission';
import { joinQueue, loadOnsale, placeEarlyArrivals } from './queue';

/** One browser tab's event stream: the entry it watches and where its events go. */
export interface LiveWatcher {
  readonly onsaleId: number;
  readonly sessionId: number;
  entry: QueueEntry;
  /** Sends one status (a `data:` event). */
  send(status: QueueStatus): void;
  /** Sends a comment line, so proxies and the browser see the connection alive. */
  ping(): void;
  /** Ends the stream (the watcher is already forgotten). */
  end(): void;
}

export interface LiveOptions {
  /** How often every watcher is sent its status. */
  tickMs?: number;
  /** How often a comment is sent besides. */
  heartbeatMs?: number;
  /** How long an on-sale's row is trusted before it is read again (an organiser's rate change is seen within it). */
  onsaleTtlMs?: number;
  /** A stream ends after this long; the browser's EventSource reconnects and the entry is read afresh. */
  maxStreamMs?: number;
}

interface CachedOnsale {
  row: Onsale | undefined;
  readAt: number;
  reading: Promise<void> | null;
}

const FINAL: ReadonlySet<QueueStatus['state']> = new Set(['admitted', 'turn_lost', 'ended']);

/**
 * The queue's live streams in this process. Every watcher's status is computed here, each tick, from its entry (read
 * once, when its stream opened) and its on-sale's row (read at most once per `onsaleTtlMs` per process, whatever the
 * number of watchers): the database is not asked per tick per browser. It is asked again for a watcher only when its
 * entry must change: the early arrivals at the opening (placed once, and their places read in one query per process). An admitted watcher is told so and its
 * stream ends; the page then asks the status endpoint, which issues the pass as a cookie (a stream cannot set one).
 */
export class QueueLive {
  private readonly watchers = new Set<LiveWatcher>();
  private readonly onsales = new Map<number, CachedOnsale>();
  private readonly busy = new WeakSet<LiveWatcher>();
  private readonly opened = new WeakMap<LiveWatcher, number>();
  /** Per on-sale, the early arrivals' places being read at the opening (one batch for this process's streams). */
  private readonly placing = new Map<number, Promise<Map<number, QueueEntry>>>();
  private ticker: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly tickMs: number;
  private readonly heartbeatMs: number;
  private readonly onsaleTtlMs: number;
  private readonly maxStreamMs: number;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    options: LiveOptions = {},
  ) {
    this.tickMs = options.tickMs ?? 1000;
    this.heartbeatMs = options.heartbeatMs ?? 15_000;
    this.onsaleTtlMs = options.onsaleTtlMs ?? 2000;
    this.maxStreamMs = options.maxStreamMs ?? 10 * 60_000;
  }

  get size(): number {
    return this.watchers.size;
  }

  /** The on-sale's row as this process last read it, read again when older than the TTL (one read at a time). */
  async onsale(id: number): Promise<Onsale | undefined> {
    const cached = this.onsales.get(id);
    if (cached && Date.now() - cached.readAt <= this.onsaleTtlMs) return cached.row;
    if (cached?.reading) {
      await cached.reading;
      return this.onsales.get(id)?.row;
    }
    const entry: CachedOnsale = cached ?? { row: undefined, readAt: 0, reading: null };
    entry.reading = loadOnsale(this.db, id).then(
      (row) => {
        entry.row = row;
        entry.readAt = Date.now();
        entry.reading = null;
      },
      (error: unknown) => {
        entry.reading = null;
        throw error;
      },
    );
    this.onsales.set(id, entry);
    await entry.reading;
    return entry.row;
  }

  /** Starts a watcher: its status at once, then every tick until a final state, the stream's end or a disconnect. */
  add(watcher: LiveWatcher): void {
    this.watchers.add(watcher);
    this.opened.set(watcher, Date.now());
    if (!this.ticker) {
      this.ticker = setInterval(() => this.tick(), this.tickMs);
      this.heartbeat = setInterval(() => {
        for (const w of this.watchers) w.ping();
      }, this.heartbeatMs);
    }
    void this.update(watcher);
  }

  /** Forgets a watcher (its browser went away, or its stream ended). */
  remove(watcher: LiveWatcher): void {
    this.watchers.delete(watcher);
    if (this.watchers.size === 0) this.idle();
  }

  /** Ends every stream (the server is closing). */
  stop(): void {
    for (const watcher of [...this.watchers]) this.finish(watcher);
    this.idle();
  }

  private idle(): void {
    clearInterval(this.ticker);
    clearInterval(this.heartbeat);
    this.ticker = undefined;
    this.heartbeat = undefined;
  }

  private finish(watcher: LiveWatcher): void {
    this.remove(watcher);
    watcher.end();
  }

  private tick(): void {
    const now = Date.now();
    for (const watcher of this.watchers) {
      if (now - (this.opened.get(watcher) ?? now) >= this.maxStreamMs) this.finish(watcher);
      else void this.update(watcher);
    }
  }

  /**
   * At the opening, the places of this process's early arrivals: the draw is made once (placeEarlyArrivals, which
   * every process may call: the first does it) and their entries read in one query, rather than a join per stream at
   * the busiest moment of the on-sale.
   */
  private placesAtOpening(onsaleId: number): Promise<Map<number, QueueEntry>> {
    const pending = this.placing.get(onsaleId);
    if (pending) return pending;
    const sessions = [...this.watchers]
      .filter((watcher) => watcher.onsaleId === onsaleId && watcher.entry.position === null)
      .map((watcher) => watcher.sessionId);
    const reading = (async () => {
      const onsale = await placeEarlyArrivals(this.db, onsaleId);
      if (onsale) this.onsales.set(onsaleId, { row: onsale, readAt: Date.now(), reading: null });
      const rows =
        sessions.length === 0
          ? []
          : await this.db
              .selectFrom('queue_entries')
              .selectAll()
              .where('onsale_id', '=', onsaleId)
              // One array parameter, however many streams wait (a list of parameters has a limit).
              .where(sql<boolean>`session_id = ANY(${sessions}::integer[])`)
              .execute();
      return new Map(rows.map((row) => [row.session_id, row]));
    })();
    this.placing.set(onsaleId, reading);
    const forget = () => this.placing.delete(onsaleId);
    reading.then(forget, forget);
    return reading;
  }

  /** One watcher's status now; never throws (a failed read is tried again next tick). */
  private async update(watcher: LiveWatcher): Promise<void> {
    if (this.busy.has(watcher)) return;
    this.busy.add(watcher);
    try {
      const onsale = await this.onsale(watcher.onsaleId);
      if (!this.watchers.has(watcher)) return;
      if (!onsale) return this.finish(watcher);
      const now = this.clock.now();
      const admission = admissionOf(onsale);
      if (watcher.entry.position === null && now.getTime() >= admission.opensAt.getTime()) {
        // The opening has come for an early arrival: the places are drawn now, in the database, once.
        const placed = (await this.placesAtOpening(watcher.onsaleId)).get(watcher.sessionId);
        if (placed && placed.position !== null) watcher.entry = placed;
        else {
          // Not in this process's batch (its stream opened meanwhile), or written after the draw: joined one by one.
          const joined = await joinQueue(this.db, watcher.onsaleId, watcher.sessionId, now);
          if (!joined) return this.finish(watcher);
          watcher.entry = joined.entry;
          this.onsales.set(watcher.onsaleId, { row: joined.onsale, readAt: Date.now(), reading: null });
        }
      }
      if (!this.watchers.has(watcher)) return;
      const status = statusFor(admissionOf(this.onsales.get(watcher.onsaleId)?.row ?? onsale), watcher.entry, now);
      watcher.send(status);
      if (FINAL.has(status.state)) this.finish(watcher);
    } catch {
      // The database did not answer this time: the next tick asks again.
    } finally {
      this.busy.delete(watcher);
    }
  }
}
