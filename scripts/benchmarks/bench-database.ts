// A fresh database for one benchmark run, made and dropped by the benchmark itself.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * postgres: a fresh database on BENCH_DATABASE_URL (default the machine's testerhub role), its URL
 * and a drop for the end; pglite: nothing (the caller's DATA_DIR is the database).
 */
export async function benchDatabase(kind: 'pglite' | 'postgres', prefix: string) {
  if (kind !== 'postgres') return { databaseUrl: undefined, drop: async () => undefined };
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://testerhub:testerhub@127.0.0.1:5432/postgres';
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
