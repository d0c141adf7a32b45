import { checkEmail } from '@testerhub/shared/account-rules';
import { screenerMessagesFor } from '@testerhub/shared/screener-messages';
import {
  hasLink,
  SELF_SCHEDULE_SUCCESS_URL,
  WAIT_LIST_SUCCESS_URL,
  type GiveCoinsExternalScreenerResponse,
  type NotInterestRequest,
  type ReSelfScheduleResponse,
  type SelectedSchedulesRequest,
  type SelectedSchedulesResponse,
  type SelectedSchedulesStatus,
  type SelfScheduleResponse,
  type SelfScheduleStatus,
  type SelfScheduleStudy,
  type SelfWaitListRequest,
  type WaitListResponse,
} from '@testerhub/shared/self-schedule-schemas';
import { MINUTE_MS, type Clock } from '../../../core/clock.ts';
import { inTransaction, type Database, type Executor } from '../../../core/db/client.ts';
import type { Person } from '../../../core/db/person.ts';
import { RequestValidationError } from '../../../core/http/error-handler.ts';
import type { LedgerService } from '../../ledger/ledger-service.ts';
import {
  creditReference,
  SCREENER_REWARD_REASON,
  SELF_SCHEDULE_PATH,
  type ScreeningChild,
  type ScreeningService,
} from '../../screening/screening-service.ts';
import { isStudyOpen } from '@testerhub/shared/study-rules';
import type { StudyService } from '../../studies/study-service.ts';
import { isSuspended, type TesterRow, type TesterService } from '../../testers/tester-service.ts';
import { SELF_SCHEDULE_REWARD_REASON, type SchedulingService } from '../scheduling-service.ts';

const DAY_SECONDS = 24 * 3600;

/** Where a study stands for a tester: 'open' means it can be self-scheduled now. */
type StudyStanding = Exclude<SelectedSchedulesStatus, 'single' | 'multi' | 'failed' | 'notMatched' | 'noSchedules'> | 'open';

interface Candidate {
  studyNo: number;
  /** When the tester qualified (or came back from the outside screener). */
  since: Date;
  /** When self-schedule opens for the tester (an outside screener's return plus the delay). */
  opensAt: Date;
}

export interface SelfScheduleDeps {
  clock: Clock;
  testers: Pick<TesterService, 'lockForUpdate'>;
  scheduling: Pick<SchedulingService, 'selfScheduleChoices' | 'groupsByPublicIds' | 'bookingStanding' | 'book' | 'declineSeatOffers'>;
  studies: Pick<StudyService, 'findStudies' | 'findStudyByGuid' | 'redeemExternalToken' | 'externalReturns'>;
  screening: Pick<ScreeningService, 'verifyStudyLinkData' | 'selfScheduleLink' | 'selfScheduleStanding' | 'addToWaitingList'>;
  ledger: Pick<LedgerService, 'record'>;
  /** SELF_SCHEDULE_LINK_DAYS: how long a link's d is honoured. */
  linkDays: number;
  /** EXTERNAL_SCHEDULE_DELAY_MINUTES: an outside screener's study opens this long after the return. */
  externalDelayMinutes: number;
  /** The tester's confirmed, current child by its kid GUID (the children service), else null. */
  findChild: (parentId: string, publicId: string) => Promise<ScreeningChild | null>;
}

/** Who is being scheduled: the tester, or their child (decision 029). */
interface Subject {
  person: Person;
  child: ScreeningChild | null;
}

/** A refusal found inside the booking transaction: everything it did is rolled back. */
class Refused extends Error {
  constructor(readonly status: SelfScheduleStatus) {
    super(status);
  }
}

/**
 * Self-schedule (spec 3 "Self-schedule" and section 4; decision 024): who may book which study
 * from the link a qualified screener gave (or every study waiting for the tester), the booking and
 * its scheduling credit in one transaction, the waiting list, and the outside screener's return.
 */
export function createSelfScheduleService(db: Database, deps: SelfScheduleDeps) {
  const now = () => deps.clock.now();

  /**
   * Everything that decides which studies are waiting for the person, read once per call; in `tx`
   * for a booking, under the tester's row lock, so that two calls of one tester read one after the other.
   */
  async function standingOf({ testerId, childId }: Person, tx?: Executor) {
    const at = now();
    const [{ qualified, waitingStudies }, returns, { booked, upcoming, offeredStudies }] = await Promise.all([
      deps.screening.selfScheduleStanding({ testerId, childId }, tx),
      // Outside screeners are the tester's own (children are screened on the hosted screener only).
      childId === null ? deps.studies.externalReturns(testerId, tx) : [],
      deps.scheduling.bookingStanding({ testerId, childId }, at, tx),
    ]);
    const candidates = new Map<number, Candidate>();
    for (const { studyNo, qualifiedAt } of qualified) candidates.set(studyNo, { studyNo, since: qualifiedAt, opensAt: qualifiedAt });
    const delayMs = deps.externalDelayMinutes * MINUTE_MS;
    for (const { studyNo, returnedAt } of returns)
      candidates.set(studyNo, { studyNo, since: returnedAt, opensAt: new Date(returnedAt.getTime() + delayMs) });
    const live = new Set(booked.filter((booking) => booking.live).map((booking) => booking.studyNo));
    const ever = new Set(booked.map((booking) => booking.studyNo));
    // A live seat offer (decision 031) lifts the waiting list's hold on the study for its tester.
    const offered = new Set(offeredStudies);
    const waitlisted = new Set(waitingStudies.filter((studyNo) => !offered.has(studyNo)));

    function statusOf(studyNo: number): StudyStanding {
      if (live.has(studyNo)) return 'hasSchedule';
      const candidate = candidates.get(studyNo);
      // A study booked once (then cancelled or attended) is not offered again.
      if (!candidate || ever.has(studyNo)) return 'notRequested';
      if (waitlisted.has(studyNo)) return 'waitlist';
      if (candidate.opensAt > at) return 'externalPending';
      // Screening's 101 rule: one upcoming study at a time.
      if (upcoming) return 'scheduledFromOther';
      return 'open';
    }

    const ordered = [...candidates.values()].sort((a, b) => a.since.getTime() - b.since.getTime() || a.studyNo - b.studyNo);
    return {
      statusOf,
      candidate: (studyNo: number) => candidates.get(studyNo),
      /** Studies that can be self-scheduled now, earliest qualification first. */
      open: ordered.filter((candidate) => statusOf(candidate.studyNo) === 'open'),
      /** Why nothing is open: the most useful status among the tester's studies. */
      nothingOpen(): { status: SelectedSchedulesStatus; availableAt: Date | null } {
        const statuses = ordered.map((candidate) => statusOf(candidate.studyNo));
        const pending = ordered.filter((candidate) => statusOf(candidate.studyNo) === 'externalPending');
        if (statuses.includes('scheduledFromOther')) return { status: 'scheduledFromOther', availableAt: null };
        if (pending.length) return { status: 'externalPending', availableAt: pending[0]!.opensAt };
        if (statuses.includes('waitlist') || (ordered.length === 0 && waitlisted.size > 0))
          return { status: 'waitlist', availableAt: null };
        if (statuses.includes('hasSchedule')) return { status: 'hasSchedule', availableAt: null };
        return { status: 'notRequested', availableAt: null };
      },
    };
  }

  type Standing = Awaited<ReturnType<typeof standingOf>>;

  /** The studies' choices, in the order given; studies without a group left out. */
  async function choicesOf(person: Person, studyNos: readonly number[]): Promise<SelfScheduleStudy[]> {
    if (studyNos.length === 0) return [];
    const [studies, groups] = await Promise.all([
      deps.studies.findStudies(studyNos),
      // A seat held for the tester by a seat offer is Open to them (decision 031).
      deps.scheduling.selfScheduleChoices(studyNos, undefined, person),
    ]);
    const byNo = new Map(studies.map((study) => [study.studyNo, study]));
    return studyNos.flatMap((studyNo) => {
      const study = byNo.get(studyNo);
      const offered = groups.get(studyNo) ?? [];
      // A closed study offers no time, even to a tester holding its link (decision 050).
      if (!study || !isStudyOpen(study, now()) || offered.length === 0) return [];
      return [
        {
          studyNo,
          studyGuid: study.guid,
          studyName: study.studyBasicInfo,
          colorName: study.colorName,
          coins: study.scheduleCoins,
          exp: study.scheduleExp,
          isExternalScreener: study.screenerKind === 'external',
          groups: offered,
        },
      ];
    });
  }

  /** The person a request is about: the tester, or the confirmed child Child names; null for a child not theirs. */
  async function subjectOf(tester: TesterRow, childPublicId: string | null | undefined): Promise<Subject | null> {
    if (childPublicId == null) return { person: { testerId: tester.id, childId: null }, child: null };
    const child = await deps.findChild(tester.id, childPublicId.toLowerCase());
    return child ? { person: { testerId: tester.id, childId: child.id }, child } : null;
  }

  /**
   * The study a stored link names and who it schedules, when the link is this tester's and still
   * valid: a child's link (its d names the kid) schedules that child, and Child, when sent, must agree.
   */
  async function checkLink(
    tester: TesterRow,
    link: SelectedSchedulesRequest,
  ): Promise<{ studyNo: number; subject: Subject } | { status: 'failed' | 'notMatched' }> {
    const data = deps.screening.verifyStudyLinkData(link.Data!);
    if (!data || data.issuedAt + deps.linkDays * DAY_SECONDS < now().getTime() / 1000) return { status: 'failed' };
    if (link.Tester!.toLowerCase() !== tester.id || data.testerId !== tester.id) return { status: 'notMatched' };
    const linkChild = data.childId ?? null;
    if (link.Child != null && link.Child.toLowerCase() !== linkChild) return { status: 'notMatched' };
    const study = await deps.studies.findStudyByGuid(link.Study!.toLowerCase());
    if (!study || study.studyNo !== data.studyNo) return { status: 'notMatched' };
    const subject = await subjectOf(tester, linkChild);
    return subject ? { studyNo: study.studyNo, subject } : { status: 'notMatched' };
  }

  /** The link's study and subject, or the subject Child names (no link); a status for a link or child that does not hold. */
  async function resolve(
    tester: TesterRow,
    request: SelectedSchedulesRequest,
  ): Promise<{ linkStudy: number | null; subject: Subject } | { status: 'failed' | 'notMatched' | 'suspended' }> {
    if (isSuspended(tester, now())) return { status: 'suspended' };
    if (hasLink(request)) {
      const link = await checkLink(tester, request);
      return 'status' in link ? link : { linkStudy: link.studyNo, subject: link.subject };
    }
    const subject = await subjectOf(tester, request.Child);
    return subject ? { linkStudy: null, subject } : { status: 'notMatched' };
  }

  const selfScheduleAnswer = (status: SelfScheduleStatus, returnSchedules: SelfScheduleStudy[] = []): SelfScheduleResponse => ({
    status,
    coins: 0,
    exp: 0,
    returnSchedules,
    url: '',
  });
  const waitListAnswer = (status: WaitListResponse['status']): WaitListResponse => ({
    status,
    url: status === 'succeed' ? WAIT_LIST_SUCCESS_URL : '',
  });

  /** A standing that forbids waiting-list calls: the tester never qualified, or is booked. */
  const waitListRefusal = (standing: StudyStanding) =>
    standing === 'hasSchedule' || standing === 'notRequested' ? (standing as WaitListResponse['status']) : null;

  return {
    /** POST GetSelectedSchedules: the choices of the link's study, or of every study waiting for the tester. */
    async selectedSchedules(tester: TesterRow, request: SelectedSchedulesRequest): Promise<SelectedSchedulesResponse> {
      const answer = (status: SelectedSchedulesStatus, view: SelfScheduleStudy[] = [], availableAt: Date | null = null) => ({
        status,
        filteredScheduleView: view,
        availableAt: availableAt?.toISOString() ?? null,
      });
      const resolved = await resolve(tester, request);
      if ('status' in resolved) return answer(resolved.status);
      const standing = await standingOf(resolved.subject.person);
      const { linkStudy } = resolved;
      if (linkStudy !== null) {
        const status = standing.statusOf(linkStudy);
        if (status !== 'open') return answer(status, [], status === 'externalPending' ? standing.candidate(linkStudy)!.opensAt : null);
        const view = await choicesOf(resolved.subject.person, [linkStudy]);
        return view.length ? answer('single', view) : answer('noSchedules');
      }
      if (standing.open.length === 0) {
        const why = standing.nothingOpen();
        return answer(why.status, [], why.availableAt);
      }
      const view = await choicesOf(
        resolved.subject.person,
        standing.open.map((candidate) => candidate.studyNo),
      );
      if (view.length === 0) return answer('noSchedules');
      return answer(view.length === 1 ? 'single' : 'multi', view);
    },

    /**
     * POST SelfSchedule: one group per study, all booked and paid in one transaction or none.
     * IsRequest false checks the same things and books nothing (status checked).
     */
    async selfSchedule(
      tester: TesterRow,
      request: SelectedSchedulesRequest & { Child?: string | null; IsRequest: boolean; groupIDs: string[]; pickUpgroupIDs: string[] },
    ): Promise<SelfScheduleResponse> {
      const resolved = await resolve(tester, request);
      if ('status' in resolved) return selfScheduleAnswer(resolved.status);
      const { linkStudy, subject } = resolved;
      const ids = [...request.groupIDs, ...request.pickUpgroupIDs].map((id) => id.toLowerCase());
      // The studies whose choices a refusal shows again: those asked for, else every one open to the person.
      let asked: number[] = [];
      /**
       * The groups asked for and their studies, with the checks that need only them; in `tx` for a
       * booking, after the tester's lock, so that `book` takes the read as it is (one read a booking).
       */
      const groupsAsked = async (tx?: Executor) => {
        const groups = await deps.scheduling.groupsByPublicIds(ids, tx, subject.person);
        const studyNos = [...new Set(groups.map((group) => group.studyNo))];
        if (studyNos.length !== groups.length)
          throw new RequestValidationError([{ field: 'groupIDs', message: 'Choose one time for each study.' }]);
        if (linkStudy !== null && studyNos.some((studyNo) => studyNo !== linkStudy)) throw new Refused('notMatched');
        const studies = new Map((await deps.studies.findStudies(studyNos, tx)).map((study) => [study.studyNo, study]));
        return { groups, studyNos, studies };
      };
      /** The checks before a booking, in their order, from the person's standing: each refuses by throwing Refused. */
      const check = ({ groups, studyNos, studies }: Awaited<ReturnType<typeof groupsAsked>>, standing: Standing) => {
        asked = linkStudy !== null ? [linkStudy] : studyNos.length ? studyNos : standing.open.map((candidate) => candidate.studyNo);
        for (const studyNo of studyNos) {
          const status = standing.statusOf(studyNo);
          if (status !== 'open') throw new Refused(status);
        }
        // An id no group has (a group removed meanwhile) is answered like a group that filled up; so is
        // an Open group of a study closed meanwhile (its recruitment ended: decision 050).
        if (groups.length !== ids.length || !groups.every((group) => group.open && isStudyOpen(studies.get(group.studyNo)!, now())))
          throw new Refused('notAvailable');
        if (checkEmail(tester.email) !== null) throw new Refused('changeEmailAddress');
      };

      try {
        if (!request.IsRequest) {
          check(await groupsAsked(), await standingOf(subject.person));
          return selfScheduleAnswer('checked', await choicesOf(subject.person, asked));
        }
        const paid = await inTransaction(db, async (tx) => {
          // The tester's row, locked once for the unit of work, then the groups and the standing read
          // under it: two calls of one tester run one after the other, so both cannot pass the 101 rule.
          const locked = await deps.testers.lockForUpdate(tester.id, tx);
          const read = await groupsAsked(tx);
          check(read, await standingOf(subject.person, tx));
          const total = { coins: 0, exp: 0 };
          const inOrder = [...read.groups].sort((a, b) => a.id - b.id);
          for (const group of inOrder) {
            const study = read.studies.get(group.studyNo)!;
            // Paid first, so that the booking is written with what it paid (decision 080) in one
            // statement; a refused booking below rolls the payment back with everything else.
            const paid =
              (study.scheduleCoins !== 0 || study.scheduleExp !== 0) &&
              (
                await deps.ledger.record(
                  {
                    testerId: tester.id,
                    coins: study.scheduleCoins,
                    experience: study.scheduleExp,
                    reason: SELF_SCHEDULE_REWARD_REASON,
                    reference: creditReference(study.studyNo, subject.child),
                  },
                  tx,
                )
              ).status === 'recorded';
            const credit = paid ? { coins: study.scheduleCoins, exp: study.scheduleExp } : { coins: 0, exp: 0 };
            // The first booking takes the group as read above; a later one reads its own, as the
            // first may have declined the person's other seat offers.
            const groupRead = group === inOrder[0] ? group.read : undefined;
            const booked = await deps.scheduling.book(
              {
                testerId: tester.id,
                childId: subject.person.childId,
                groupId: group.publicId,
                credit,
                studyName: study.studyBasicInfo,
                groupRead,
              },
              tx,
              locked ?? undefined,
            );
            if (booked.status !== 'succeed') throw new Refused(booked.status === 'notFound' ? 'notAvailable' : booked.status);
            total.coins += credit.coins;
            total.exp += credit.exp;
          }
          return total;
        });
        return { status: 'succeed', ...paid, returnSchedules: [], url: SELF_SCHEDULE_SUCCESS_URL };
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        const refreshed = error.status === 'notAvailable' || error.status === 'overlap' ? await choicesOf(subject.person, asked) : [];
        return selfScheduleAnswer(error.status, refreshed);
      }
    },

    /** POST SelfWaitList: Notify me about Closed groups of a study the tester qualified for. */
    async selfWaitList(tester: TesterRow, request: SelfWaitListRequest): Promise<WaitListResponse> {
      // Scheduling is paused while suspended (decision 046): no seat would be offered to them anyway.
      if (isSuspended(tester, now())) return waitListAnswer('failed');
      const subject = await subjectOf(tester, request.Child);
      if (!subject) return waitListAnswer('notRequested');
      const study = await deps.studies.findStudyByGuid(request.Study.toLowerCase());
      if (!study) return waitListAnswer('notRequested');
      const refusal = waitListRefusal((await standingOf(subject.person)).statusOf(study.studyNo));
      if (refusal) return waitListAnswer(refusal);
      const ids = [...new Set(request.GroupIds.map((id) => id.toLowerCase()))];
      const groups = await deps.scheduling.groupsByPublicIds(ids, undefined, subject.person);
      if (groups.length !== ids.length || groups.some((group) => group.studyNo !== study.studyNo)) return waitListAnswer('notAvailable');
      if (groups.some((group) => group.open)) return waitListAnswer('groupOpen');
      // No seat of a group past its booking close is offered to the waiting list (decision 031): nothing to wait for.
      if (groups.some((group) => group.bookingClosed)) return waitListAnswer('notAvailable');
      await deps.screening.addToWaitingList({
        studyNo: study.studyNo,
        testerId: tester.id,
        childId: subject.person.childId,
        reason: 'notify',
        groupIds: groups.map((group) => group.id),
      });
      return waitListAnswer('succeed');
    },

    /** POST NotInterest: the tester declines the study; it goes on the waiting list as not interested. */
    async notInterest(tester: TesterRow, request: NotInterestRequest): Promise<WaitListResponse> {
      const subject = await subjectOf(tester, request.Child);
      if (!subject) return waitListAnswer('notRequested');
      const refusal = waitListRefusal((await standingOf(subject.person)).statusOf(request.StudyNo));
      if (refusal) return waitListAnswer(refusal);
      await deps.screening.addToWaitingList({
        studyNo: request.StudyNo,
        testerId: tester.id,
        childId: subject.person.childId,
        reason: 'notInterested',
        groupIds: [],
      });
      // A seat held for them in this study goes to the next person at once (decision 031).
      await deps.scheduling.declineSeatOffers(subject.person, request.StudyNo);
      return waitListAnswer('succeed');
    },

    /**
     * GET ReSelfSchedule: a fresh link to the one study waiting for the tester, the bare page (which
     * then asks for every study) when several wait, else '' and why.
     */
    async reSelfSchedule(tester: TesterRow): Promise<ReSelfScheduleResponse> {
      const self = { testerId: tester.id, childId: null };
      const standing = await standingOf(self);
      const view = await choicesOf(
        self,
        standing.open.map((candidate) => candidate.studyNo),
      );
      const messages = screenerMessagesFor(tester);
      if (view.length === 1)
        return {
          url: deps.screening.selfScheduleLink(tester.id, { studyNo: view[0]!.studyNo, guid: view[0]!.studyGuid }),
          detail: messages('reSelfScheduleFound'),
        };
      if (view.length > 1) return { url: SELF_SCHEDULE_PATH, detail: messages('reSelfScheduleFound') };
      if (standing.nothingOpen().status === 'externalPending') return { url: '', detail: messages('reSelfSchedulePending') };
      return { url: '', detail: messages('reSelfScheduleNone') };
    },

    /**
     * POST GiveCoinsExternalScreener: redeems the outside screener's token once (a conditional
     * UPDATE), only with the partner's signature of it (decision 077), and pays the study's screening
     * credit in the same transaction (once per tester and study, as the hosted screener does).
     */
    async giveCoinsExternalScreener(
      tester: TesterRow,
      token: string,
      signature: string | undefined,
    ): Promise<GiveCoinsExternalScreenerResponse> {
      const result = await inTransaction(db, async (tx) => {
        const studyNo = await deps.studies.redeemExternalToken(token, signature, tester.id, tx);
        if (studyNo === null) return null;
        const [study] = await deps.studies.findStudies([studyNo], tx);
        if (!study || (study.coinValue === 0 && study.screeningExp === 0)) return { studyNo, coins: 0, exp: 0 };
        const paid = await deps.ledger.record(
          {
            testerId: tester.id,
            coins: study.coinValue,
            experience: study.screeningExp,
            reason: SCREENER_REWARD_REASON,
            reference: String(studyNo),
          },
          tx,
        );
        return paid.status === 'recorded' ? { studyNo, coins: study.coinValue, exp: study.screeningExp } : { studyNo, coins: 0, exp: 0 };
      });
      if (!result) return { status: 'failed', coins: 0, exp: 0, availableAt: null };
      const returned = (await deps.studies.externalReturns(tester.id)).find((entry) => entry.studyNo === result.studyNo);
      const availableAt = returned ? new Date(returned.returnedAt.getTime() + deps.externalDelayMinutes * MINUTE_MS) : null;
      return { status: 'succeed', coins: result.coins, exp: result.exp, availableAt: availableAt?.toISOString() ?? null };
    },
  };
}

export type SelfScheduleService = ReturnType<typeof createSelfScheduleService>;
