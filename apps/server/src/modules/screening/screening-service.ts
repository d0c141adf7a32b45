import type { CompleteOutcome } from '@testerhub/shared/screener-schemas';
import { screenerMessagesFor } from '@testerhub/shared/screener-messages';
import { languageOf } from '@testerhub/shared/i18n';
import type { Clock } from '../../core/clock.ts';
import { afterCommit, inTransaction, type Database, type Executor } from '../../core/db/client.ts';
import type { BusinessCounters } from '../../core/metrics/app-metrics.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { SchedulingService } from '../scheduling/scheduling-service.ts';
import { childFitsStudy, isStudyFull, SCREENER_TEXTS } from '@testerhub/shared/study-rules';
import type { StudyRow, StudyService } from '../studies/study-service.ts';
import type { TesterRow } from '../testers/tester-service.ts';
import { checkAnswers, screenerVerdict, shuffledFor, type Answers, type ScreenerQuota } from './screener-rules.ts';
import {
  createScreeningRepository,
  type Person,
  type ScreenerDefinition,
  type ScreeningStatus,
  type WaitingListEntry,
} from './screening-repository.ts';
import { signStudyLinkData, verifyStudyLinkData } from './study-link-token.ts';

export type { Answers } from './screener-rules.ts';
/** The study's finished screeners, as a subquery of tester ids (invitations, decision 052). */
export { screenedInStudySql } from './screening-repository.ts';
export type { Person, ScreenerDefinition, WaitingListEntry, WaitingListReason } from './screening-repository.ts';

/** A confirmed child of the tester, screened through the parent's account (the k of the address; decision 029). */
export interface ScreeningChild {
  id: number;
  publicId: string;
  fullName: string;
  birthDate: string;
}

/** The ledger reference of a study's credit for a person: the study number, and the kid GUID for a child. */
export const creditReference = (studyNo: number, child: { publicId: string } | null) =>
  child ? `${studyNo}:child:${child.publicId}` : String(studyNo);

/** The ledger reason of screening credit; the reference is the study number, so it is paid once per tester and study. */
export const SCREENER_REWARD_REASON = 'screener';

/** Where a qualified tester goes to pick a session (the scheduling issue builds the page). */
export const SELF_SCHEDULE_PATH = '/community/main/schedule/self';

export type Invalid = { status: 'invalid'; field: string; message: string };
export type NotFound = { status: 'notFound' };

export type CompleteResult = CompleteOutcome;

/** The quota was full by the time this completion reached it. */
class PlaceTaken extends Error {}

/** The self-schedule address with s, t, a freshly signed d for the person and study, and k for a child. */
const selfScheduleAddress =
  (secret: string) =>
  (testerId: string, study: Pick<StudyRow, 'guid' | 'studyNo'>, quotaId: number | null, now: Date, childPublicId: string | null = null) => {
    const data = signStudyLinkData(
      { testerId, studyNo: study.studyNo, quotaId, issuedAt: Math.floor(now.getTime() / 1000), childId: childPublicId },
      secret,
    );
    const query = new URLSearchParams({ s: study.guid, t: testerId, d: data, ...(childPublicId ? { k: childPublicId } : {}) });
    return `${SELF_SCHEDULE_PATH}?${query.toString()}`;
  };

/**
 * What seat offers read of screening (decision 031): the study's waiting list for a freed seat and
 * a fresh self-schedule link. Built before scheduling, which the screening service itself uses, so
 * that no module reaches one built after it (decision 082).
 */
export function createScreeningReader(db: Database, deps: { clock: Clock; studyLinkSecret: string }) {
  const selfScheduleLink = selfScheduleAddress(deps.studyLinkSecret);
  return {
    /** A fresh self-schedule address for a study the tester may schedule (ReSelfSchedule, seat offers, test support). */
    selfScheduleLink: (testerId: string, study: Pick<StudyRow, 'guid' | 'studyNo'>, childPublicId: string | null = null) =>
      selfScheduleLink(testerId, study, null, deps.clock.now(), childPublicId),

    /**
     * Who waits for a session group (decision 031): the study's Notify me entries naming the group,
     * oldest first. Screener and not-interested entries never chose a group, so they are not asked.
     */
    waitingForGroup: (studyNo: number, groupId: number, tx?: Executor) =>
      createScreeningRepository(tx ?? db).notifyWaitersOf(studyNo, groupId),
    /** Who waits for any seat of the study: screener and Notify me entries, oldest first (decision 123). */
    waitingForStudy: (studyNo: number, tx?: Executor) => createScreeningRepository(tx ?? db).waitersOfStudy(studyNo),
    /** A cancelled group leaves every Notify me entry naming it, in the caller's unit of work (decision 123). */
    forgetGroup: (studyNo: number, groupId: number, tx: Executor) => createScreeningRepository(tx).forgetGroup(studyNo, groupId),
  };
}

export type ScreeningReader = ReturnType<typeof createScreeningReader>;

/**
 * The hosted screener (decision 017): its questions for a tester, kept progress, and the completion,
 * decided on the server in one unit of work (the outcome, quota and study counts, waiting list,
 * screening credit through the ledger).
 */
export function createScreeningService(
  db: Database,
  deps: {
    clock: Clock;
    studies: StudyService;
    ledger: LedgerService;
    scheduling: SchedulingService;
    studyLinkSecret: string;
    /** The tester's confirmed, current child by its kid GUID (the children service), else null. */
    findChild: (parentId: string, publicId: string) => Promise<ScreeningChild | null>;
    /** Told of each finished screener (whatever its outcome), inside its transaction: the leaderboard's counter (decision 039). */
    onScreenerFilled?: (testerId: string, tx: Executor) => Promise<void>;
    /** Finished screeners by outcome, counted once committed (decision 094); absent in a few tests. */
    counters?: Pick<BusinessCounters, 'screenings'>;
  },
) {
  const repository = createScreeningRepository(db);

  const reader = createScreeningReader(db, deps);
  const selfScheduleLink = selfScheduleAddress(deps.studyLinkSecret);

  /** Who the screener is for: the tester (no kid) or their confirmed child; undefined for a kid GUID that names none. */
  async function screeneeOf(tester: TesterRow, kid: string | undefined): Promise<{ child: ScreeningChild | null } | undefined> {
    if (kid === undefined) return { child: null };
    const child = await deps.findChild(tester.id, kid.toLowerCase());
    return child ? { child } : undefined;
  }

  /** The study when this person may take its hosted screener now: a child's age must be one the study takes. */
  async function hostedStudyFor(tester: TesterRow, studyNo: number, child: ScreeningChild | null): Promise<StudyRow | null> {
    const study = await deps.studies.openStudyFor(tester, studyNo);
    if (!study || study.screenerKind !== 'hosted') return null;
    // A screener opened by its address, not through DoScreeners, is held too (decision 129).
    if (await deps.studies.screeningHeld(tester.id)) return null;
    if (child && !childFitsStudy(study, child, deps.clock.now())) return null;
    return study;
  }

  const personOf = (tester: TesterRow, child: ScreeningChild | null): Person => ({ testerId: tester.id, childId: child?.id ?? null });

  /** Pays the screening credit once per person and study, to the tester; what this call paid (0 when it was paid before). */
  async function credit(tester: TesterRow, study: StudyRow, tx: Executor, child: ScreeningChild | null) {
    if (study.coinValue === 0 && study.screeningExp === 0) return { coins: 0, exp: 0 };
    const result = await deps.ledger.record(
      {
        testerId: tester.id,
        coins: study.coinValue,
        experience: study.screeningExp,
        reason: SCREENER_REWARD_REASON,
        reference: creditReference(study.studyNo, child),
      },
      tx,
    );
    return result.status === 'recorded' ? { coins: study.coinValue, exp: study.screeningExp } : { coins: 0, exp: 0 };
  }

  /** Counts the tester in the study's target and the quota, both or neither: false when either is full. */
  async function claimPlace(studyNo: number, quota: ScreenerQuota | null, tx: Executor): Promise<boolean> {
    try {
      // A savepoint: a place not taken undoes the other claim and leaves the caller's work going on.
      await inTransaction(
        db,
        async (savepoint) => {
          if (!(await deps.studies.claimRecruitSlot(studyNo, savepoint))) throw new PlaceTaken();
          if (quota && !(await createScreeningRepository(savepoint).claimQuota(quota.id))) throw new PlaceTaken();
        },
        tx,
      );
      return true;
    } catch (error) {
      if (error instanceof PlaceTaken) return false;
      throw error;
    }
  }

  return {
    /** The tester's part of the data export (decision 040). */
    exportData: (testerId: string) => repository.exportOf(testerId),

    /** The screener as the page shows it (options in this tester's order where the study shuffles), with saved answers. */
    async screenerFor(tester: TesterRow, studyNo: number, kid?: string) {
      const screenee = await screeneeOf(tester, kid);
      if (!screenee) return null;
      const study = await hostedStudyFor(tester, studyNo, screenee.child);
      if (!study) return null;
      const [{ questions }, screening] = await Promise.all([
        repository.loadScreener(studyNo),
        repository.findScreening(personOf(tester, screenee.child), studyNo),
      ]);
      return {
        studyNo: study.studyNo,
        ...(screenee.child && { childName: screenee.child.fullName }),
        title: study.studyBasicInfo,
        colorName: study.colorName,
        coinValue: study.coinValue,
        questions: questions.map((question) => ({
          id: question.id,
          kind: question.kind,
          prompt: question.prompt,
          required: question.required,
          ...(question.minChoices !== null && { minChoices: question.minChoices }),
          ...(question.maxChoices !== null && { maxChoices: question.maxChoices }),
          ...(question.minValue !== null && { minValue: question.minValue }),
          ...(question.maxValue !== null && { maxValue: question.maxValue }),
          ...(question.maxLength !== null && { maxLength: question.maxLength }),
          showIf: question.showIf,
          options: (study.shuffleOptions ? shuffledFor(question.options, tester.id) : question.options).map(({ id, label }) => ({
            id,
            label,
          })),
        })),
        answers: screening?.status === 'inProgress' ? screening.answers : {},
        status: 'inProgress' as const,
      };
    },

    /** Keeps answers so the tester can leave and come back; each given value must fit its question. */
    async saveAnswers(
      tester: TesterRow,
      studyNo: number,
      answers: Answers,
      kid?: string,
    ): Promise<{ status: 'saved' } | Invalid | NotFound> {
      const screenee = await screeneeOf(tester, kid);
      if (!screenee) return { status: 'notFound' };
      const study = await hostedStudyFor(tester, studyNo, screenee.child);
      if (!study) return { status: 'notFound' };
      const checked = checkAnswers((await repository.loadScreener(studyNo)).questions, answers, false, languageOf(tester.language));
      if (!checked.ok) return { status: 'invalid', field: checked.field, message: checked.message };
      const saved = await repository.saveProgress(personOf(tester, screenee.child), studyNo, checked.answers, deps.clock.now());
      return saved ? { status: 'saved' } : { status: 'notFound' };
    },

    /**
     * Completes the screener once: disqualified; else a waiting-list study waitlists; else a full study
     * or quota gives 102; else an upcoming booking gives 101; else qualified. Credit for qualified,
     * 101 and waitlisted. A second completion finds the screening done (notFound).
     */
    async complete(tester: TesterRow, studyNo: number, answers: Answers, kid?: string): Promise<CompleteResult | Invalid | NotFound> {
      const screenee = await screeneeOf(tester, kid);
      if (!screenee) return { status: 'notFound' };
      const { child } = screenee;
      const person = personOf(tester, child);
      const study = await hostedStudyFor(tester, studyNo, child);
      if (!study) return { status: 'notFound' };
      const { questions, quotas } = await repository.loadScreener(studyNo);
      const verdict = screenerVerdict(questions, quotas, answers, languageOf(tester.language));
      if (verdict.kind === 'invalid') return { status: 'invalid', field: verdict.field, message: verdict.message };
      const given = verdict.answers;

      return inTransaction(db, async (tx) => {
        const now = deps.clock.now();
        const screenings = createScreeningRepository(tx);
        const screening = await screenings.lockScreening(person, studyNo, now);
        if (screening.status !== 'inProgress') return { status: 'notFound' as const };
        const quota = verdict.kind === 'passes' ? verdict.quota : null;
        const finish = async (status: ScreeningStatus) => {
          await screenings.finishScreening(screening.id, { status, answers: given, quotaId: quota?.id ?? null, completedAt: now });
          await deps.onScreenerFilled?.(tester.id, tx);
          afterCommit(tx, () => deps.counters?.screenings.inc({ outcome: status }));
        };

        if (verdict.kind === 'disqualified') {
          await finish('disqualified');
          return { outcome: 'disqualified' as const, message: screenerMessagesFor(tester)('disqualified') };
        }
        if (study.isWaitingList) {
          await screenings.addToWaitingList(
            { studyNo, testerId: tester.id, childId: person.childId, reason: 'screener', groupIds: [] },
            now,
          );
          await finish('waitlisted');
          return {
            outcome: 'waitlisted' as const,
            message: screenerMessagesFor(tester)('waitlisted'),
            ...(await credit(tester, study, tx, child)),
          };
        }
        const full = { outcome: 'full' as const, status: SCREENER_TEXTS.fullStatus, message: screenerMessagesFor(tester)('full') };
        if (await deps.scheduling.hasUpcomingBooking(tester.id, now, tx, person.childId)) {
          // A tester who cannot book takes no place: fullness is only read here.
          const current = await deps.studies.findStudy(studyNo, tx);
          if (!current || isStudyFull(current) || (quota && (await screenings.isQuotaFull(quota.id)))) {
            await finish('full');
            return full;
          }
          await finish('alreadyScheduled');
          return {
            outcome: 'alreadyScheduled' as const,
            status: SCREENER_TEXTS.alreadyScheduledStatus,
            message: screenerMessagesFor(tester)('alreadyScheduled'),
            ...(await credit(tester, study, tx, child)),
          };
        }
        if (!(await claimPlace(studyNo, quota, tx))) {
          await finish('full');
          return full;
        }
        await finish('qualified');
        const paid = await credit(tester, study, tx, child);
        const redirectLink = selfScheduleLink(tester.id, study, quota?.id ?? null, now, child?.publicId ?? null);
        return { outcome: 'qualified' as const, redirectLink, ...paid };
      });
    },

    /**
     * The 101 rule is about now (issue 29): a screener finished with 101 opens again, answers kept,
     * once its person no longer holds an upcoming booking (attended, cancelled, no-show, or started),
     * so the study is listed and invitations reach the tester again. Run by a job; the credit stays
     * paid once.
     */
    reopenAfterBookings: () =>
      repository.reopenAfterBookings((testerId, childId) => deps.scheduling.upcomingBookingOfSql(testerId, childId, deps.clock.now())),

    /** The data of a self-schedule link's `d`, when this server signed it (the scheduling issue reads it). */
    verifyStudyLinkData: (token: string) => verifyStudyLinkData(token, deps.studyLinkSecret),

    selfScheduleLink: reader.selfScheduleLink,

    /**
     * The studies the person qualified for through the hosted screener, earliest first, and those
     * whose waiting list holds them, in one read: self-schedule's part of the person's standing; in
     * the caller's unit of work when given.
     */
    selfScheduleStanding: (person: Person, tx?: Executor) => createScreeningRepository(tx ?? db).selfScheduleStanding(person),

    /**
     * The one waiting list (decision 024): the screener's waiting-list studies, Notify me and Not
     * interested all land here, once per tester and study.
     */
    addToWaitingList: (entry: WaitingListEntry, tx?: Executor) =>
      createScreeningRepository(tx ?? db).addToWaitingList(entry, deps.clock.now()),
    waitingForGroup: reader.waitingForGroup,

    /** The study's questions with their options, in order (the staff's results, decision 051). */
    screenerQuestions: async (studyNo: number) => (await repository.loadScreener(studyNo)).questions,
    /** The study's screenings for the staff: a page oldest first after `afterId`, or the newest `limit`. */
    screeningsOfStudy: (studyNo: number, page: { afterId: number; limit: number } | { newestSkipping: number; limit: number }) =>
      repository.screeningsOfStudy(studyNo, page),
    countScreenings: (studyNo: number) => repository.countScreenings(studyNo),
    /** Who finished the study's screener and who passed it (the recruiting funnel, decision 122). */
    screeningFunnel: (studyNo: number) => repository.screeningFunnel(studyNo),
    /** Each quota's fill, qualified of target, in order (the study page, its results and CSV; decision 121). */
    quotaFill: (studyNo: number) => repository.quotaFill(studyNo),
    /** The study's waiting list, oldest entry first (the staff's results). */
    waitingListOfStudy: (studyNo: number) => repository.waitingListOfStudy(studyNo),

    /** Where each child of the tester stands in the study: screened (finished) and waitlisted, by child key. */
    childrenInStudy: (testerId: string, studyNo: number) => repository.childrenInStudy(testerId, studyNo),

    /** Records the person as qualified for the study without a screener (test support only). */
    recordQualified: (person: Person, studyNo: number) => repository.recordQualified(person, studyNo, deps.clock.now()),
    /** A self-schedule link's `d` as a qualifying completion makes it (test support mints links with it). */
    signStudyLinkData: (data: Parameters<typeof signStudyLinkData>[0]) => signStudyLinkData(data, deps.studyLinkSecret),
    /** Where the tester's screening for the study stands (null: never started). */
    async screeningStatus(person: Person, studyNo: number): Promise<ScreeningStatus | null> {
      return (await repository.findScreening(person, studyNo))?.status ?? null;
    },
  };
}

/** Writes a hosted screener from its definition (the seed; later the staff console). */
export async function saveScreener(tx: Executor, definition: ScreenerDefinition) {
  return createScreeningRepository(tx).insertScreener(definition);
}

export type ScreeningService = ReturnType<typeof createScreeningService>;
