import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditTarget } from '../audit/audited.ts';
import { resultRows, type Executor } from './client.ts';
import {
  bookings,
  callouts,
  children,
  faqs,
  groupSessions,
  redemptionOrders,
  referrals,
  rewardItems,
  sessionGroups,
  staffMembers,
  studies,
  testers,
  testSites,
  winners,
} from './schema.ts';

/** The zone of a virtual group's times (scheduling's DEFAULT_TIME_ZONE; core may not import a module's file). */
const VIRTUAL_TIME_ZONE = 'America/Chicago';

/** What an entry whose row is gone says instead of a name. */
export const DELETED_TARGET = '(deleted)';

const keyOf = (target: AuditTarget) => `${target.type}:${target.id}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A serial key (a study number, a booking's, a reward's or an order's id). */
const SERIAL = /^\d{1,9}$/;

/** `(id, id, …)` of bound parameters. */
const inList = (ids: string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** "Tester Ana Ruiz (…1a2b)": a person of `alias`'s row (its first_name and last_name), told apart by the end of its id (constants only). */
const personName = (label: string, alias: string, idColumn: string) =>
  sql.raw(`'${label} ' || ${alias}.first_name || ' ' || ${alias}.last_name || ' (…' || right(${idColumn}::text, 4) || ')'`);

/**
 * The audit log's targets by name (decision 127): "Tester Ana Ruiz (…1a2b)", "Study 24101 Orange",
 * "Group B, 3 Dec 10:00" (the group's first session on its site's clock), a staff member's or a
 * site's name, "Booking 17: Ana Ruiz, Study 24101", "Child Mia Ruiz (…3c4d)", "Referral Bea Lopez (…5e6f)",
 * "Reward $25 gift card", "Order 12: $25 gift card", a call-out's title, an FAQ's question, a winner and their drawing. One statement for a page of the log, whatever it names: a branch per kind of target
 * the page holds, joined by UNION ALL (each branch names its columns: the first one present names them). Here in core/db, the one place that reads every module's
 * tables (schema.ts), so the staff module's log names rows of modules that come after it.
 * A named kind whose row is gone answers DELETED_TARGET; a kind not named here answers nothing.
 */
export async function auditTargetNames(db: Executor, targets: readonly AuditTarget[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  // Only ids of the key's shape are looked up, so each branch compares the key itself (its index) without a cast
  // failing; each is "(deleted)" until its row answers.
  const idsOf = (type: string, shape: RegExp) => {
    const ids = [...new Set(targets.filter((target) => target.type === type && shape.test(target.id)).map((target) => target.id))];
    for (const id of ids) names.set(keyOf({ type, id }), DELETED_TARGET);
    return ids;
  };
  const branches: SQL[] = [];
  /** A branch for one kind of target when the page holds any: `select` reads the ids given as `(id, …)`. */
  const nameKind = (type: string, shape: RegExp, select: (ids: SQL) => SQL) => {
    const ids = idsOf(type, shape);
    if (ids.length > 0) branches.push(select(inList(ids)));
  };
  nameKind(
    'tester',
    UUID,
    (ids) =>
      sql`select 'tester' as type, t.id::text as id, ${personName('Tester', 't', 't.id')} as name from ${testers} t where t.id in ${ids}`,
  );
  nameKind(
    'study',
    SERIAL,
    (ids) => sql`select 'study' as type, s.study_no::text as id, 'Study ' || s.study_no || ' ' || s.color_name as name
      from ${studies} s where s.study_no in ${ids}`,
  );
  nameKind(
    'session-group',
    UUID,
    (ids) => sql`select 'session-group' as type, g.public_id::text as id,
      'Group ' || g.cell || coalesce(', ' || to_char(min(gs.starts_at) at time zone coalesce(min(site.time_zone), ${VIRTUAL_TIME_ZONE}), 'FMDD Mon HH24:MI'), '') as name
      from ${sessionGroups} g
      left join ${groupSessions} gs on gs.group_id = g.id
      left join ${testSites} site on site.site_id = g.site_id
      where g.public_id in ${ids}
      group by g.public_id, g.cell`,
  );
  nameKind(
    'staff',
    UUID,
    (ids) => sql`select 'staff' as type, m.id::text as id, m.name as name from ${staffMembers} m where m.id in ${ids}`,
  );
  // The staff's site rights name a 'site', the site content pages' changes a 'test-site': the same row.
  for (const type of ['site', 'test-site'])
    nameKind(
      type,
      /^.{1,40}$/,
      (ids) =>
        sql`select ${type}::text as type, ts.site_id as id, 'Site ' || ts.name as name from ${testSites} ts where ts.site_id in ${ids}`,
    );
  nameKind(
    'booking',
    SERIAL,
    (ids) => sql`select 'booking' as type, b.id::text as id,
      'Booking ' || b.id || ': ' || t.first_name || ' ' || t.last_name || ', Study ' || b.study_no as name
      from ${bookings} b join ${testers} t on t.id = b.tester_id where b.id in ${ids}`,
  );
  nameKind(
    'child',
    UUID,
    (ids) => sql`select 'child' as type, c.public_id::text as id, ${personName('Child', 'c', 'c.public_id')} as name
      from ${children} c where c.public_id in ${ids}`,
  );
  nameKind(
    'referral',
    UUID,
    (ids) =>
      sql`select 'referral' as type, r.id::text as id, ${personName('Referral', 'r', 'r.id')} as name from ${referrals} r where r.id in ${ids}`,
  );
  /** A kind whose serial id names its row and one column of it names the target: "<label> <that column>". */
  const nameBySerial = (type: string, label: string, table: PgTable, id: PgColumn, name: PgColumn) =>
    nameKind(
      type,
      SERIAL,
      (ids) =>
        sql`select ${type}::text as type, ${id}::text as id, ${`${label} `}::text || ${name} as name from ${table} where ${id} in ${ids}`,
    );
  nameBySerial('reward', 'Reward', rewardItems, rewardItems.id, rewardItems.name);
  nameKind(
    'redemption-order',
    SERIAL,
    (ids) => sql`select 'redemption-order' as type, o.id::text as id, 'Order ' || o.id || ': ' || ri.name as name
      from ${redemptionOrders} o join ${rewardItems} ri on ri.id = o.item_no where o.id in ${ids}`,
  );
  nameBySerial('callout', 'Call-out', callouts, callouts.id, callouts.title);
  nameBySerial('faq', 'FAQ', faqs, faqs.id, faqs.question);
  nameKind(
    'winner',
    SERIAL,
    (ids) => sql`select 'winner' as type, w.id::text as id, 'Winner ' || w.winner || ', ' || w.winner_type_desc as name
      from ${winners} w where w.id in ${ids}`,
  );
  if (branches.length === 0) return names;
  const rows = resultRows<{ type: string; id: string; name: string }>(await db.execute(sql.join(branches, sql` union all `)));
  for (const row of rows) names.set(keyOf(row), row.name);
  return names;
}

/** The name `auditTargetNames` found for one target. */
export const auditTargetName = (names: Map<string, string>, target: AuditTarget) => names.get(keyOf(target));
