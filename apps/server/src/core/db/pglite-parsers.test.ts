import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { resultRows } from './client.ts';

/**
 * PGlite keeps Drizzle's parsers in its own table instead of receiving them with every query
 * (pglite-parsers.ts): Drizzle still reads dates, intervals and numeric arrays as text, and the
 * plain-SQL door still gives what PGlite and node-postgres give (pg-boss reads its Dates there).
 */
describe.skipIf(inject('testDatabase')?.kind !== 'pglite')('PGlite’s parsers kept for Drizzle', () => {
  let copy: TestDatabase;
  beforeAll(async () => {
    copy = await createTestDatabase();
  });
  afterAll(async () => {
    await copy?.dispose();
  });

  const columns = `'2026-01-02 03:04:05+00'::timestamptz AS at, '2026-01-02 03:04:05'::timestamp AS local,
    '2026-01-02'::date AS day, interval '1 day' AS span, ARRAY['2026-01-02 03:04:05+00'::timestamptz] AS ats,
    ARRAY[1.50]::numeric[] AS amounts`;

  it('Drizzle reads them as text, in a transaction too', async () => {
    const expected = {
      at: '2026-01-02 03:04:05+00',
      local: '2026-01-02 03:04:05',
      day: '2026-01-02',
      span: '1 day',
      ats: '{"2026-01-02 03:04:05+00"}',
      amounts: '{1.50}',
    };
    expect(resultRows(await copy.database.db.execute(sql.raw(`SELECT ${columns}`)))).toEqual([expected]);
    const inTransaction = await copy.database.db.transaction(async (tx) => resultRows(await tx.execute(sql.raw(`SELECT ${columns}`))));
    expect(inTransaction).toEqual([expected]);
  });

  it('the plain-SQL door parses them as PGlite does by default, with values and without', async () => {
    const expected = {
      at: new Date('2026-01-02T03:04:05Z'),
      local: new Date('2026-01-02 03:04:05'),
      day: new Date('2026-01-02'),
      span: '1 day',
      ats: [new Date('2026-01-02T03:04:05Z')],
      amounts: ['1.50'],
    };
    expect((await copy.database.executeSql(`SELECT ${columns}`)).rows).toEqual([expected]);
    expect((await copy.database.executeSql(`SELECT ${columns}, $1::int AS n`, [1])).rows).toEqual([{ ...expected, n: 1 }]);
  });
});
