import { useEffect, useState } from 'react';
import { logError } from '../lib/log';

type Entry = { promise: Promise<unknown>; data?: unknown; failed?: boolean };
const cache = new Map<string, Entry>();

export type QueryState<T> = { status: 'loading' } | { status: 'success'; data: T } | { status: 'error' };

function load(key: string, fetcher: () => Promise<unknown>): Entry {
  const existing = cache.get(key);
  if (existing && !existing.failed) return existing;
  const entry: Entry = { promise: Promise.resolve() };
  entry.promise = fetcher().then(
    (data) => {
      entry.data = data;
    },
    (error: unknown) => {
      entry.failed = true;
      logError(`request '${key}' failed`, error);
    },
  );
  cache.set(key, entry);
  return entry;
}

/**
 * Loads data once per page life and shares it between components: a second visit to the
 * same popup reads the cached answer (the FAQ list is "cached after the first load").
 * A failure is logged and reported as status 'error'; the caller shows nothing.
 *
 * For the public pages only (popups, home sections, registration lists), which keep this
 * small helper so TanStack Query stays out of their bundle. The tester portal uses TanStack
 * Query: one api/ file per call (decision 012).
 */
export function useCachedQuery<T>(key: string, fetcher: () => Promise<T>): QueryState<T> {
  const [state, setState] = useState<QueryState<T>>(() => {
    const entry = cache.get(key);
    return entry && 'data' in entry ? { status: 'success', data: entry.data as T } : { status: 'loading' };
  });

  useEffect(() => {
    let active = true;
    const entry = load(key, fetcher);
    void entry.promise.then(() => {
      if (!active) return;
      setState(entry.failed ? { status: 'error' } : { status: 'success', data: entry.data as T });
    });
    return () => {
      active = false;
    };
    // The fetcher is fixed per key; re-running on its identity would refetch on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return state;
}

/** For tests: forget every cached answer. */
export function clearQueryCache(): void {
  cache.clear();
}
