import { types, type PGlite, type Results } from '@electric-sql/pglite';

/**
 * Drizzle's PGlite driver keeps these types' text as it is (it parses dates, intervals and numeric
 * arrays itself) and says so by handing PGlite its own parsers with every query. PGlite then merges
 * them into its table of some 320 parsers, anew for each statement: about three times the CPU of a
 * small statement itself (0.32 against 0.10 ms, measured). So the instance keeps Drizzle's parsers in
 * its table, Drizzle's client drops them from each query, and the plain-SQL door (executeSql, which
 * pg-boss reads Dates from, as node-postgres gives them) parses its few such columns as PGlite would.
 * Each array type is named with its element's type.
 */
const KEPT_AS_TEXT: ReadonlyMap<number, number | undefined> = new Map([
  [types.TIMESTAMP, undefined],
  [types.TIMESTAMPTZ, undefined],
  [types.INTERVAL, undefined],
  [types.DATE, undefined],
  [1231, types.NUMERIC],
  [1115, types.TIMESTAMP],
  [1185, types.TIMESTAMPTZ],
  [1187, types.INTERVAL],
  [1182, types.DATE],
]);

type Parser = (text: string, typeId?: number) => unknown;
const asText: Parser = (text) => text;

export interface DrizzleTextTypes {
  /** The client to hand Drizzle: its queries (in transactions too) go without their parsers. */
  drizzleClient: PGlite;
  /** A plain query's result with the kept types parsed as PGlite parses them by default. */
  parsedAsPglite<R extends Results<unknown>>(result: R): R;
}

export function keepDrizzleTextTypes(client: PGlite): DrizzleTextTypes {
  const pgliteParsers = new Map<number, Parser>();
  for (const [typeId, elementId] of KEPT_AS_TEXT) {
    const element = elementId === undefined ? undefined : (types.parsers[elementId] ?? asText);
    pgliteParsers.set(typeId, element ? (text) => types.arrayParser(text, element, typeId) : (types.parsers[typeId] ?? asText));
    client.parsers[typeId] = asText;
  }
  return {
    drizzleClient: withoutQueryParsers(client),
    parsedAsPglite(result) {
      const kept = result.fields.filter((field) => pgliteParsers.has(field.dataTypeID));
      if (kept.length === 0) return result;
      for (const row of result.rows as Record<string, unknown>[]) {
        for (const { name, dataTypeID } of kept) {
          const text = row[name];
          if (typeof text === 'string') row[name] = pgliteParsers.get(dataTypeID)!(text, dataTypeID);
        }
      }
      return result;
    },
  };
}

type Queryable = Pick<PGlite, 'query'> & Partial<Pick<PGlite, 'transaction'>>;

function withoutQueryParsers<T extends Queryable>(client: T): T {
  // Made once per client: Drizzle reads `query` for every statement it sends.
  const query = (text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    if (!options?.parsers) return client.query(text, params, options);
    const { parsers: _dropped, ...rest } = options;
    return client.query(text, params, rest);
  };
  const transaction =
    client.transaction && ((work: (tx: Queryable) => Promise<unknown>) => client.transaction!((tx) => work(withoutQueryParsers(tx))));
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction' && transaction) return transaction;
      // Read on the client itself: PGlite's getters read private fields, which a proxy does not have.
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
