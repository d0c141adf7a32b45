import type { Clock } from '../../core/clock.ts';
import { inTransaction, type Database, type Executor } from '../../core/db/client.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { SchedulingService } from '../scheduling/scheduling-service.ts';
import { isStudyFull, SCREENER_TEXTS, type StudyRow, type StudyService } from '../studies/study-service.ts';
import type { TesterRow } from '../testers/tester-service.ts';
import { checkAnswers, isDisqualified, matchingQuota, shuffledFor, type Answers, type ScreenerQuota } from './screener-rules.ts';
import { createScreeningRepository, type ScreenerDefinition, type ScreeningStatus, type WaitingListEntry } from './screening-repository.ts';
import { signStudyLinkData, verifyStudyLinkData } from './study-link-token.ts';

export type { Answers } from './screener-rules.ts';
export type { ScreenerDefinition, WaitingListEntry, WaitingListReason } from './screening-repository.ts';

/** The ledger reason of screening credit; the reference is the study number, so it is paid once per tester and study. */
export const SCREENER_REWARD_REASON = 'screener';

/** Where a qualified tester goes to pick a session (the scheduling issue builds the page). */
export const SELF_SCHEDULE_PATH = '/community/main/schedule/self';

export type Invalid = { status: 'invalid'; field: string; message: string };
export type NotFound = { status: 'notFound' };

export type CompleteResult =
  | { outcome: 'qualified'; redirectLink: string; coins: number; exp: number }
  | { outcome: 'alreadyScheduled'; status: typeof SCREENER_TEXTS.alreadyScheduledStatus; message: string; coins: number; exp: number }
  | { outcome: 'full'; status: typeof SCREENER_TEXTS.fullStatus; message: string }
  | { outcome: 'waitlisted'; message: string; coins: number; exp: number }
  | { outcome: 'disqualified'; message: string };

/** The quota was full by the time this completion reached it. */
class PlaceTaken extends Error {}

/**
 * The hosted screener (decision 017): its questions for a tester, kept progress, and the completion,
 * decided on the server in one unit of work (the outcome, quota and study counts, waiting list,
 * screening credit through the ledger).
 */
export function createScreeningService(
  db: Database,
  deps: { clock: Clock; studies: StudyService; ledger: LedgerService; scheduling: SchedulingService; studyLinkSecret: string },
) {
  const repository = createScreeningRepository(db);

  /** The self-schedule address with s, t and a freshly signed d for the tester and study. */
  function selfScheduleLink(testerId: string, study: Pick<StudyRow, 'guid' | 'studyNo'>, quotaId: number | null, now: Date) {
    const data = signStudyLinkData(
      { testerId, studyNo: study.studyNo, quotaId, issuedAt: Math.floor(now.getTime() / 1000) },
      deps.studyLinkSecret,
    );
    return `${SELF_SCHEDULE_PATH}?${new URLSearchParams({ s: study.guid, t: testerId, d: data }).toString()}`;
  }

  /** The study when this tester may take its hosted screener now. */
  async function hostedStudyFor(tester: TesterRow, studyNo: number): Promise<StudyRow | null> {
    const study = await deps.studies.openStudyFor(tester, studyNo);
    return study && study.screenerKind === 'hosted' ? study : null;
  }

  /** Pays the screening credit once; what this call paid (0 when it was paid before). */
  async function credit(tester: TesterRow, study: StudyRow, tx: Executor) {
    if (study.coinValue === 0 && study.screeningExp === 0) return { coins: 0, exp: 0 };
    const result = await deps.ledger.record(
      {
        testerId: tester.id,
        coins: study.coinValue,
        experience: study.screeningExp,
        reason: SCREENER_REWARD_REASON,
        reference: String(study.studyNo),
      },
      tx,
    );
    return result.status === 'recorded' ? { coins: study.coinValue, exp: study.screeningExp } : { coins: 0, exp: 0 };
  }

  /** Counts the tester in the study's target and the quota, both or neither: false when either is full. */
  async function claimPlace(studyNo: number, quota: ScreenerQuota | null, tx: Executor): Promise<boolean> {
    try {
      await tx.transaction(async (savepoint) => {
        const executor = savepoint as unknown as Executor;
        if (!(await deps.studies.claimRecruitSlot(studyNo, executor))) throw new PlaceTaken();
        if (quota && !(await createScreeningRepository(executor).claimQuota(quota.id))) throw new PlaceTaken();
      });
      return true;
    } catch (error) {
      if (error instanceof PlaceTaken) return false;
      throw error;
    }
  }

  return {
    /** The screener as the page shows it (options in this tester's order where the study shuffles), with saved answers. */
    async screenerFor(tester: TesterRow, studyNo: number) {
      const study = await hostedStudyFor(tester, studyNo);
      if (!study) return null;
      const [{ questions }, screening] = await Promise.all([
        repository.loadScreener(studyNo),
        repository.findScreening(tester.id, studyNo),
      ]);
      return {
        studyNo: study.studyNo,
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
    async saveAnswers(tester: TesterRow, studyNo: number, answers: Answers): Promise<{ status: 'saved' } | Invalid | NotFound> {
      const study = await hostedStudyFor(tester, studyNo);
      if (!study) return { status: 'notFound' };
      const checked = checkAnswers((await repository.loadScreener(studyNo)).questions, answers, false);
      if (!checked.ok) return { status: 'invalid', field: checked.field, message: checked.message };
      const saved = await repository.saveProgress(tester.id, studyNo, checked.answers, deps.clock.now());
      return saved ? { status: 'saved' } : { status: 'notFound' };
    },

    /**
     * Completes the screener once: disqualified; else a waiting-list study waitlists; else a full study
     * or quota gives 102; else an upcoming booking gives 101; else qualified. Credit for qualified,
     * 101 and waitlisted. A second completion finds the screening done (notFound).
     */
    async complete(tester: TesterRow, studyNo: number, answers: Answers): Promise<CompleteResult | Invalid | NotFound> {
      const study = await hostedStudyFor(tester, studyNo);
      if (!study) return { status: 'notFound' };
      const { questions, quotas } = await repository.loadScreener(studyNo);
      const checked = checkAnswers(questions, answers, true);
      if (!checked.ok) return { status: 'invalid', field: checked.field, message: checked.message };
      const given = checked.answers;

      return inTransaction(db, async (tx) => {
        const now = deps.clock.now();
        const screenings = createScreeningRepository(tx);
        const screening = await screenings.lockScreening(tester.id, studyNo, now);
        if (screening.status !== 'inProgress') return { status: 'notFound' as const };
        const quota = matchingQuota(quotas, given);
        const finish = (status: ScreeningStatus) =>
          screenings.finishScreening(screening.id, { status, answers: given, quotaId: quota?.id ?? null, completedAt: now });

        if (isDisqualified(questions, given) || (quotas.length > 0 && !quota)) {
          await finish('disqualified');
          return { outcome: 'disqualified' as const, message: SCREENER_TEXTS.disqualified };
        }
        if (study.isWaitingList) {
          await screenings.addToWaitingList({ studyNo, testerId: tester.id, reason: 'screener', groupIds: [] }, now);
          await finish('waitlisted');
          return { outcome: 'waitlisted' as const, message: SCREENER_TEXTS.waitlisted, ...(await credit(tester, study, tx)) };
        }
        const full = { outcome: 'full' as const, status: SCREENER_TEXTS.fullStatus, message: SCREENER_TEXTS.full };
        if (await deps.scheduling.hasUpcomingBooking(tester.id, now, tx)) {
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
            message: SCREENER_TEXTS.alreadyScheduled,
            ...(await credit(tester, study, tx)),
          };
        }
        if (!(await claimPlace(studyNo, quota, tx))) {
          await finish('full');
          return full;
        }
        await finish('qualified');
        const paid = await credit(tester, study, tx);
        return { outcome: 'qualified' as const, redirectLink: selfScheduleLink(tester.id, study, quota?.id ?? null, now), ...paid };
      });
    },

    /** The data of a self-schedule link's `d`, when this server signed it (the scheduling issue reads it). */
    verifyStudyLinkData: (token: string) => verifyStudyLinkData(token, deps.studyLinkSecret),

    /** A fresh self-schedule address for a study the tester may schedule (ReSelfSchedule, test support). */
    selfScheduleLink: (testerId: string, study: Pick<StudyRow, 'guid' | 'studyNo'>) =>
      selfScheduleLink(testerId, study, null, deps.clock.now()),

    /** The studies the tester qualified for through the hosted screener, earliest first. */
    qualifiedStudies: (testerId: string) => repository.qualifiedStudies(testerId),

    /**
     * The one waiting list (decision 024): the screener's waiting-list studies, Notify me and Not
     * interested all land here, once per tester and study.
     */
    addToWaitingList: (entry: WaitingListEntry, tx?: Executor) =>
      createScreeningRepository(tx ?? db).addToWaitingList(entry, deps.clock.now()),
    waitingListOf: (testerId: string) => repository.waitingListOf(testerId),
    /**
     * Who waits for a session group (decision 031): the study's Notify me entries naming the group,
     * oldest first. Screener and not-interested entries never chose a group, so they are not asked.
     */
    waitingForGroup: (studyNo: number, groupId: number, tx?: Executor) =>
      createScreeningRepository(tx ?? db).notifyWaitersOf(studyNo, groupId),

    /** Records the tester as qualified for the study without a screener (test support only). */
    recordQualified: (testerId: string, studyNo: number) => repository.recordQualified(testerId, studyNo, deps.clock.now()),
    /** A self-schedule link's `d` as a qualifying completion makes it (test support mints links with it). */
    signStudyLinkData: (data: Parameters<typeof signStudyLinkData>[0]) => signStudyLinkData(data, deps.studyLinkSecret),
    /** Where the tester's screening for the study stands (null: never started). */
    async screeningStatus(testerId: string, studyNo: number): Promise<ScreeningStatus | null> {
      return (await repository.findScreening(testerId, studyNo))?.status ?? null;
    },
  };
}

/** Writes a hosted screener from its definition (the seed; later the staff console). */
export async function saveScreener(tx: Executor, definition: ScreenerDefinition) {
  return createScreeningRepository(tx).insertScreener(definition);
}

export type ScreeningService = ReturnType<typeof createScreeningService>;
