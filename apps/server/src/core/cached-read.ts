/**
 * A read kept in memory for `ttlMs` and shared by the requests that arrive meanwhile: for
 * content only staff change (FAQs, winners, testimonials, test sites), so that a public page
 * does not cost a database query per visitor. A failed read is not kept. ttlMs 0: no keeping.
 */
export function cachedRead<T>(ttlMs: number, read: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let kept: { value: Promise<T>; until: number } | undefined;
  return () => {
    const time = now();
    if (kept && time < kept.until) return kept.value;
    const value = read();
    const entry = { value, until: time + ttlMs };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return value;
  };
}
