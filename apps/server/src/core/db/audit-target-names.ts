import { sql, type SQL } from 'drizzle-orm';
import type { AuditTarget } from '../audit/audited.ts';
import { resultRows, type Executor } from './client.ts';
import { groupSessions, sessionGroups, staffMembers, studies, testers, testSites } from './schema.ts';

/** The zone of a virtual group's times (scheduling's DEFAULT_TIME_ZONE; core may not import a module's file). */
const VIRTUAL_TIME_ZONE = 'America/Chicago';

/** What an entry whose row is gone says instead of a name. */
export const DELETED_TARGET = '(deleted)';

const keyOf = (target: AuditTarget) => `${target.type}:${target.id}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STUDY_NO = /^\d{1,9}$/;

/** `(id, id, …)` of bound parameters. */
const inList = (ids: string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/**
 * The audit log's targets by name (decision 127): "Tester Ana Ruiz (…1a2b)", "Study 24101 Orange",
 * "Group B, 3 Dec 10:00" (the group's first session on its site's clock), a staff member's or a
 * site's name. One statement for a page of the log, whatever it names: a branch per kind of target
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
  const testerIds = idsOf('tester', UUID);
  if (testerIds.length > 0)
    branches.push(sql`select 'tester' as type, t.id::text as id,
      'Tester ' || t.first_name || ' ' || t.last_name || ' (…' || right(t.id::text, 4) || ')' as name
      from ${testers} t where t.id in ${inList(testerIds)}`);
  const studyNos = idsOf('study', STUDY_NO);
  if (studyNos.length > 0)
    branches.push(sql`select 'study' as type, s.study_no::text as id, 'Study ' || s.study_no || ' ' || s.color_name as name
      from ${studies} s where s.study_no in ${inList(studyNos)}`);
  const groupIds = idsOf('session-group', UUID);
  if (groupIds.length > 0)
    branches.push(sql`select 'session-group' as type, g.public_id::text as id,
      'Group ' || g.cell || coalesce(', ' || to_char(min(gs.starts_at) at time zone coalesce(min(site.time_zone), ${VIRTUAL_TIME_ZONE}), 'FMDD Mon HH24:MI'), '') as name
      from ${sessionGroups} g
      left join ${groupSessions} gs on gs.group_id = g.id
      left join ${testSites} site on site.site_id = g.site_id
      where g.public_id in ${inList(groupIds)}
      group by g.public_id, g.cell`);
  const staffIds = idsOf('staff', UUID);
  if (staffIds.length > 0)
    branches.push(sql`select 'staff' as type, m.id::text as id, m.name as name from ${staffMembers} m where m.id in ${inList(staffIds)}`);
  const siteIds = idsOf('site', /^.{1,40}$/);
  if (siteIds.length > 0)
    branches.push(
      sql`select 'site' as type, ts.site_id as id, 'Site ' || ts.name as name from ${testSites} ts where ts.site_id in ${inList(siteIds)}`,
    );
  if (branches.length === 0) return names;
  const rows = resultRows<{ type: string; id: string; name: string }>(await db.execute(sql.join(branches, sql` union all `)));
  for (const row of rows) names.set(keyOf(row), row.name);
  return names;
}

/** The name `auditTargetNames` found for one target. */
export const auditTargetName = (names: Map<string, string>, target: AuditTarget) => names.get(keyOf(target));
