/**
 * A read kept in memory for `ttlMs` and shared by the requests that arrive meanwhile: for
 * content only staff change (FAQs, winners, testimonials, test sites), so that a public page
 * does not cost a database query per visitor. A failed read is not kept. ttlMs 0: no keeping.
 */
export function cachedRead<T>(
  ttlMs: number,
  read: () => PromiseLike<T>,
  now: () => number = Date.now,
): (() => Promise<T>) & { /** Drops the kept copy: the next call reads again (a staff change, decision 057). */ forget: () => void } {
  let kept: { value: Promise<T>; from: number; until: number } | undefined;
  const forget = () => {
    kept = undefined;
  };
  const cached = () => {
    const time = now();
    // A clock set back (a test's fake clock, a corrected system clock) reads again rather than trust a copy from its future.
    if (kept && time >= kept.from && time < kept.until) return kept.value;
    // Settled once into a promise of our own: a query builder runs its query each time it is
    // awaited, so the failure handler below on the bare builder would have sent it a second time.
    const value = Promise.resolve(read());
    const entry = { value, from: time, until: time + ttlMs };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return value;
  };
  return Object.assign(cached, { forget });
}
