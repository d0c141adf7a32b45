import { sql, type SQL } from 'drizzle-orm';
import { resultRows, type Executor } from '../../core/db/client.ts';
import { containsPattern, type SortDirection } from '@testerhub/shared/table-query';
import type { DuplicateOutcome, DuplicateSignal } from '@testerhub/shared/staff-testers-schemas';
import { testerDuplicateReviews, testerSharedDevices } from './duplicate-tables.ts';
import { addressKey, emailKey, phoneKey, testers } from './tester-tables.ts';

export type { DuplicateOutcome };

/** A page of the duplicates table (decision 144): sorted by either account's registration, filtered by their names. */
export interface DuplicatePairsQuery {
  testerId?: string;
  sort: 'newerCreatedAt' | 'olderCreatedAt';
  dir: SortDirection;
  filter: string;
  limit: number;
  offset: number;
}

interface AccountRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  black_list: boolean;
  created_at: string | Date;
}

/** The two ids of a pair in the order the reviews table keeps them. */
export function orderedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

const account = (prefix: string): SQL =>
  sql.raw(
    ['id', 'username', 'first_name', 'last_name', 'email', 'phone', 'black_list', 'created_at']
      .map((column) => `${prefix}.${column} as ${prefix}_${column}`)
      .join(', '),
  );

/** The pair's older account by registration (ties by id), as decision 129 orders a pair. */
const olderOf = (l: string, h: string) =>
  sql.raw(`case when (${l}.created_at, ${l}.id) < (${h}.created_at, ${h}.id) then ${l}.id else ${h}.id end`);
const newerOf = (l: string, h: string) =>
  sql.raw(`case when (${l}.created_at, ${l}.id) < (${h}.created_at, ${h}.id) then ${h}.id else ${l}.id end`);

/** Each sort key's expression: never a column name from the address (decision 136). */
const PAIR_ORDER: Record<DuplicatePairsQuery['sort'], { asc: SQL; desc: SQL }> = {
  newerCreatedAt: {
    asc: sql.raw('n.created_at asc, n.id asc, o.created_at asc, o.id asc'),
    desc: sql.raw('n.created_at desc, n.id desc, o.created_at desc, o.id desc'),
  },
  olderCreatedAt: {
    asc: sql.raw('o.created_at asc, o.id asc, n.created_at asc, n.id asc'),
    desc: sql.raw('o.created_at desc, o.id desc, n.created_at desc, n.id desc'),
  },
};

/**
 * The accounts merged into others (decision 144) as a subquery of (newer_id, older_id): a mergeNewer
 * review, its older side read from the two accounts' registration.
 */
const mergesSql = sql`select ${newerOf('l', 'h')} as newer_id, ${olderOf('l', 'h')} as older_id
  from ${testerDuplicateReviews} r join ${testers} l on l.id = r.tester_low join ${testers} h on h.id = r.tester_high
  where r.outcome = 'mergeNewer'`;

/**
 * The testers of `testerIds` (a subquery of `tester_id`) and the accounts any of them was merged
 * into (decision 144), as a subquery of `tester_id`: what an account did before its merge counts for
 * the account it joined (an invitation's "took part in" and "screened or booked already").
 */
export const withMergedIntoSql = (testerIds: SQL): SQL =>
  // A CTE read twice is computed once: the audience's subquery is not run a second time for the merges.
  sql`with own as (${testerIds}) select tester_id from own union select m.older_id from (${mergesSql}) m join own on own.tester_id = m.newer_id`;

/** Whether the pair (a, b) was reviewed: its row in the reviews table, read by the primary key. */
const reviewed = (a: SQL, b: SQL) =>
  sql`exists (select 1 from ${testerDuplicateReviews} r where r.tester_low = least(${a}, ${b}) and r.tester_high = greatest(${a}, ${b}))`;

/** Likely duplicate accounts (decision 129): the list, the hold on screening, the reviews. */
export function createDuplicateRepository(db: Executor) {
  return {
    /**
     * One page of unreviewed pairs, newest account first, with every signal each pair shares;
     * only the pairs of `testerId` when given. One statement: each signal is a self-join on its key.
     */
    async unreviewedPairs(options: DuplicatePairsQuery) {
      const keyed = sql`select id, created_at, ${emailKey(testers.email)} as email_key, ${phoneKey(testers.phone)} as phone_key,
        ${addressKey(testers.address, testers.zipCode)} as address_key from ${testers}`;
      const bySignal = (signal: Exclude<DuplicateSignal, 'device'>) => {
        const key = sql.raw(`${signal}_key`);
        return sql`select a.id as older_id, b.id as newer_id, ${signal}::text as signal from keyed a join keyed b
          on a.${key} = b.${key} and (a.created_at, a.id) < (b.created_at, b.id)`;
      };
      // A shared browser is stored as a pair already: which of the two is older is read from their rows.
      const sharedDevices = sql`select ${olderOf('l', 'h')} as older_id, ${newerOf('l', 'h')} as newer_id, 'device'::text as signal
        from ${testerSharedDevices} d join ${testers} l on l.id = d.tester_low join ${testers} h on h.id = d.tester_high`;
      const onlyOf = options.testerId ? sql`and (p.older_id = ${options.testerId} or p.newer_id = ${options.testerId})` : sql``;
      const pattern = containsPattern(options.filter);
      // Either account's username or full name, case aside, the filter's wildcards taken literally.
      const named = (prefix: 'o' | 'n') => {
        const column = (name: string) => sql.raw(`${prefix}.${name}`);
        return sql`${column('username')} ilike ${pattern} or (${column('first_name')} || ' ' || ${column('last_name')}) ilike ${pattern}`;
      };
      const kept = options.filter === '' ? sql`` : sql`where ${named('o')} or ${named('n')}`;
      const result = await db.execute(sql`
        with keyed as (${keyed}),
        pairs as (${bySignal('email')} union all ${bySignal('phone')} union all ${bySignal('address')} union all ${sharedDevices}),
        grouped as (
          select p.older_id, p.newer_id, array_agg(distinct p.signal order by p.signal) as signals
          from pairs p
          where not ${reviewed(sql`p.older_id`, sql`p.newer_id`)} ${onlyOf}
          group by p.older_id, p.newer_id
        )
        select g.signals, ${account('o')}, ${account('n')}, count(*) over () as total
        from grouped g join ${testers} o on o.id = g.older_id join ${testers} n on n.id = g.newer_id
        ${kept}
        order by ${PAIR_ORDER[options.sort][options.dir]}
        limit ${options.limit} offset ${options.offset}`);
      return resultRows<Record<string, unknown>>(result).map((row) => {
        const side = (prefix: 'o' | 'n'): AccountRow => ({
          id: row[`${prefix}_id`] as string,
          username: row[`${prefix}_username`] as string,
          first_name: row[`${prefix}_first_name`] as string,
          last_name: row[`${prefix}_last_name`] as string,
          email: row[`${prefix}_email`] as string,
          phone: row[`${prefix}_phone`] as string,
          black_list: row[`${prefix}_black_list`] as boolean,
          created_at: row[`${prefix}_created_at`] as string | Date,
        });
        return { signals: parseSignals(row.signals), older: side('o'), newer: side('n'), total: Number(row.total) };
      });
    },

    /**
     * Whether the tester shares their e-mail key or phone key with another account in a pair no
     * one has reviewed: their screening is held (decision 129). One statement, each side an index read.
     */
    async heldAsDuplicate(testerId: string): Promise<boolean> {
      const strong = (key: (column: SQL) => SQL, column: 'email' | 'phone') => sql`exists (
        select 1 from ${testers} me join ${testers} other on ${key(sql.raw(`other.${column}`))} = ${key(sql.raw(`me.${column}`))}
        where me.id = ${testerId} and other.id <> me.id and not ${reviewed(sql`me.id`, sql`other.id`)})`;
      const result = await db.execute(sql`select (${strong(emailKey, 'email')} or ${strong(phoneKey, 'phone')}) as held`);
      return resultRows<{ held: boolean }>(result)[0]?.held === true;
    },

    /** Records that both accounts signed in on one browser (first and last time seen), while both exist: one statement. */
    async recordSharedDevice(testerIds: [string, string], at: Date): Promise<void> {
      const [testerLow, testerHigh] = orderedPair(...testerIds);
      // Only while both accounts exist: the older cookie may name an account deleted since.
      await db.execute(sql`insert into ${testerSharedDevices} (tester_low, tester_high, first_seen_at, last_seen_at)
        select ${testerLow}, ${testerHigh}, ${at}, ${at}
        where (select count(*) from ${testers} where id in (${testerLow}, ${testerHigh})) = 2
        on conflict (tester_low, tester_high) do update set last_seen_at = excluded.last_seen_at`);
    },

    /** The account other than `exceptInto` the tester was merged into (decision 144), or null: a merged account is never merged again. */
    async mergedInto(testerId: string, exceptInto: string): Promise<string | null> {
      const result = await db.execute(
        sql`select m.older_id from (${mergesSql}) m where m.newer_id = ${testerId} and m.older_id <> ${exceptInto} limit 1`,
      );
      return resultRows<{ older_id: string }>(result)[0]?.older_id ?? null;
    },

    /** Records the review of a pair; false when it was reviewed already (a racing review inserts nothing). */
    async recordReview(review: { testerIds: [string, string]; outcome: DuplicateOutcome; reviewedBy: string; at: Date }) {
      const [testerLow, testerHigh] = orderedPair(...review.testerIds);
      const rows = await db
        .insert(testerDuplicateReviews)
        .values({ testerLow, testerHigh, outcome: review.outcome, reviewedBy: review.reviewedBy, reviewedAt: review.at })
        .onConflictDoNothing()
        .returning({ testerLow: testerDuplicateReviews.testerLow });
      return rows.length === 1;
    },
  };
}

/** array_agg of text comes back as an array from node-postgres and as "{a,b}" text from some drivers. */
function parseSignals(value: unknown): DuplicateSignal[] {
  const list = Array.isArray(value)
    ? value
    : String(value)
        .replace(/^\{|\}$/g, '')
        .split(',');
  return list.map(String) as DuplicateSignal[];
}
