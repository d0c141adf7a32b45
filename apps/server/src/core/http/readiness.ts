import { latestAppliedMigration, migrationsHead, type DatabaseHandle } from '../db/client.ts';

/** How long /api/ready waits for the database: a proxy polling every second must not pile up checks. */
export const READY_DATABASE_TIMEOUT_MS = 1000;

export interface ReadinessReport {
  ready: boolean;
  database: 'up' | 'down';
  /** current: this build's last migration is applied (or a newer build's); behind: not yet; unknown: the database did not answer. */
  migrations: 'current' | 'behind' | 'unknown';
  /** True from SIGTERM on: the instance finishes what it has and takes nothing new. */
  draining: boolean;
  /** Whether `ready` differs from the previous check's: worth a log line (a proxy asks every second). */
  changed: boolean;
}

/**
 * Whether this instance should be sent traffic (GET /api/ready, GUIDE section 11): the database
 * answers, its migrations are at this build's head, and the instance is not shutting down. One per
 * process, shared by its listeners (main.ts), so a SIGTERM turns all of them not-ready at once.
 */
export interface Readiness {
  /** From now on not ready: the listener stays open for the drain (main.ts) while proxies take the instance out. */
  startDraining(): void;
  check(): Promise<ReadinessReport>;
}

export function createReadiness(database: DatabaseHandle, options: { timeoutMs?: number } = {}): Readiness {
  const timeoutMs = options.timeoutMs ?? READY_DATABASE_TIMEOUT_MS;
  const head = migrationsHead();
  let draining = false;
  // Once at head the answer cannot go back (migrations only move forward): no more reads of the table.
  let migrationsAtHead = false;
  let lastReady: boolean | undefined;

  async function migrationsState(): Promise<ReadinessReport['migrations']> {
    if (migrationsAtHead) return 'current';
    migrationsAtHead = (await latestAppliedMigration(database).catch(() => 0)) >= head;
    return migrationsAtHead ? 'current' : 'behind';
  }

  return {
    startDraining() {
      draining = true;
    },
    async check() {
      const databaseUp = await withTimeout(database.ping(), timeoutMs).then(
        () => true,
        () => false,
      );
      const migrations = databaseUp ? await withTimeout(migrationsState(), timeoutMs).catch(() => 'unknown' as const) : 'unknown';
      const ready = databaseUp && migrations === 'current' && !draining;
      const changed = ready !== lastReady;
      lastReady = ready;
      return { ready, database: databaseUp ? 'up' : 'down', migrations, draining, changed };
    },
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  // A late failure of the abandoned work must not be reported as unhandled.
  work.catch(() => undefined);
  return Promise.race([work, timedOut]).finally(() => clearTimeout(timer));
}
