/**
 * Run by core/db/pglite-memory.test.ts as a process of its own (V8's compiler flags and the
 * resident memory are the whole process's), bundled with the server by the global setup: opens the
 * PGlite folder in DATA_DIR (argv[2]) the way the app does, through openDatabase, runs a fixed piece
 * of work like the app's (reads by key, writes, a sort), and prints as JSON how much resident memory
 * that added and the start parameters that bound the database's own memory.
 */
import fs from 'node:fs';
import { openDatabase } from '../src/core/db/client.ts';

/** Statement pairs (a read by key, a write) of the fixed work: enough for V8 to find PostgreSQL's hot functions. */
const ROUNDS = 1000;

const residentMb = () => Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-memory-probe.ts DATA_DIR');
const before = residentMb();
const database = await openDatabase({ databaseUrl: undefined, dataDir, requestTimeoutSeconds: 30 });
await database.executeSql('CREATE TEMP TABLE probe (id int PRIMARY KEY, visits int NOT NULL)');
await database.executeSql('INSERT INTO probe SELECT g, 0 FROM generate_series(1, 1000) g');
for (let round = 0; round < ROUNDS; round += 1) {
  const id = (round % 1000) + 1;
  await database.executeSql('SELECT c.relname, c.relpages FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = $1', [
    id,
  ]);
  await database.executeSql('UPDATE probe SET visits = visits + 1 WHERE id = $1', [id]);
}
await database.executeSql('SELECT count(*) FROM (SELECT md5(g::text) AS m FROM generate_series(1, 50000) g ORDER BY m) sorted');
const settings = await database.executeSql(
  "SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'work_mem', 'maintenance_work_mem', 'temp_buffers', 'wal_buffers') ORDER BY name",
);
const growthMb = residentMb() - before;
await database.close();
console.log(JSON.stringify({ growthMb, settings: settings.rows }));
