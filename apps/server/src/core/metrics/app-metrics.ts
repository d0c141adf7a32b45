import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { createRouteDurationHistogram } from './route-histogram.ts';

/** Every series of the app starts with this, the default ones (event loop, heap, GC) too. */
export const METRICS_PREFIX = 'testerhub_';

/** A scrape-time reading (the pool, the job queue, the outbox) that has not answered by then is left out of that scrape. */
const SOURCE_TIMEOUT_MS = 2_000;

/** Seconds; the answers the budgets care about sit between 5 ms and 1 s (docs/decisions/094). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The database pool as pg reports it; PGlite has no pool and reports nothing. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** A job queue's jobs waiting to run (created or retrying) and those that failed for good. */
export interface QueueStats {
  queue: string;
  waiting: number;
  failed: number;
}

/** Messages not yet sent and when the oldest of them was queued. */
export interface OutboxBacklog {
  unsent: number;
  oldestQueuedAt: Date | null;
}

/** Why a login was refused: wrong credentials, a rate limit, or an account that may not log in yet. */
export type LoginRefusal = 'credentials' | 'rateLimited' | 'notConfirmed' | 'disabled';

/**
 * The app's metrics (docs/decisions/094): one registry per app, never prom-client's global one
 * (tests build several apps in one process). Counters are cheap and always there; what is read at
 * scrape time comes from sources the modules hand in; the default metrics (event-loop lag, heap,
 * GC) and the listener only when METRICS_PORT turns them on.
 */
export function createAppMetrics(options: { now: () => number; withDefaults: boolean }) {
  const registry = new Registry();
  const registers = [registry];
  if (options.withDefaults) collectDefaultMetrics({ register: registry, prefix: METRICS_PREFIX });

  const sourceFailures = new Counter({
    name: `${METRICS_PREFIX}metrics_source_failures_total`,
    help: 'Scrape-time readings that failed or took longer than 2 s, by source (their series are NaN or left out in that scrape).',
    labelNames: ['source'],
    registers,
  });

  /** Reads a source with a time limit; undefined (and counted) when it fails or is late. */
  async function read<T>(source: string, reader: () => Promise<T>): Promise<T | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${source} took longer than ${SOURCE_TIMEOUT_MS} ms`)), SOURCE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([reader(), late]);
    } catch {
      sourceFailures.inc({ source });
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  let queueSource: (() => Promise<QueueStats[]>) | undefined;
  let outboxSource: (() => Promise<OutboxBacklog>) | undefined;

  // One reading per scrape serves both gauges of a source: whichever collects first starts it.
  let scrapeNumber = 0;
  function sharedReading<T>(reader: () => Promise<T>): () => Promise<T> {
    let reading: Promise<T> | undefined;
    let readFor = -1;
    return () => {
      if (!reading || readFor !== scrapeNumber) {
        readFor = scrapeNumber;
        reading = reader();
      }
      return reading;
    };
  }
  const readQueues = sharedReading(() => (queueSource ? read('jobQueue', queueSource) : Promise.resolve(undefined)));
  const queueGauge = (name: string, help: string, field: 'waiting' | 'failed') =>
    new Gauge({
      name: `${METRICS_PREFIX}job_queue_${name}`,
      help,
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        for (const stats of (await readQueues()) ?? []) this.set({ queue: stats.queue }, stats[field]);
      },
    });
  queueGauge('waiting', 'Jobs waiting to run (created or retrying), by queue.', 'waiting');
  queueGauge('failed', 'Jobs that failed for good and are not yet archived, by queue.', 'failed');

  const readOutbox = sharedReading(() => (outboxSource ? read('outbox', outboxSource) : Promise.resolve(undefined)));
  new Gauge({
    name: `${METRICS_PREFIX}mail_outbox_unsent`,
    help: 'E-mails in the outbox not yet sent.',
    registers,
    async collect() {
      // NaN (unknown) when the reading failed: never a reassuring 0 (decision 094).
      this.set((await readOutbox())?.unsent ?? Number.NaN);
    },
  });
  new Gauge({
    name: `${METRICS_PREFIX}mail_outbox_oldest_unsent_seconds`,
    help: 'Age of the oldest unsent e-mail in the outbox (0 when none waits).',
    registers,
    async collect() {
      const backlog = await readOutbox();
      const queuedAt = backlog?.oldestQueuedAt?.getTime();
      this.set(!backlog ? Number.NaN : queuedAt === undefined ? 0 : Math.max(0, (options.now() - queuedAt) / 1000));
    },
  });

  const counter = (name: string, help: string, labelNames: string[] = []) =>
    new Counter({ name: `${METRICS_PREFIX}${name}`, help, labelNames, registers });

  return {
    registry,
    /** The exposition text: every source read once, afresh, before the metrics are written out. */
    async scrape(): Promise<string> {
      scrapeNumber += 1;
      // The readings first, so that a failure is in this scrape's failure counter (the registry serialises its metrics at once).
      await Promise.all([readQueues(), readOutbox()]);
      return registry.metrics();
    },
    http: {
      duration: createRouteDurationHistogram({
        name: `${METRICS_PREFIX}http_request_duration_seconds`,
        help: 'Time to answer a request, by method, route template (never the raw URL) and status class.',
        buckets: DURATION_BUCKETS,
        registers,
      }),
      inFlight: new Gauge({ name: `${METRICS_PREFIX}http_requests_in_flight`, help: 'Requests being answered now.', registers }),
    },
    loginsRefused: counter('logins_refused_total', 'Logins refused, by scope (tester, staff) and reason.', ['scope', 'reason']),
    rateLimitRefusals: counter('rate_limit_refusals_total', 'Attempts refused by a rate limit, by the limit’s name.', ['limit']),
    mailSendFailures: counter('mail_send_failures_total', 'E-mails the SMTP server did not take (each is retried later).'),
    jobFailures: counter('job_failures_total', 'Job runs that threw (pg-boss retries them), by queue.', ['queue']),
    business: {
      registrations: counter('registrations_total', 'Testers registered.'),
      screenings: counter('screenings_total', 'Screeners answered to the end, by outcome.', ['outcome']),
      bookings: counter('bookings_total', 'Sessions booked.'),
      cancellations: counter('cancellations_total', 'Bookings cancelled.'),
      attendances: counter('attendances_total', 'Bookings marked attended.'),
      coinsPaid: counter('coins_paid_total', 'Coins credited to testers.'),
      coinsSpent: counter('coins_spent_total', 'Coins testers spent.'),
    },
    /** The pool to report (PostgreSQL's; PGlite has none, and its series are left out): read at scrape, no SQL. */
    observePool(source: () => PoolStats) {
      const poolGauge = (name: string, help: string, field: keyof PoolStats) =>
        new Gauge({
          name: `${METRICS_PREFIX}db_pool_${name}`,
          help,
          registers,
          collect() {
            this.set(source()[field]);
          },
        });
      poolGauge('connections', 'Connections the database pool holds.', 'total');
      poolGauge('idle', 'Idle connections in the database pool.', 'idle');
      poolGauge('waiting', 'Queries waiting for a pool connection.', 'waiting');
    },
    /** The job queues to report; one reading per scrape. */
    observeJobQueues(source: () => Promise<QueueStats[]>) {
      queueSource = source;
    },
    /** The outbox to report; one reading per scrape. */
    observeOutbox(source: () => Promise<OutboxBacklog>) {
      outboxSource = source;
    },
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;

/**
 * The metrics listener: GET /metrics on its own port (loopback by default), nothing else. Not a
 * route of the app: the public port and the proxy never expose it (docs/decisions/094).
 */
export async function startMetricsListener(metrics: Pick<AppMetrics, 'registry' | 'scrape'>, where: { port: number; host: string }) {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at GET /metrics.\n');
      return;
    }
    metrics.scrape().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(request.method === 'HEAD' ? undefined : text),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected.\n'),
    );
  });
  // A scraper keeps its connection; short time-outs keep a stuck one from holding a socket.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    address: () => server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Prometheus's listener beside the app when `where` says so (METRICS_PORT): opened once the app
 * is ready, closed with it, its address on `app.metricsAddress` (decision 094).
 */
export function serveMetrics(
  app: FastifyInstance,
  metrics: Pick<AppMetrics, 'registry' | 'scrape'>,
  where: { port: number; host: string } | undefined,
) {
  if (!where) return;
  let listener: Awaited<ReturnType<typeof startMetricsListener>> | undefined;
  app.addHook('onReady', async () => {
    listener = await startMetricsListener(metrics, where);
    app.log.info({ metricsPort: listener.address().port, metricsHost: where.host }, 'metrics listening');
  });
  app.addHook('onClose', async () => listener?.close());
  app.decorate('metricsAddress', () => listener?.address());
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener's address once the app is ready (METRICS_PORT set); tests read the port of METRICS_PORT=0. */
    metricsAddress?: () => AddressInfo | undefined;
  }
}

/** The business counters a service moves once its unit of work has committed (afterCommit). */
export type BusinessCounters = AppMetrics['business'];
