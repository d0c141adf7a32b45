import {
  INVITATION_TEXTS,
  invitationFiltersSchema,
  type InvitationDetailRequest,
  type InvitationDetailResponse,
  type InvitationFilters,
  type InvitationListRequest,
  type InvitationListResponse,
  type InvitationOptionsResponse,
  type InvitationPreviewResponse,
  type RecipientState,
  type SendInvitationResponse,
  type TargetCountRequest,
  type TargetCountResponse,
} from '@testerhub/shared/invitation-schemas';
import type { Clock } from '../../core/clock.ts';
import { inTransaction, type Database, type SqlFragment } from '../../core/db/client.ts';
import { RequestValidationError } from '../../core/http/error-handler.ts';
import { holdersOfAnswersSql, type AboutMeService } from '../about-me/about-me-service.ts';
import { attendedSinceSql, bookedInStudySql, tookPartInStudiesSql } from '../scheduling/scheduling-service.ts';
import { screenedInStudySql } from '../screening/screening-service.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import { isStudyOpen } from '@testerhub/shared/study-rules';
import { namedCode, PROJECT_TYPE_TEXTS } from '@testerhub/shared/staff-words';
import { studiesOfProjectTypesSql, studyNameOfSql, type StudyService } from '../studies/study-service.ts';
import { tableOffset } from '@testerhub/shared/table-query';
import { testerAudienceSql, usernameOfSql, withMergedIntoSql } from '../testers/tester-service.ts';
import { createInvitationSendRepository, type InvitationSendRow } from './invitation-send-repository.ts';
import type { StudyLinkService } from './study-link-service.ts';

/** The job queue's name for the rate sender (decision 052). */
export const INVITATION_SEND_QUEUE = 'invitation-mails';
/** At most this many e-mails are written in one step (one transaction), however high the rate. */
const STEP_LIMIT = 200;
const MINUTE_MS = 60_000;

interface InvitationSendDeps {
  clock: Clock;
  /** INVITATION_MAILS_PER_MINUTE: at most this many invitation e-mails reach the outbox in any 60 seconds, across instances. */
  mailsPerMinute: number;
  studies: Pick<StudyService, 'findStudy' | 'openStudies' | 'studiesOpened' | 'studyNames'>;
  aboutMe: Pick<AboutMeService, 'answerOptions' | 'existingAnswerIds'>;
  listTestSites: () => Promise<{ siteId: string; name: string }[]>;
  studyLinks: Pick<StudyLinkService, 'enqueueInvitation'>;
  staffList: StaffService['list'];
  /** The staff service's audit helper: the sending and its audit row commit together (decision 043). */
  audited: StaffService['audited'];
  /** Asks the job queue to run the rate sender soon (after a sending commits); a no-op where jobs are off. */
  kick: () => void;
}

/** Thrown inside the audited unit of work: nothing of the sending is kept and no audit row is written. */
class NotSent extends Error {
  constructor(readonly reason: 'duplicate' | 'nobody') {
    super(reason);
  }
}

/** A sending's filters as stored, read with the form's schema (its defaults fill what an older row lacks). */
function storedFilters(stored: unknown): InvitationFilters {
  const parsed = invitationFiltersSchema.safeParse(stored);
  return parsed.success ? parsed.data : invitationFiltersSchema.parse({});
}

/** `months` calendar months before `at` (UTC). */
function monthsBefore(at: Date, months: number): Date {
  const result = new Date(at);
  result.setUTCMonth(result.getUTCMonth() - months);
  return result;
}

/**
 * Invitations from the staff console (issue 12 section 3; decision 052). A recruiter's filters
 * become one subquery of tester ids made of the owning modules' pieces; a sending invites and
 * queues every match in one INSERT ... SELECT; the rate sender then writes their e-mails to the
 * outbox (through study links' enqueueInvitation) at INVITATION_MAILS_PER_MINUTE, counted in the
 * database under an advisory lock, so the rate holds with any number of instances.
 */
export function createInvitationSendService(db: Database, deps: InvitationSendDeps) {
  const repository = createInvitationSendRepository(db);
  const now = () => deps.clock.now();

  /** Who took part in the earlier studies or kinds of study the filters leave out (decision 121), as subqueries of tester ids. */
  function tookPartInExcluded(filters: InvitationFilters, at: Date): SqlFragment[] {
    const since = filters.excludeWithinMonths === null ? null : monthsBefore(at, filters.excludeWithinMonths);
    const tookPart: SqlFragment[] = [];
    if (filters.excludeStudyNos.length > 0) tookPart.push(tookPartInStudiesSql(filters.excludeStudyNos, since));
    if (filters.excludeProjectTypes.length > 0)
      tookPart.push(tookPartInStudiesSql(studiesOfProjectTypesSql(filters.excludeProjectTypes), since));
    return tookPart;
  }

  /** Holding every one of the answers, as the audience's include list (none chosen: no condition). */
  const holdingAll = (answerIds: readonly number[]) => (answerIds.length > 0 ? [holdersOfAnswersSql(answerIds)] : []);

  /**
   * The testers the filters reach for the study: never one who screened or booked it already. What an
   * account merged into another did counts for the account it joined (decision 144): one person.
   */
  function audience(studyNo: number, filters: InvitationFilters, at: Date) {
    const exclude = [screenedInStudySql(studyNo), bookedInStudySql(studyNo), ...tookPartInExcluded(filters, at)];
    if (filters.notTestedMonths !== null) exclude.push(attendedSinceSql(monthsBefore(at, filters.notTestedMonths)));
    return testerAudienceSql({
      now: at,
      minAge: filters.minAge,
      maxAge: filters.maxAge,
      siteIds: filters.siteIds,
      include: holdingAll(filters.answerIds),
      exclude: exclude.map(withMergedIntoSql),
    });
  }

  /** Who answered the study's invitation: screened or booked it. */
  const answeredBy = (studyNo: number) => [screenedInStudySql(studyNo), bookedInStudySql(studyNo)];

  /** The study, if it exists and is open now; else the message saying why not. */
  async function openStudy(studyNo: number) {
    const study = await deps.studies.findStudy(studyNo);
    if (!study) return { message: INVITATION_TEXTS.studyNotFound } as const;
    if (!isStudyOpen(study, now())) return { message: INVITATION_TEXTS.studyClosed } as const;
    return { study } as const;
  }

  async function summaries(sends: InvitationSendRow[]) {
    const [names, staff] = await Promise.all([deps.studies.studyNames([...new Set(sends.map((send) => send.studyNo))]), deps.staffList()]);
    const staffNames = new Map(staff.map((member) => [member.id, member.name]));
    return Promise.all(
      sends.map(async (send) => ({
        invitationId: send.id,
        studyNo: send.studyNo,
        studyName: names.get(send.studyNo) ?? '',
        createdAt: send.createdAt.toISOString(),
        createdBy: staffNames.get(send.createdBy) ?? (send.createdBy === 'seed' ? 'Demo data' : '(account removed)'),
        counts: { matched: send.matched, ...(await repository.counts(send.id, answeredBy(send.studyNo))) },
        filters: storedFilters(send.filters),
      })),
    );
  }

  /**
   * One step of the rate sender, in one transaction under the rate lock: as many queued recipients
   * as the last 60 seconds leave room for (at most STEP_LIMIT) get their e-mail in the outbox, or
   * are skipped when their e-mail choice is now off. `nextAt`: when to run again (null: nothing queued).
   */
  async function sendDue(): Promise<{ sent: number; skipped: number; nextAt: Date | null }> {
    const step = await inTransaction(db, async (tx) => {
      const invitations = createInvitationSendRepository(tx);
      await invitations.lockRate();
      // The time is read once the lock is held, so the steps' times follow the order they commit in.
      const at = now();
      const window = await invitations.sentSince(new Date(at.getTime() - MINUTE_MS));
      const room = Math.min(deps.mailsPerMinute - window.count, STEP_LIMIT);
      const full = () => new Date((window.first ?? at).getTime() + MINUTE_MS);
      if (room <= 0) return { sent: 0, skipped: 0, nextAt: (await invitations.anyQueued()) ? full() : null };
      let sent = 0;
      let skipped = 0;
      for (const recipient of await invitations.claimQueued(room)) {
        const outboxId = await deps.studyLinks.enqueueInvitation(tx, recipient.invitationId);
        await invitations.markRecipient(recipient.sendId, recipient.testerId, outboxId === null ? 'skipped' : 'sent', at);
        if (outboxId === null) skipped++;
        else sent++;
      }
      if (!(await invitations.anyQueued())) return { sent, skipped, nextAt: null };
      return { sent, skipped, nextAt: window.count + sent >= deps.mailsPerMinute ? full() : at };
    });
    return step;
  }

  return {
    mailsPerMinute: deps.mailsPerMinute,

    /** What the form offers: the open studies, the test sites, the About-me answers, and the earlier studies and kinds to leave out. */
    async options(): Promise<InvitationOptionsResponse> {
      const [studies, sites, answers, opened] = await Promise.all([
        deps.studies.openStudies(),
        deps.listTestSites(),
        deps.aboutMe.answerOptions(),
        deps.studies.studiesOpened(),
      ]);
      const projectTypes = [...new Set(opened.map((study) => study.projectType))].sort((a, b) => a - b);
      return {
        studies,
        earlierStudies: opened.map((study) => ({ studyNo: study.studyNo, name: study.name })),
        projectTypes: projectTypes.map((projectType) => ({ projectType, name: namedCode(PROJECT_TYPE_TEXTS, projectType) })),
        sites: sites.map((site) => ({ siteId: site.siteId, name: site.name })),
        answers: answers.map((row) => ({
          answerId: row.answerId,
          question: row.set ? `${row.question} ${row.set}` : row.question,
          answer: row.answer,
        })),
      };
    },

    /** How many testers the filters match for the study, and how many of them were invited to it already. */
    async preview(input: { studyNo: number; filters: InvitationFilters }): Promise<InvitationPreviewResponse> {
      const found = await openStudy(input.studyNo);
      if (!found.study) return { status: 'failed', message: found.message, matched: 0, alreadyInvited: 0 };
      const counted = await repository.countAudience(audience(input.studyNo, input.filters, now()), input.studyNo);
      return { status: 'succeed', message: '', ...counted };
    },

    /**
     * The study form's live count (decision 148): the testers an invitation can reach who hold every
     * one of the answers, at the site when one is given. Refuses an answer or a site that does not
     * exist (a count of 0 for it would read as "nobody holds it").
     */
    async targetCount(input: TargetCountRequest): Promise<TargetCountResponse> {
      const [known, sites] = await Promise.all([
        deps.aboutMe.existingAnswerIds(input.answerIds),
        input.siteId === null ? [] : deps.listTestSites(),
      ]);
      const existing = new Set(known);
      const problems: { field: string; message: string }[] = input.answerIds.flatMap((answerId, index) =>
        existing.has(answerId) ? [] : [{ field: `answerIds.${index}`, message: INVITATION_TEXTS.unknownAnswer }],
      );
      if (input.siteId !== null && !sites.some((site) => site.siteId === input.siteId))
        problems.push({ field: 'siteId', message: INVITATION_TEXTS.unknownSite });
      if (problems.length > 0) throw new RequestValidationError(problems);
      const who = testerAudienceSql({
        now: now(),
        minAge: null,
        maxAge: null,
        siteIds: input.siteId === null ? [] : [input.siteId],
        include: holdingAll(input.answerIds),
        exclude: [],
      });
      return { status: 'succeed', message: '', count: await repository.countTesters(who) };
    },

    /**
     * Invites and queues every match not yet invited to the study, in one audited unit of work. The
     * same requestId again (a double submit, a retry) answers the first sending and queues nobody.
     */
    async send(
      actor: StaffPrincipal,
      input: { studyNo: number; filters: InvitationFilters; requestId: string },
    ): Promise<SendInvitationResponse> {
      const failed = (message: string): SendInvitationResponse => ({ status: 'failed', message, invitationId: 0, matched: 0, queued: 0 });
      const found = await openStudy(input.studyNo);
      if (!found.study) return failed(found.message);
      try {
        const result = await deps.audited(actor.id, 'invitation.send', { type: 'invitation-send', id: 'new' }, async (tx) => {
          const at = now();
          const invitations = createInvitationSendRepository(tx);
          const send = await invitations.insertSend({
            requestId: input.requestId,
            studyNo: input.studyNo,
            filters: input.filters,
            matched: 0,
            createdBy: actor.id,
            createdAt: at,
          });
          if (!send) throw new NotSent('duplicate');
          const who = audience(input.studyNo, input.filters, at);
          const { matched } = await invitations.countAudience(who, input.studyNo);
          const queued = await invitations.queueAudience({ sendId: send.id, studyNo: input.studyNo, audience: who, at });
          if (queued === 0) throw new NotSent('nobody');
          await invitations.setMatched(send.id, matched);
          const after = { invitationId: send.id, studyNo: input.studyNo, filters: input.filters, matched, queued };
          return { before: null, after, result: after, targetId: String(send.id) };
        });
        deps.kick();
        return {
          status: 'succeed',
          message: INVITATION_TEXTS.sent(result.queued),
          invitationId: result.invitationId,
          matched: result.matched,
          queued: result.queued,
        };
      } catch (error) {
        if (!(error instanceof NotSent)) throw error;
        if (error.reason === 'nobody') return failed(INVITATION_TEXTS.nobodyMatched);
        const first = await repository.findSendByRequest(input.requestId);
        if (!first) throw error;
        const counts = await repository.counts(first.id, []);
        return {
          status: 'succeed',
          message: INVITATION_TEXTS.sent(counts.queued),
          invitationId: first.id,
          matched: first.matched,
          queued: counts.queued,
        };
      }
    },

    sendDue,

    /** Runs the rate sender's steps while the rate leaves room: what was sent and skipped, and when to come back. */
    async drain() {
      let sent = 0;
      let skipped = 0;
      for (;;) {
        const step = await sendDue();
        sent += step.sent;
        skipped += step.skipped;
        if (step.nextAt === null || step.nextAt > now() || step.sent + step.skipped === 0) return { sent, skipped, nextAt: step.nextAt };
      }
    },

    /** A page of the sendings, each with its counts (sorted and filtered: decision 145). */
    async list(query: InvitationListRequest): Promise<InvitationListResponse> {
      const offset = tableOffset(query.page, query.pageSize);
      const { rows, total } = await repository.listSends(studyNameOfSql, {
        sort: query.sort,
        dir: query.dir,
        filter: query.q,
        offset,
        limit: query.pageSize,
      });
      return {
        invitations: await summaries(rows),
        page: query.page,
        hasMore: offset + rows.length < total,
        total,
        pageSize: query.pageSize,
        mailsPerMinute: deps.mailsPerMinute,
      };
    },

    /** One sending: its filters, counts and a page of recipients with each one's state (sorted and filtered: decision 136). */
    async detail(query: InvitationDetailRequest): Promise<InvitationDetailResponse> {
      const send = await repository.findSend(query.invitationId);
      if (!send)
        return {
          status: 'failed',
          message: INVITATION_TEXTS.notFound,
          invitation: null,
          recipients: [],
          page: query.page,
          hasMore: false,
          total: 0,
          pageSize: query.pageSize,
        };
      const [summary] = await summaries([send]);
      const { rows, total } = await repository.recipients(send.id, answeredBy(send.studyNo), usernameOfSql, {
        sort: query.sort,
        dir: query.dir,
        filter: query.q,
        offset: tableOffset(query.page, query.pageSize),
        limit: query.pageSize,
      });
      return {
        status: 'succeed',
        message: '',
        invitation: summary!,
        recipients: rows.map((row) => ({
          testerId: row.testerId,
          username: row.username ?? '(deleted)',
          state: row.state as RecipientState,
          sentAt: row.sentAt?.toISOString() ?? null,
          clickedAt: row.state === 'sent' ? (row.clickedAt?.toISOString() ?? null) : null,
          answered: row.state === 'sent' && Boolean(row.answered),
        })),
        page: query.page,
        hasMore: tableOffset(query.page, query.pageSize) + rows.length < total,
        total,
        pageSize: query.pageSize,
      };
    },
  };
}

export type InvitationSendService = ReturnType<typeof createInvitationSendService>;
