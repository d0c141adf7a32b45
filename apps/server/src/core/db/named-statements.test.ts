import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { createStatementNamer, inTransaction, resultRows } from './client.ts';

/**
 * Drizzle's statements are named on PostgreSQL (issue 27; decision 109): each connection parses a
 * statement once and afterwards only binds and runs it. The job queue's plain SQL stays unnamed.
 */
describe('createStatementNamer', () => {
  it('gives one text one name, another text another, and no new name past its limit', () => {
    const nameOf = createStatementNamer(2);
    const first = nameOf('select 1 where $1');
    expect(first).toBeDefined();
    expect(nameOf('select 1 where $1')).toBe(first);
    const second = nameOf('select 2 where $1');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(nameOf('select 3 where $1')).toBeUndefined();
    expect(nameOf('select 2 where $1')).toBe(second);
  });
});

describe.skipIf(inject('testDatabase')?.kind !== 'postgres')('the PostgreSQL pool', () => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
  });
  afterAll(async () => {
    await testDatabase.dispose();
  });

  /** The connection's prepared statements whose text holds `marker`. */
  const preparedWith = async (tx: Parameters<Parameters<typeof inTransaction>[1]>[0], marker: string) =>
    resultRows<{ name: string }>(
      await tx.execute(sql.raw(`select name from pg_prepared_statements where statement like '%${marker}%' and not from_sql`)),
    );

  it('parses a Drizzle statement with values once per connection, under one name', async () => {
    const db = testDatabase.database.db;
    await inTransaction(db, async (tx) => {
      for (let run = 0; run < 3; run += 1) await tx.execute(sql`select ${run}::int as named_probe`);
      const named = await preparedWith(tx, 'named_probe');
      expect(named).toHaveLength(1);
    });
  });
});
