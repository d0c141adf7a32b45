import { and, desc, eq, gt, sql, type AnyColumn } from 'drizzle-orm';
import type { InvitationSort, RecipientSort } from '@testerhub/shared/invitation-schemas';
import { containsPattern, type SortDirection } from '@testerhub/shared/table-query';
import { resultRows, type Executor, type SqlFragment } from '../../core/db/client.ts';
import { invitationRecipients, invitationSends, studyInvitations } from './study-link-tables.ts';

export type InvitationSendRow = typeof invitationSends.$inferSelect;

/** The key of the transaction-scoped advisory lock that makes the invitation rate one queue across instances. */
const RATE_LOCK = sql`hashtext('testerhub.invitation-mail-rate')`;

/** A recipient answered: its link led on, or the tester screened or booked the study (`answeredBy`: subqueries of tester ids). */
function answeredSql(answeredBy: readonly SqlFragment[]) {
  return sql.join(
    [
      sql`${studyInvitations.answeredAt} is not null`,
      ...answeredBy.map(
        (subquery) => sql`exists (select 1 from (${subquery}) as done where done.tester_id = ${invitationRecipients.testerId})`,
      ),
    ],
    sql` or `,
  );
}

/** Counts of a sending: clicked and answered count the recipients who were e-mailed. */
function countsSql(answeredBy: readonly SqlFragment[]) {
  return {
    queued: sql<number>`count(*)::int`,
    sent: sql<number>`(count(*) filter (where ${invitationRecipients.state} = 'sent'))::int`,
    skipped: sql<number>`(count(*) filter (where ${invitationRecipients.state} = 'skipped'))::int`,
    clicked: sql<number>`(count(*) filter (where ${invitationRecipients.state} = 'sent' and ${studyInvitations.clickedAt} is not null))::int`,
    answered: sql<number>`(count(*) filter (where ${invitationRecipients.state} = 'sent' and (${answeredSql(answeredBy)})))::int`,
  };
}

/**
 * The staff console's sendings (decision 052): one row per send, its recipients queued by one
 * INSERT ... SELECT, and the rate sender's claims. Other modules' tables are reached only through
 * the subqueries their services hand over.
 */
export function createInvitationSendRepository(db: Executor) {
  return {
    /** How many testers the audience holds (a study's targeting, decision 148). */
    async countTesters(audience: SqlFragment): Promise<number> {
      const result = await db.execute(sql`select count(*)::int as matched from (${audience}) as audience`);
      return Number(resultRows<{ matched: number }>(result)[0]!.matched);
    },

    /** How many testers the audience holds, and how many of them already have an invitation to the study. */
    async countAudience(audience: SqlFragment, studyNo: number): Promise<{ matched: number; alreadyInvited: number }> {
      const result = await db.execute(
        sql`select count(*)::int as matched, count(${studyInvitations.id})::int as already_invited from (${audience}) as audience left join ${studyInvitations} on ${studyInvitations.testerId} = audience.tester_id and ${studyInvitations.studyNo} = ${studyNo}`,
      );
      const row = resultRows<{ matched: number; already_invited: number }>(result)[0]!;
      return { matched: Number(row.matched), alreadyInvited: Number(row.already_invited) };
    },

    /**
     * The sending's row, unless one with this request id exists: null then (a double submit). The
     * unique index makes a concurrent second insert wait for the first and then find it.
     */
    async insertSend(send: typeof invitationSends.$inferInsert): Promise<InvitationSendRow | null> {
      const [row] = await db.insert(invitationSends).values(send).onConflictDoNothing({ target: invitationSends.requestId }).returning();
      return row ?? null;
    },

    async findSendByRequest(requestId: string): Promise<InvitationSendRow | null> {
      const [row] = await db.select().from(invitationSends).where(eq(invitationSends.requestId, requestId)).limit(1);
      return row ?? null;
    },

    async findSend(id: number): Promise<InvitationSendRow | null> {
      const [row] = await db.select().from(invitationSends).where(eq(invitationSends.id, id)).limit(1);
      return row ?? null;
    },

    async setMatched(id: number, matched: number): Promise<void> {
      await db.update(invitationSends).set({ matched }).where(eq(invitationSends.id, id));
    },

    /**
     * Invites every tester of the audience not yet invited to the study and queues them for this
     * sending, in one statement: a study invitation row each (the unique (study, tester) keeps one
     * per pair, even against a concurrent sending), then a recipient row each. Answers how many.
     */
    async queueAudience(input: { sendId: number; studyNo: number; audience: SqlFragment; at: Date }): Promise<number> {
      const result = await db.execute(sql`
        with invited as (
          insert into ${studyInvitations} (study_no, tester_id, created_at)
          select ${input.studyNo}, audience.tester_id, ${input.at} from (${input.audience}) as audience
          on conflict do nothing
          returning id, tester_id
        ), queued as (
          insert into ${invitationRecipients} (send_id, invitation_id, tester_id, state, queued_at)
          select ${input.sendId}, invited.id, invited.tester_id, 'queued', ${input.at} from invited
          returning 1
        )
        select count(*)::int as queued from queued`);
      return Number(resultRows<{ queued: number }>(result)[0]!.queued);
    },

    /**
     * Takes the transaction-scoped lock that serialises the rate sender across every instance on
     * this database: held until the caller's transaction ends.
     */
    async lockRate(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${RATE_LOCK})`);
    },

    /** How many invitation e-mails went to the outbox after `since`, and the first of them. */
    async sentSince(since: Date): Promise<{ count: number; first: Date | null }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, first: sql<string | null>`min(${invitationRecipients.sentAt})` })
        .from(invitationRecipients)
        .where(gt(invitationRecipients.sentAt, since));
      return { count: Number(row?.count ?? 0), first: row?.first ? new Date(row.first) : null };
    },

    /** The oldest queued recipients (by sending, then tester), locked for this transaction; another sender skips them. */
    async claimQueued(limit: number) {
      return db
        .select({
          sendId: invitationRecipients.sendId,
          testerId: invitationRecipients.testerId,
          invitationId: invitationRecipients.invitationId,
        })
        .from(invitationRecipients)
        .where(eq(invitationRecipients.state, 'queued'))
        .orderBy(invitationRecipients.sendId, invitationRecipients.testerId)
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    async markRecipient(sendId: number, testerId: string, state: 'sent' | 'skipped', at: Date): Promise<void> {
      await db
        .update(invitationRecipients)
        .set({ state, sentAt: state === 'sent' ? at : null })
        .where(
          sql`${invitationRecipients.sendId} = ${sendId} and ${invitationRecipients.testerId} = ${testerId} and ${invitationRecipients.state} = 'queued'`,
        );
    },

    /** A recipient already e-mailed (the demo seed's sending). */
    async insertSentRecipient(recipient: { sendId: number; invitationId: number; testerId: string; at: Date }): Promise<void> {
      await db
        .insert(invitationRecipients)
        .values({
          sendId: recipient.sendId,
          invitationId: recipient.invitationId,
          testerId: recipient.testerId,
          state: 'sent',
          queuedAt: recipient.at,
          sentAt: recipient.at,
        })
        .onConflictDoNothing();
    },

    async anyQueued(): Promise<boolean> {
      const rows = await db
        .select({ one: sql`1` })
        .from(invitationRecipients)
        .where(eq(invitationRecipients.state, 'queued'))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * A page of the sendings (decision 145), sorted on `sort` (ties newest first) and kept to those
     * whose study's name or number holds `filter`; with the total the filter keeps. `studyNameOf`:
     * the studies module's name subquery. A count sorts on its own subquery over the sending's
     * recipients (their primary key starts with the sending), run only for the sort chosen.
     */
    async listSends(
      studyNameOf: (studyNo: AnyColumn) => SqlFragment,
      query: { sort: InvitationSort; dir: SortDirection; filter: string; offset: number; limit: number },
    ) {
      const recipientsWhere = (condition?: SqlFragment) =>
        sql`(select count(*) from ${invitationRecipients} inner join ${studyInvitations} on ${studyInvitations.id} = ${invitationRecipients.invitationId} where ${invitationRecipients.sendId} = ${invitationSends.id}${condition ? sql` and ${condition}` : sql``})`;
      const studyName = studyNameOf(invitationSends.studyNo);
      const sortable: Record<InvitationSort, SqlFragment> = {
        createdAt: sql`${invitationSends.createdAt}`,
        study: sql`lower(${studyName})`,
        matched: sql`${invitationSends.matched}`,
        queued: recipientsWhere(),
        sent: recipientsWhere(sql`${invitationRecipients.state} = 'sent'`),
        skipped: recipientsWhere(sql`${invitationRecipients.state} = 'skipped'`),
        clicked: recipientsWhere(sql`${invitationRecipients.state} = 'sent' and ${studyInvitations.clickedAt} is not null`),
      };
      const pattern = containsPattern(query.filter);
      const kept =
        query.filter === '' ? undefined : sql`(${studyName} ilike ${pattern} or ${invitationSends.studyNo}::text like ${pattern})`;
      const direction = query.dir === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(invitationSends)
          .where(kept)
          .orderBy(sql`${sortable[query.sort]} ${direction}`, desc(invitationSends.id))
          .offset(query.offset)
          .limit(query.limit),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(invitationSends)
          .where(kept),
      ]);
      return { rows, total: Number(total?.count ?? 0) };
    },

    async counts(sendId: number, answeredBy: readonly SqlFragment[]) {
      const [row] = await db
        .select(countsSql(answeredBy))
        .from(invitationRecipients)
        .innerJoin(studyInvitations, eq(studyInvitations.id, invitationRecipients.invitationId))
        .where(eq(invitationRecipients.sendId, sendId));
      return {
        queued: Number(row?.queued ?? 0),
        sent: Number(row?.sent ?? 0),
        skipped: Number(row?.skipped ?? 0),
        clicked: Number(row?.clicked ?? 0),
        answered: Number(row?.answered ?? 0),
      };
    },

    /**
     * A page of the sending's recipients (decision 136) with their state, sent and clicked times, and
     * whether they answered, sorted on `sort` (ties by tester id) and kept to the usernames holding
     * `filter`; with the total the filter keeps. `usernameOf`: the testers module's username subquery.
     */
    async recipients(
      sendId: number,
      answeredBy: readonly SqlFragment[],
      usernameOf: (testerId: AnyColumn) => SqlFragment,
      query: { sort: RecipientSort; dir: SortDirection; filter: string; offset: number; limit: number },
    ) {
      const username = usernameOf(invitationRecipients.testerId);
      const sortable: Record<RecipientSort, SqlFragment> = {
        username: sql`lower(${username})`,
        state: sql`${invitationRecipients.state}`,
        sentAt: sql`${invitationRecipients.sentAt}`,
        // A click counts once the e-mail went out, as the page shows it.
        clickedAt: sql`case when ${invitationRecipients.state} = 'sent' then ${studyInvitations.clickedAt} end`,
        answered: sql`(${invitationRecipients.state} = 'sent' and (${answeredSql(answeredBy)}))`,
      };
      const kept = and(
        eq(invitationRecipients.sendId, sendId),
        query.filter === '' ? undefined : sql`${username} ilike ${containsPattern(query.filter)}`,
      );
      const direction = query.dir === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            testerId: invitationRecipients.testerId,
            username: sql<string | null>`${username}`,
            state: invitationRecipients.state,
            sentAt: invitationRecipients.sentAt,
            clickedAt: studyInvitations.clickedAt,
            answered: sql<boolean>`(${answeredSql(answeredBy)})`,
          })
          .from(invitationRecipients)
          .innerJoin(studyInvitations, eq(studyInvitations.id, invitationRecipients.invitationId))
          .where(kept)
          .orderBy(sql`${sortable[query.sort]} ${direction}`, invitationRecipients.testerId)
          .offset(query.offset)
          .limit(query.limit),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(invitationRecipients)
          .where(kept),
      ]);
      return { rows, total: Number(total?.count ?? 0) };
    },
  };
}
