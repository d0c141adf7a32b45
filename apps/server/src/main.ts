import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './core/config/env.ts';
import { openDatabase, type DatabaseHandle } from './core/db/client.ts';
import { seedDemoData } from './core/db/seed.ts';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The device cookie's key in production when DEVICE_COOKIE_SECRET is unset: made once and kept in
 * DATA_DIR (readable by this user only), so device cookies outlive a restart. Several instances
 * must share DEVICE_COOKIE_SECRET instead (docs/decisions/013).
 */
function storedDeviceCookieSecret(dataDir: string): string {
  const file = path.join(dataDir, 'device-cookie-secret');
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

let app: FastifyInstance | undefined;
let database: DatabaseHandle | undefined;
let stopping = false;

/** Stop accepting, let requests in flight finish, close the database; forced exit after the grace period. */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  const log = (message: string) => (app ? app.log.info({ signal }, message) : console.log(`${message} (${signal})`));
  log('shutting down: no new connections, finishing requests in flight');
  const forced = setTimeout(() => {
    console.error('shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  forced.unref();
  try {
    await app?.close();
    await database?.close();
    log('shut down cleanly');
    process.exit(0);
  } catch (error) {
    console.error('error during shutdown', error);
    process.exit(1);
  }
}

async function main() {
  // Registered first, so a signal during migration or seeding still closes the database cleanly.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const loaded = loadConfig();
  const config =
    loaded.isProduction && !loaded.deviceCookieSecret
      ? { ...loaded, deviceCookieSecret: storedDeviceCookieSecret(loaded.dataDir) }
      : loaded;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDistDir = config.webDistDir ?? path.resolve(here, '../../web/dist');

  database = await openDatabase(config);
  await database.migrate();
  if (config.seedDemoData) await seedDemoData(database.db);
  if (stopping) return;

  app = await buildApp({ config: { ...config, webDistDir }, database });
  app.log.info({ database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined }, 'database ready');
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : 'TesterHub failed to start:', error instanceof ConfigError ? '' : error);
  process.exit(1);
});
