import type { EventEmitter } from 'node:events';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How long the server must go without a request before the collection: idle for good, not between two clicks. */
export const IDLE_COLLECTION_QUIET_MS = 5_000;

/**
 * V8's full garbage collection: the global `gc` when the process runs with --expose-gc, otherwise
 * the same function made available here (a fresh context gets it once the flag is set), so that
 * the server collects however it was started (npm start, a test run's `node dist/main.js`).
 */
export function fullGarbageCollection(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Runs `collect` once the HTTP server has had no request for a whole `quietMs` after some had come
 * (between one and two `quietMs` after the last one), and not again until requests come back.
 *
 * For the embedded database (PGlite; decision 015, "After use"): after use the V8 heap held up to three times
 * the live data, garbage V8 never collected at rest because the job queue's polling keeps it from
 * counting the process as idle; a full collection brings it back to a fresh start's figure. One
 * counter per request, and a timer that keeps no process alive.
 */
export function collectGarbageWhenIdle(server: EventEmitter, options: { quietMs: number; collect: () => void }): void {
  let requests = 0;
  let requestsAtLastLook = 0;
  let requestsAtLastCollection = 0;
  server.on('request', () => {
    requests += 1;
  });
  const timer = setInterval(() => {
    if (requests !== requestsAtLastLook) {
      // Requests came since the last look: not quiet for a whole period yet.
      requestsAtLastLook = requests;
      return;
    }
    if (requests === requestsAtLastCollection) return;
    requestsAtLastCollection = requests;
    options.collect();
  }, options.quietMs);
  timer.unref();
  server.once('close', () => clearInterval(timer));
}
