import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDistDir = config.webDistDir ?? path.resolve(here, '../../web/dist');

  const database = await openDatabase(config);
  await database.migrate();
  if (config.seedDemoData) await seedDemoData(database.db);

  const app = await buildApp({ config: { ...config, webDistDir }, database });
  app.log.info({ database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined }, 'database ready');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const forced = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forced.unref();
    try {
      await app.close();
      await database.close();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('TesterHub failed to start:', error);
  }
  process.exit(1);
});
