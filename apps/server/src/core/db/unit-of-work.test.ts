import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { afterCommit, inTransaction, resultRows, setAfterCommitErrorLog, type Database } from './client.ts';

/**
 * The unit of work's after-commit hook (issue 25, section 1; decision 016): callbacks run once the
 * outermost transaction has committed, in order, never on a rollback; a nested unit of work is a
 * savepoint whose callbacks wait for the outer commit and are dropped with it. On this file's own
 * database copy (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
let testDatabase: TestDatabase;
const db = (): Database => testDatabase.database.db;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await db().execute(sql`create table unit_of_work_probe (label text not null)`);
});
afterAll(async () => {
  await testDatabase.dispose();
});

/** The committed labels, read on the bare database: another connection on PostgreSQL, after the commit on PGlite. */
async function committedLabels(): Promise<string[]> {
  const rows = resultRows<{ label: string }>(await db().execute(sql`select label from unit_of_work_probe order by label`));
  return rows.map((row) => row.label);
}

const insert = (tx: Database, label: string) => tx.execute(sql`insert into unit_of_work_probe (label) values (${label})`);
const clear = () => db().execute(sql`delete from unit_of_work_probe`);

class Undo extends Error {}

describe('afterCommit', () => {
  it('runs the callbacks once, in order, after the commit, when the change is visible outside the transaction', async () => {
    await clear();
    const seen: { callback: string; labels: string[] }[] = [];
    const ran: string[] = [];
    const answer = await inTransaction(db(), async (tx) => {
      await insert(tx, 'a');
      afterCommit(tx, async () => seen.push({ callback: 'first', labels: await committedLabels() }));
      afterCommit(tx, () => ran.push('second'));
      expect(ran).toEqual([]);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(seen).toEqual([{ callback: 'first', labels: ['a'] }]);
    expect(ran).toEqual(['second']);
  });

  it('never runs a callback of a unit of work that rolled back', async () => {
    await clear();
    const ran: string[] = [];
    await expect(
      inTransaction(db(), async (tx) => {
        await insert(tx, 'b');
        afterCommit(tx, () => ran.push('rolled back'));
        throw new Undo();
      }),
    ).rejects.toBeInstanceOf(Undo);
    expect(ran).toEqual([]);
    expect(await committedLabels()).toEqual([]);
  });

  it('runs at once on the bare database, whose statements have committed', async () => {
    const ran: string[] = [];
    afterCommit(db(), () => ran.push('now'));
    expect(ran).toEqual(['now']);
  });

  it('logs a failing callback instead of throwing it into the committed caller, and runs the rest', async () => {
    await clear();
    const logged: unknown[] = [];
    const ran: string[] = [];
    setAfterCommitErrorLog((error) => logged.push(error));
    const failure = new Error('the nudge failed');
    await expect(
      inTransaction(db(), async (tx) => {
        await insert(tx, 'c');
        afterCommit(tx, () => {
          throw failure;
        });
        afterCommit(tx, () => ran.push('after the failure'));
      }),
    ).resolves.toBeUndefined();
    expect(logged).toEqual([failure]);
    expect(ran).toEqual(['after the failure']);
    expect(await committedLabels()).toEqual(['c']);
  });

  it('refuses a transaction not opened by inTransaction, whose commit it would never see', async () => {
    await db().transaction(async (tx) => {
      expect(() => afterCommit(tx as unknown as Database, () => undefined)).toThrow(/inTransaction/);
    });
  });
});

describe('a nested unit of work', () => {
  it('is a savepoint: its rollback keeps the outer work and drops its own callbacks', async () => {
    await clear();
    const ran: string[] = [];
    await inTransaction(db(), async (tx) => {
      await insert(tx, 'outer');
      afterCommit(tx, () => ran.push('outer'));
      await expect(
        inTransaction(
          db(),
          async (inner) => {
            await insert(inner, 'inner');
            afterCommit(inner, () => ran.push('inner'));
            throw new Undo();
          },
          tx,
        ),
      ).rejects.toBeInstanceOf(Undo);
      // The outer transaction is still usable after the savepoint rolled back (on PostgreSQL an
      // error without a savepoint would have aborted it).
      await insert(tx, 'outer-after');
    });
    expect(await committedLabels()).toEqual(['outer', 'outer-after']);
    expect(ran).toEqual(['outer']);
  });

  it('keeps its callbacks for the outer commit, in the order they were added', async () => {
    await clear();
    const ran: string[] = [];
    await inTransaction(db(), async (tx) => {
      afterCommit(tx, () => ran.push('outer before'));
      await inTransaction(
        db(),
        async (inner) => {
          await insert(inner, 'nested');
          afterCommit(inner, () => ran.push('nested'));
        },
        tx,
      );
      expect(ran).toEqual([]);
      afterCommit(tx, () => ran.push('outer after'));
    });
    expect(ran).toEqual(['outer before', 'nested', 'outer after']);
    expect(await committedLabels()).toEqual(['nested']);
  });

  it('drops the nested callbacks too when the outer transaction rolls back', async () => {
    await clear();
    const ran: string[] = [];
    await expect(
      inTransaction(db(), async (tx) => {
        await inTransaction(db(), async (inner) => afterCommit(inner, () => ran.push('nested')), tx);
        await insert(tx, 'lost');
        throw new Undo();
      }),
    ).rejects.toBeInstanceOf(Undo);
    expect(ran).toEqual([]);
    expect(await committedLabels()).toEqual([]);
  });
});
