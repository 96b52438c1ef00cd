import type { Clock } from '../clock';

/**
 * Reserve attempts per client address in a sliding window, kept in this process's memory: the check costs no
 * database round trip on the hot path. Several api replicas each count their own share (a client spread over N
 * replicas gets up to N times the limit before a captcha), which is acceptable for a bot brake.
 */
export class ReserveAttempts {
  private readonly byAddress = new Map<string, number[]>();
  private recordsSinceSweep = 0;

  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number,
    /** Addresses tracked at most; the oldest are dropped beyond it (memory stays bounded under a flood). */
    private readonly maxAddresses = 100_000,
  ) {}

  /** Records an attempt now and returns how many this address made within the window, this one included. */
  record(address: string): number {
    const now = this.clock.now().getTime();
    const since = now - this.windowMs;
    const times = (this.byAddress.get(address) ?? []).filter((at) => at > since);
    times.push(now);
    // Re-inserted so the map's order is least recently seen first.
    this.byAddress.delete(address);
    this.byAddress.set(address, times);
    this.recordsSinceSweep += 1;
    if (this.recordsSinceSweep >= 1000 || this.byAddress.size > this.maxAddresses) this.sweep(since);
    return times.length;
  }

  private sweep(since: number): void {
    this.recordsSinceSweep = 0;
    for (const [address, times] of this.byAddress) {
      if (this.byAddress.size <= this.maxAddresses && times.some((at) => at > since)) continue;
      this.byAddress.delete(address);
    }
  }

  /** Addresses tracked (tests). */
  get size(): number {
    return this.byAddress.size;
  }
}
