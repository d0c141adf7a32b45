import type {
  CheckParticipantTypeResponse,
  GetKidStudyInfoResponse,
  GetQueStatusIdResponse,
  GetStudyInfoResponse,
} from '@testerhub/shared/study-link-schemas';
import { HOUR_MS, type Clock } from '../../core/clock.ts';
import { inTransaction, type Database, type Executor } from '../../core/db/client.ts';
import { ForbiddenError, NotFoundError } from '../../core/errors.ts';
import { invitationMessage, type MailService } from '../mail/mail-service.ts';
import type { SchedulingService } from '../scheduling/scheduling-service.ts';
import type { ScreeningService } from '../screening/screening-service.ts';
import { isKidStudy, isStudyFull, isStudyOpen } from '@testerhub/shared/study-rules';
import type { StudyRow, StudyService } from '../studies/study-service.ts';
import type { TesterRow, TesterService } from '../testers/tester-service.ts';
import { signInvitationData, verifyInvitationData } from './invitation-token.ts';
import { createStudyLinkRepository, type InvitationRow } from './study-link-repository.ts';

/** Where an invitation link points: the account root, which keeps s, t and d (spec 2, section 2). */
export const INVITATION_LINK_PATH = '/community';
/** Where a qualified tester picks a session (the self-schedule slice's page). */
export const SELF_SCHEDULE_PATH = '/community/main/schedule/self';
/** The screener list: where a link leads whose screener this tester already finished. */
export const SCREENER_LIST_PATH = '/community/main/screener';

/** The parameters of a link as the calls receive them. */
export interface LinkParameters {
  studyGuid: string;
  testerGuid: string;
  data: string;
}

/** What a link is, once checked against the logged-in tester. */
type ResolvedLink =
  | { kind: 'differentAccount' }
  | { kind: 'invalid' }
  | { kind: 'invitation'; study: StudyRow; invitation: InvitationRow }
  | { kind: 'qualified'; study: StudyRow };

interface StudyLinkDeps {
  clock: Clock;
  /** Signs and checks invitation tokens (the study-link secret; each token names its purpose). */
  secret: string;
  /** STUDY_LINK_VALID_DAYS: an invitation older than this is invalid. */
  validDays: number;
  /** SELF_SCHEDULE_LINK_DAYS: how long a qualified screener's link lasts, as the self-schedule page honours it. */
  qualifiedLinkDays: number;
  studies: Pick<StudyService, 'findStudy' | 'findStudyByGuid' | 'doScreeners'>;
  screening: Pick<ScreeningService, 'verifyStudyLinkData' | 'signStudyLinkData' | 'screeningStatus'>;
  scheduling: Pick<SchedulingService, 'hasLiveBookingInStudy' | 'hasUpcomingBooking' | 'hasBookableGroup'>;
  testers: Pick<TesterService, 'findById' | 'mayEmail'>;
  mail: Pick<MailService, 'queue' | 'link'>;
  /** Where the tester screens their child for the study (the children service's DoChildrenScreener). */
  screenChild: (tester: TesterRow, childPublicId: string, studyNo: number) => Promise<{ status: string; redirectLink?: string }>;
}

/**
 * Study links at login and invitations (issue 10, section 4; decision 026). Every call checks the
 * link again from its parameters (nothing is remembered between calls): the tester of the session
 * must be the link's t, the study its s, and d a token this server signed for that tester and study
 * within its lifetime: an invitation of this tester (purpose 'invitation', STUDY_LINK_VALID_DAYS) or a
 * qualified screener's self-schedule link (purpose 'studyLink', SELF_SCHEDULE_LINK_DAYS, as the page
 * it leads to honours it).
 */
export function createStudyLinkService(db: Database, deps: StudyLinkDeps) {
  const repository = createStudyLinkRepository(db);
  const now = () => deps.clock.now();
  // A minute's grace before the issue time: another instance's clock may run a little ahead.
  const fresh = (issuedAtSeconds: number, days: number) => {
    const age = now().getTime() - issuedAtSeconds * 1000;
    return age >= -60_000 && age <= days * 24 * HOUR_MS;
  };

  async function resolve(tester: TesterRow, link: LinkParameters): Promise<ResolvedLink> {
    if (link.testerGuid.toLowerCase() !== tester.id.toLowerCase()) return { kind: 'differentAccount' };
    const study = await deps.studies.findStudyByGuid(link.studyGuid);
    if (!study || !link.data) return { kind: 'invalid' };
    const invitation = verifyInvitationData(link.data, deps.secret);
    if (invitation) {
      if (invitation.testerId !== tester.id || invitation.studyNo !== study.studyNo || !fresh(invitation.issuedAt, deps.validDays))
        return { kind: 'invalid' };
      const row = await repository.findInvitation(invitation.invitationId);
      if (!row || row.testerId !== tester.id || row.studyNo !== study.studyNo) return { kind: 'invalid' };
      return { kind: 'invitation', study, invitation: row };
    }
    const qualified = deps.screening.verifyStudyLinkData(link.data);
    if (
      qualified &&
      qualified.testerId === tester.id &&
      qualified.studyNo === study.studyNo &&
      fresh(qualified.issuedAt, deps.qualifiedLinkDays)
    )
      return { kind: 'qualified', study };
    return { kind: 'invalid' };
  }

  /** For the calls after GetQueStatusID: a link that is not this tester's is refused (403), an invalid one is 404. */
  async function resolveOrRefuse(tester: TesterRow, link: LinkParameters) {
    const resolved = await resolve(tester, link);
    if (resolved.kind === 'differentAccount') throw new ForbiddenError('This link belongs to another account.');
    if (resolved.kind === 'invalid') throw new NotFoundError('This link is not valid.');
    return resolved;
  }

  /** The s, t and d of an invitation's link, made at `at`. */
  function invitationQuery(invitation: InvitationRow, study: StudyRow, at: Date) {
    const data = signInvitationData(
      { invitationId: invitation.id, testerId: invitation.testerId, studyNo: study.studyNo, issuedAt: Math.floor(at.getTime() / 1000) },
      deps.secret,
    );
    return { s: study.guid, t: invitation.testerId, d: data };
  }

  /**
   * Writes the invitation's e-mail to the outbox inside the caller's unit of work and marks it
   * sent; the outbox nudges its sender after the commit. The link is made now, so it lasts
   * STUDY_LINK_VALID_DAYS from this sending. A tester who turned e-mail off gets none (decision
   * 035): null, and the invitation stays unsent.
   */
  async function enqueueInvitation(tx: Executor, invitationId: number): Promise<number | null> {
    const invitations = createStudyLinkRepository(tx);
    const invitation = await invitations.findInvitation(invitationId);
    if (!invitation) throw new NotFoundError('No such invitation.');
    const [tester, study] = [await deps.testers.findById(invitation.testerId, tx), await deps.studies.findStudy(invitation.studyNo, tx)];
    if (!tester || !study) throw new NotFoundError('No such invitation.');
    if (!(await deps.testers.mayEmail(tester.id, 'invitation', tx))) return null;
    const at = now();
    const link = deps.mail.link(INVITATION_LINK_PATH, invitationQuery(invitation, study, at));
    const outboxId = await deps.mail.queue(
      invitationMessage({
        to: tester.email,
        firstName: tester.firstName,
        studyName: study.studyBasicInfo,
        coinValue: study.coinValue,
        link,
        validDays: deps.validDays,
        language: tester.language === 'es' ? 'es' : 'en',
      }),
      tx,
    );
    await invitations.markSent(invitationId, at);
    return outboxId;
  }

  return {
    /** The tester's part of the data export (decision 040). */
    exportData: (testerId: string) => repository.exportOf(testerId),

    /**
     * The tester a link's `d` was signed for (an invitation, or a qualified screener's self-schedule
     * link) while it lasts, or null: the login page's username prefill answers only for them (decision 075).
     */
    linkTester(data: string): string | null {
      const invitation = verifyInvitationData(data, deps.secret);
      if (invitation) return fresh(invitation.issuedAt, deps.validDays) ? invitation.testerId : null;
      const qualified = deps.screening.verifyStudyLinkData(data);
      return qualified && fresh(qualified.issuedAt, deps.qualifiedLinkDays) ? qualified.testerId : null;
    },

    /** CheckParticipantType: who the study is for, and whether this tester has already finished its screener. */
    async checkParticipantType(tester: TesterRow, studyGuid: string): Promise<CheckParticipantTypeResponse> {
      const study = await deps.studies.findStudyByGuid(studyGuid);
      if (!study) return { status: 'invalid study', participantTypeID: 0, resultQueExisted: false, studyNo: 0, minimumAge: 0 };
      const screening = await deps.screening.screeningStatus({ testerId: tester.id, childId: null }, study.studyNo);
      return {
        status: 'succeed',
        participantTypeID: study.participantTypeId,
        resultQueExisted: screening !== null && screening !== 'inProgress',
        studyNo: study.studyNo,
        minimumAge: study.minimumAge,
      };
    },

    /**
     * GetQueStatusID: differentAccount (t is another tester), invalid study (unknown study, or d
     * missing, forged, expired or not for this tester and study), ts (already booked in this study),
     * hasSchedule (a qualified link while another upcoming booking comes first), else common.
     * An invitation is marked clicked the first time it gets this far.
     */
    async queStatus(tester: TesterRow, link: LinkParameters): Promise<GetQueStatusIdResponse> {
      const resolved = await resolve(tester, link);
      if (resolved.kind === 'differentAccount') return { status: 'differentAccount', data: '' };
      if (resolved.kind === 'invalid') return { status: 'invalid study', data: '' };
      if (resolved.kind === 'invitation') await repository.markClicked(resolved.invitation.id, now());
      if (await deps.scheduling.hasLiveBookingInStudy(tester.id, resolved.study.studyNo)) return { status: 'ts', data: link.data };
      if (resolved.kind === 'qualified' && (await deps.scheduling.hasUpcomingBooking(tester.id, now())))
        return { status: 'hasSchedule', data: link.data };
      return { status: 'common', data: link.data };
    },

    /**
     * GetStudyInfo: where the link goes. noSeat when the study is closed or full (or has no group to
     * book, for a qualified link) or is not open to this tester; child for a kid study; a qualified
     * link goes to the self-schedule page (succeed); an invitation to the study's screener (succeed,
     * or external for an outside tool), or to the screener list (other) once its screener is done.
     */
    async studyInfo(tester: TesterRow, link: LinkParameters): Promise<GetStudyInfoResponse> {
      const resolved = await resolveOrRefuse(tester, link);
      const { study } = resolved;
      const answer = (status: GetStudyInfoResponse['status'], f: GetStudyInfoResponse['f'], url = ''): GetStudyInfoResponse => ({
        status,
        url,
        f,
        e: f === 'outside',
        studyNo: study.studyNo,
        data: link.data,
      });
      const answered = async () => {
        if (resolved.kind === 'invitation') await repository.markAnswered(resolved.invitation.id, now());
      };
      if (!isStudyOpen(study, now())) return answer('noSeat', 'none');
      if (isKidStudy(study)) {
        await answered();
        return answer('child', 'child');
      }
      if (resolved.kind === 'qualified') {
        if (!(await deps.scheduling.hasBookableGroup(study.studyNo))) return answer('noSeat', 'none');
        const query = new URLSearchParams({ s: study.guid, t: tester.id, d: link.data });
        return answer('succeed', 'selfSchedule', `${SELF_SCHEDULE_PATH}?${query.toString()}`);
      }
      const screening = await deps.screening.screeningStatus({ testerId: tester.id, childId: null }, study.studyNo);
      if (screening !== null && screening !== 'inProgress') return answer('other', 'screenerList', SCREENER_LIST_PATH);
      if (isStudyFull(study)) return answer('noSeat', 'none');
      const click = await deps.studies.doScreeners(tester, study.studyNo);
      if (click.status !== 'succeed') return answer('noSeat', 'none');
      await answered();
      return click.redirectLink.startsWith('/')
        ? answer('succeed', 'screener', click.redirectLink)
        : answer('external', 'outside', click.redirectLink);
    },

    /**
     * GetKidStudyInfo (decision 029): other for a study that is not a kid study (go on with
     * GetStudyInfo); succeed with the address of the step the link's child (k) is at: the
     * self-schedule page for a child's qualified link whose d names that child, else the child's
     * screener when the child may take it; kidOnly otherwise (the child selection).
     */
    async kidStudyInfo(tester: TesterRow, link: LinkParameters & { kidGuid: string }): Promise<GetKidStudyInfoResponse> {
      const resolved = await resolveOrRefuse(tester, link);
      const { study } = resolved;
      const answer = (status: GetKidStudyInfoResponse['status'], url = '') => ({ status, url, studyNo: study.studyNo, data: link.data });
      if (!isKidStudy(study)) return answer('other');
      const kid = link.kidGuid.toLowerCase();
      if (!kid) return answer('kidOnly');
      if (resolved.kind === 'qualified') {
        if (deps.screening.verifyStudyLinkData(link.data)?.childId !== kid) return answer('kidOnly');
        const query = new URLSearchParams({ s: study.guid, t: tester.id, d: link.data, k: kid });
        return answer('succeed', `${SELF_SCHEDULE_PATH}?${query.toString()}`);
      }
      const screener = await deps.screenChild(tester, kid, study.studyNo);
      if (screener.status !== 'succeed' || !screener.redirectLink) return answer('kidOnly');
      await repository.markAnswered(resolved.invitation.id, now());
      return answer('succeed', screener.redirectLink);
    },

    /** Invites a tester to a study (the seed; later the staff console); an existing invitation of the pair is returned. */
    invite: (input: { studyNo: number; testerId: string }, tx?: Executor) =>
      createStudyLinkRepository(tx ?? db).insertInvitation({ ...input, createdAt: now() }),

    enqueueInvitation,

    /** Invites and e-mails in one unit of work; the sender is nudged after its commit (test support; later the console's send button). */
    async inviteAndSend(input: { studyNo: number; testerId: string }) {
      const result = await inTransaction(db, async (tx) => {
        const invitation = await createStudyLinkRepository(tx).insertInvitation({ ...input, createdAt: now() });
        return { invitationId: invitation.id, outboxId: await enqueueInvitation(tx, invitation.id) };
      });
      return result;
    },

    /** A study's invited and clicked testers (the recruiting funnel, decision 122). */
    invitationFunnel: (studyNo: number) => repository.invitationFunnel(studyNo),

    /** The invitation row (tests and test support read its times). */
    findInvitation: (id: number) => repository.findInvitation(id),

    /**
     * A link's s, t and d as the e-mails carry them, made at `issuedAt` (test support: a link of
     * either kind without driving a screener or the mailbox). null when the study does not exist.
     */
    async mintLink(input: { kind: 'invitation' | 'qualified'; testerId: string; studyNo: number; issuedAt: Date }) {
      const study = await deps.studies.findStudy(input.studyNo);
      if (!study) return null;
      if (input.kind === 'invitation') {
        const invitation = await repository.insertInvitation({ studyNo: study.studyNo, testerId: input.testerId, createdAt: now() });
        return { ...invitationQuery(invitation, study, input.issuedAt), invitationId: invitation.id };
      }
      const data = deps.screening.signStudyLinkData({
        testerId: input.testerId,
        studyNo: study.studyNo,
        quotaId: null,
        issuedAt: Math.floor(input.issuedAt.getTime() / 1000),
      });
      return { s: study.guid, t: input.testerId, d: data };
    },
  };
}

export type StudyLinkService = ReturnType<typeof createStudyLinkService>;
