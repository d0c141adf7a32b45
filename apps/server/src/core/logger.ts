import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { AppConfig } from './config/env.ts';

/** A buffered line waits at most this long; a burst is written once this many bytes gather. */
const FLUSH_INTERVAL_MS = 1000;
const BATCH_BYTES = 4096;

/**
 * The server's logger: one JSON line per event on standard output. Lines are written in
 * batches (at least once a second, and at exit by pino itself) rather than with a system call
 * each: at one line per request that call alone cost about a tenth of an authenticated read
 * (docs/benchmarks.md). close() writes what is left.
 */
export function createLogger(level: AppConfig['logLevel']): { logger: FastifyBaseLogger; close(): void } {
  if (level === 'silent') return { logger: pino({ level }), close: () => undefined };
  const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  const timer = setInterval(() => destination.flush(), FLUSH_INTERVAL_MS);
  timer.unref();
  return {
    logger: pino({ level }, destination),
    close() {
      clearInterval(timer);
      destination.flushSync();
    },
  };
}
