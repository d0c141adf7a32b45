/**
 * Writes the blank PGlite cluster (BLANK_CLUSTER_FILE, decision 155) beside itself: run by build.mjs
 * once the bundle is made, so that a first start on a new folder loads it instead of running initdb.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite, writeBlankCluster } from './core/db/client.ts';

const database = await openPglite({});
try {
  await writeBlankCluster(database, path.dirname(fileURLToPath(import.meta.url)));
} finally {
  await database.close();
}
