import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type { Database, Executor } from './client.ts';
import type { Person, PersonPlaceholders } from './person.ts';

/** What Drizzle's session makes a runnable query from: the built text and parameters, the result's fields and mapping. */
type PrepareArguments = Parameters<PgSession['prepareQuery']>;

/** A query Drizzle can prepare (a select, an insert, an update), answering `Result`. */
interface Preparable<Result> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Result> };
}

/** The values of a statement's placeholders, by name. */
type PlaceholderValues = Record<string, unknown>;

const dialect = new PgDialect();

/**
 * A statement built into SQL once, on its first call, and run on whichever executor each call
 * holds: the database, or the transaction of a unit of work (issue 27; decision 150). Building a
 * statement (Drizzle's `sqlToQuery`, its column lists and `is` checks) was about 14 % of a
 * write's CPU, paid again on every call. Drizzle's own `.prepare()` ties the query to the executor
 * it was built on, so a query prepared on `db` would run outside the caller's transaction: this
 * keeps what `.prepare()` builds and hands it to the executor's session each call.
 *
 * `build` gets a database to build on and returns a Drizzle query (with `sql.placeholder(name)`
 * for what changes between calls) or a piece of SQL (run like `db.execute`: its rows as the
 * driver answers them). The values are given by name on each call. The statement is sent unnamed
 * by Drizzle; the PostgreSQL pool names it by its text (decision 109).
 */
export function builtOnce<Result>(
  build: (db: Database) => Preparable<Result>,
): (executor: Executor, values: PlaceholderValues) => Promise<Result>;
export function builtOnce(build: (db: Database) => SQL): (executor: Executor, values: PlaceholderValues) => Promise<unknown>;
export function builtOnce<Result>(
  build: (db: Database) => Preparable<Result> | SQL,
): (executor: Executor, values: PlaceholderValues) => Promise<Result> {
  let built: { prepareArguments: PrepareArguments; joinsNotNullableMap: unknown } | undefined;

  function buildOn(executor: Executor) {
    const session = executor._.session;
    let prepareArguments: PrepareArguments | undefined;
    // The same database, its session noting what the query hands it instead of running anything.
    const noting = Object.create(session, {
      prepareQuery: {
        value: (...args: PrepareArguments) => {
          prepareArguments = args;
          return session.prepareQuery(...args);
        },
      },
    }) as PgSession;
    const recorder = Object.create(executor, {
      session: { value: noting },
      _: { value: { ...executor._, session: noting } },
    }) as Database;
    const query = build(recorder);
    if (!('prepare' in query))
      return {
        prepareArguments: [dialect.sqlToQuery(query), undefined, undefined, false] as PrepareArguments,
        joinsNotNullableMap: undefined,
      };
    const prepared = query.prepare('built-once') as { joinsNotNullableMap?: unknown };
    if (!prepareArguments) throw new Error('builtOnce: the query did not prepare through its session.');
    // Unnamed: the pool's connections name statements by their text (decision 109).
    prepareArguments[2] = undefined;
    return { prepareArguments, joinsNotNullableMap: prepared.joinsNotNullableMap };
  }

  return (executor, values) => {
    built ??= buildOn(executor);
    const runnable = executor._.session.prepareQuery(...built.prepareArguments) as unknown as {
      joinsNotNullableMap?: unknown;
      execute(values: Record<string, unknown>): Promise<Result>;
    };
    runnable.joinsNotNullableMap = built.joinsNotNullableMap;
    return runnable.execute(values);
  };
}

/**
 * A piece of SQL about one person, built once in its two shapes (decision 150): the tester's own
 * (`child_id is null`, as `isChild` writes it) and a child's (`child_id =` the childId placeholder).
 * Each call runs the person's shape with the person's testerId and childId and the other values.
 */
export function builtOnceForPerson(build: (person: PersonPlaceholders) => SQL) {
  const testerId = sql.placeholder('testerId');
  const own = builtOnce(() => build({ testerId, childId: null }));
  const child = builtOnce(() => build({ testerId, childId: sql.placeholder('childId') }));
  return (executor: Executor, person: Person, values: PlaceholderValues = {}) =>
    (person.childId === null ? own : child)(executor, { ...values, testerId: person.testerId, childId: person.childId });
}
