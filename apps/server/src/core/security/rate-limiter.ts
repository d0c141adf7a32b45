/**
 * Fixed-window counters in memory. One server process serves the site (decision 008); with
 * several, this moves to the database. Keys name what is limited: "login:user:alice", "login:ip:1.2.3.4".
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; false once the key has used up its window. */
  hit(key: string): boolean {
    const time = this.now();
    const current = this.windows.get(key);
    if (!current || current.resetAt <= time) {
      this.windows.set(key, { count: 1, resetAt: time + this.windowMs });
      this.sweep(time);
      return true;
    }
    current.count += 1;
    return current.count <= this.limit;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(time: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= time) this.windows.delete(key);
  }
}
