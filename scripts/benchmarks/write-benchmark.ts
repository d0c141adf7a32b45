// What the write-throughput benchmarks share (GUIDE section 8's write budget): a fresh database of
// their own, tester sessions written straight into it, and an autocannon target that counts the
// answers' status values, so a refusal shows.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from '../../apps/server/src/core/db/client.ts';

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

/** A tester's session token is `${secret}-${username}`; the database keeps its SHA-256 in base64url, as hashToken writes it. */
export function benchSessions() {
  const secret = randomBytes(12).toString('hex');
  return {
    cookieOf: (username: string) => `th_session=${secret}-${username}`,
    /** A live session for every tester whose username matches `pattern` (a regular expression). */
    insertFor: (database: DatabaseHandle, pattern: string) =>
      database.db.execute(sql`
        insert into sessions (id_hash, tester_id, expires_at)
        select translate(rtrim(encode(sha256(convert_to(${secret} || '-' || username, 'UTF8')), 'base64'), '='), '+/', '-_'),
          id, now() + interval '1 day'
        from testers where username ~ ${pattern}`),
  };
}

/** An autocannon target whose every request is `next()`'s: its cookie and body; answers are counted by status. */
export function countingTarget(name: string, url: string, next: () => { cookie: string; body: string }, statuses: Map<string, number>) {
  const path = new URL(url).pathname;
  return {
    name,
    url,
    options: {
      requests: [
        {
          method: 'POST',
          path,
          setupRequest: (request: { headers?: Record<string, string> }) => {
            const { cookie, body } = next();
            return { ...request, method: 'POST', headers: { ...request.headers, 'content-type': 'application/json', cookie }, body };
          },
          onResponse: (status: number, body: string) => {
            let answer = `HTTP ${status}`;
            try {
              if (status === 200) answer = (JSON.parse(body) as { status: string }).status;
            } catch {
              /* counted as the HTTP status */
            }
            statuses.set(answer, (statuses.get(answer) ?? 0) + 1);
          },
        },
      ],
    },
  };
}
