import { asc, eq, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { builtOnce } from './built-once.ts';
import { inTransaction, resultRows, type Database } from './client.ts';

/**
 * A statement built once and run on each call's executor (decision 150): it must run inside the
 * caller's unit of work (its writes roll back with it, its reads see the transaction's own rows),
 * with each call's values, and build its SQL only the first time. On this file's own database copy
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
let testDatabase: TestDatabase;
const db = (): Database => testDatabase.database.db;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await db().execute(sql`create table built_once_probe (label text not null)`);
});
afterAll(async () => {
  await testDatabase.dispose();
});

const probe = pgTable('built_once_probe', { label: text('label').notNull() });

let builds = 0;
const insertLabel = builtOnce(() => {
  builds += 1;
  return sql`insert into built_once_probe (label) values (${sql.placeholder('label')}) returning label`;
});
const labelled = builtOnce((database) =>
  database
    .select({ named: probe.label })
    .from(probe)
    .where(eq(probe.label, sql.placeholder('label')))
    .orderBy(asc(probe.label)),
);

const labels = async () =>
  resultRows<{ label: string }>(await db().execute(sql`select label from built_once_probe order by label`)).map((row) => row.label);

class Undo extends Error {}

describe('builtOnce', () => {
  it("runs in the caller's transaction: its write rolls back with it, and the transaction reads it before", async () => {
    const seenInside: string[] = [];
    await expect(
      inTransaction(db(), async (tx) => {
        await insertLabel(tx, { label: 'rolled back' });
        seenInside.push(
          ...resultRows<{ label: string }>(await tx.execute(sql`select label from built_once_probe`)).map((row) => row.label),
        );
        throw new Undo();
      }),
    ).rejects.toBeInstanceOf(Undo);
    expect(seenInside).toEqual(['rolled back']);
    expect(await labels()).toEqual([]);
  });

  it("takes each call's values, and builds its SQL the first time only", async () => {
    const answers = [];
    for (const label of ['a', 'b', 'c']) answers.push(resultRows<{ label: string }>(await insertLabel(db(), { label }))[0]?.label);
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(await labels()).toEqual(['a', 'b', 'c']);
    expect(builds).toBe(1);
  });

  it("maps a built select's rows to its named fields, as Drizzle does", async () => {
    expect(await labelled(db(), { label: 'b' })).toEqual([{ named: 'b' }]);
    expect(await labelled(db(), { label: 'none' })).toEqual([]);
  });
});
