import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, inject, it } from 'vitest';
import { pgliteHandle } from '../src/core/db/client.ts';
import { createStudy, createTester } from './factories.ts';
import { returnPgliteCopy, takePgliteCopy } from './pglite-pool.ts';
import { createTestDatabase, pgliteTemplate } from './test-app.ts';

/** Every table's rows (a digest of them in a fixed order) and every sequence's value. */
async function contents(client: PGlite): Promise<Record<string, string | null>> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables order by 1`,
  );
  const found: Record<string, string | null> = {};
  for (const { name } of tables) {
    const { rows } = await client.query<{ digest: string | null }>(
      `select md5(string_agg(t::text, E'\\n' order by t::text)) as digest from ${name} as t`,
    );
    found[name] = rows[0]!.digest;
  }
  const { rows: sequences } = await client.query<{ name: string; value: string | null }>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value from pg_sequences`,
  );
  for (const { name, value } of sequences) found[`sequence ${name}`] = value;
  return found;
}

/** The worker's PGlite copies between test files (decision 158). */
describe.skipIf(inject('testDatabase')?.kind !== 'pglite')('a PGlite copy put back between test files', () => {
  it('comes to the next file with the template’s rows and sequences, whatever the file wrote, deleted or moved', async () => {
    const first = await takePgliteCopy(pgliteTemplate);
    const atTemplate = await contents(first);
    const database = pgliteHandle(first);
    // Rows where the template has none and beside its own, an update and a delete of its rows, a
    // sequence moved, and a write rolled back: each must be gone for the next file.
    await createTester(database.db, { email: 'pool-probe@example.com' });
    await createStudy(database.db);
    await database.executeSql("UPDATE faqs SET question = question || ' (changed)'");
    await database.executeSql('SET session_replication_role = replica; DELETE FROM winners; RESET session_replication_role');
    const [sequence] = (await database.executeSql(`SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences LIMIT 1`))
      .rows as { name: string }[];
    await database.executeSql(`SELECT nextval('${sequence!.name}')`);
    await database.executeSql('BEGIN; SET LOCAL session_replication_role = replica; DELETE FROM test_sites; ROLLBACK');
    // A file that ends inside a transaction with a setting of its own.
    await database.executeSql("BEGIN; SET LOCAL statement_timeout = '1s'; SET TIME ZONE 'Asia/Tokyo'");
    expect(await contents(first).catch(() => undefined)).not.toEqual(atTemplate);
    await returnPgliteCopy(first);

    const next = await takePgliteCopy(pgliteTemplate);
    expect(next).toBe(first);
    expect(await contents(next)).toEqual(atTemplate);
    expect((await next.query<{ TimeZone: string }>('SHOW TIME ZONE')).rows[0]!.TimeZone).not.toBe('Asia/Tokyo');
    await returnPgliteCopy(next);
  });

  it('is what createTestDatabase hands the next file: the same instance, not a new load of the template', async () => {
    const startedAt = 'SELECT pg_postmaster_start_time()::text AS at';
    const first = await createTestDatabase();
    const started = (await first.database.executeSql(startedAt)).rows;
    await first.dispose();
    const second = await createTestDatabase();
    expect((await second.database.executeSql(startedAt)).rows).toEqual(started);
    await second.dispose();
    // A new instance starts at another moment: the check above can tell them apart.
    const beside = await createTestDatabase();
    const other = await createTestDatabase();
    expect((await other.database.executeSql(startedAt)).rows).not.toEqual((await beside.database.executeSql(startedAt)).rows);
    await Promise.all([beside.dispose(), other.dispose()]);
  });

  it('is not kept when the file changed the schema or closed it', async () => {
    const changed = await takePgliteCopy(pgliteTemplate);
    await changed.exec('CREATE TABLE pool_probe (id int)');
    await returnPgliteCopy(changed);
    expect(changed.closed).toBe(true);

    const closed = await takePgliteCopy(pgliteTemplate);
    await closed.close();
    await returnPgliteCopy(closed);
    const next = await takePgliteCopy(pgliteTemplate);
    expect(next).not.toBe(closed);
    expect(next.closed).toBe(false);
    await returnPgliteCopy(next);
  });
});
