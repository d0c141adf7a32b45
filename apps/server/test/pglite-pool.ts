import type { PGlite } from '@electric-sql/pglite';
import { createPgliteClient } from '../src/core/db/client.ts';

/**
 * A Vitest worker's PGlite copies of the template, kept between test files (decision 158). Loading the
 * template into a new PGlite costs about 0.4 s of CPU, some 170 times a run; a copy a file has finished
 * with is put back to the template's state instead, in a fraction of that: only the tables a file wrote
 * to get the template's rows again, and only the sequences it moved their values. A copy whose schema
 * changed (a table, type or function made or dropped; the job queue's own schema) or that was closed
 * is not kept. A file still gets a copy of its own, as the template left it.
 */

/** The template's state, read once per worker from the first copy before any file used it. */
interface TemplateState {
  /** Every table outside the system schemas, by oid (the same in every copy): its quoted name and its rows as COPY text, if any. */
  tables: Map<number, { name: string; rows?: Blob }>;
  /** Every sequence, by quoted name: the value a copy of the template starts from. */
  sequences: Map<string, { lastValue: string | null; startValue: string }>;
  /** The catalog's size: a copy whose schema changed is not put back. */
  catalog: string;
}

/** What a copy had written to each table when it was last at the template's state (the statistics' counters). */
type WriteCounts = Map<number, string>;

const idle: PGlite[] = [];
const writesAtTemplate = new WeakMap<PGlite, WriteCounts>();
let templateState: Promise<TemplateState> | undefined;

const CATALOG_SIZE = `select concat_ws(' ',
  (select count(*) from pg_class), (select max(oid) from pg_class),
  (select count(*) from pg_type), (select count(*) from pg_proc), (select count(*) from pg_namespace)) as catalog`;

const TABLE_WRITES = `select relid::int8 as oid,
  concat_ws(' ', n_tup_ins + n_tup_upd + n_tup_del, pg_relation_filenode(relid)) as writes
  from pg_stat_user_tables`;

/** A copy of the template for one test file: one put back by an earlier file if the worker has one. */
export async function takePgliteCopy(template: () => Blob): Promise<PGlite> {
  const kept = idle.pop();
  if (kept) return kept;
  const client = await createPgliteClient({ loadDataDir: template() });
  templateState ??= readTemplateState(client);
  await templateState;
  writesAtTemplate.set(client, await tableWrites(client));
  return client;
}

/** Puts a copy a file has finished with back to the template's state for the next file, or closes it. */
export async function returnPgliteCopy(client: PGlite): Promise<void> {
  if (client.closed) return;
  const template = await templateState;
  const written = writesAtTemplate.get(client);
  if (template && written && (await putBack(client, template, written))) {
    idle.push(client);
    return;
  }
  await client.close().catch(() => undefined);
}

async function readTemplateState(client: PGlite): Promise<TemplateState> {
  const tables = new Map<number, { name: string; rows?: Blob }>();
  const { rows: tableRows } = await client.query<{ oid: number; name: string }>(
    `select c.oid::int8 as oid, format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
  );
  for (const { oid, name } of tableRows) {
    const { blob } = await client.query(`COPY ${name} TO '/dev/blob'`);
    tables.set(Number(oid), { name, rows: blob?.size ? blob : undefined });
  }
  const sequences = new Map((await sequenceValues(client)).map(({ name, ...values }) => [name, values]));
  return { tables, sequences, catalog: await catalogSize(client) };
}

/** Every sequence's value as `setval` takes it back (a sequence never used has no last value). */
async function sequenceValues(client: PGlite) {
  const { rows } = await client.query<{ name: string; lastValue: string | null; startValue: string }>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text as "lastValue", start_value::text as "startValue" from pg_sequences`,
  );
  return rows;
}

async function catalogSize(client: PGlite): Promise<string> {
  return (await client.query<{ catalog: string }>(CATALOG_SIZE)).rows[0]!.catalog;
}

/** Each table's write counter and file, as the statistics have them once this session's are flushed. */
async function tableWrites(client: PGlite): Promise<WriteCounts> {
  // A backend hands its counters over at the end of a transaction at most once a second, unless told.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ oid: number; writes: string }>(TABLE_WRITES);
  return new Map(rows.map(({ oid, writes }) => [Number(oid), writes]));
}

/** True when the copy is at the template's state again; false when its schema changed (it is closed then). */
async function putBack(client: PGlite, template: TemplateState, written: WriteCounts): Promise<boolean> {
  // What a file may have left in the session: a transaction, prepared statements, listens, locks, settings.
  await client.exec('ROLLBACK; DEALLOCATE ALL; UNLISTEN *; RESET ALL').catch(() => undefined);
  await client.query('select pg_advisory_unlock_all()');
  if ((await catalogSize(client)) !== template.catalog) return false;

  const now = await tableWrites(client);
  const dirty = [...now].filter(([oid, writes]) => written.get(oid) !== writes).map(([oid]) => template.tables.get(oid));
  if (dirty.some((table) => !table)) return false;
  if (dirty.length > 0) {
    // Without the foreign keys' triggers: the tables are emptied and filled one at a time.
    await client.exec(`SET session_replication_role = replica; ${dirty.map((table) => `DELETE FROM ${table!.name};`).join(' ')}`);
    for (const table of dirty) {
      if (table!.rows) await client.query(`COPY ${table!.name} FROM '/dev/blob'`, [], { blob: table!.rows });
    }
    await client.exec('RESET session_replication_role');
  }

  const moved = (await sequenceValues(client)).filter(({ name, lastValue }) => template.sequences.get(name)?.lastValue !== lastValue);
  if (moved.some(({ name }) => !template.sequences.has(name))) return false;
  for (const { name } of moved) {
    const { lastValue, startValue } = template.sequences.get(name)!;
    await client.query('select setval($1::regclass, $2::int8, $3)', [name, lastValue ?? startValue, lastValue !== null]);
  }
  writesAtTemplate.set(client, await tableWrites(client));
  return true;
}
