import {
  STUDY_ADMIN_TEXTS as TEXTS,
  STUDY_LIST_PAGE_SIZE,
  studyState,
  type CreateStudyPayload,
  type PreviewScreenerPayload,
  type SaveStudyPayload,
  type SetStudyOpenPayload,
  type StudyChangeResponse,
  type StudyDetailResponse,
  type StudyFields,
  type StudyFormOptions,
  type StudyListQuery,
  type StudyListResponse,
} from '@testerhub/shared/study-admin-schemas';
import type { TestSite } from '@testerhub/shared/public-content';
import { instantOnClock } from '@testerhub/shared/wall-clock';
import type { Clock } from '../../core/clock.ts';
import type { Database, Executor } from '../../core/db/client.ts';
import { foreignKeyOf } from '../../core/db/foreign-key.ts';
import { refusalAnswered, StaffRefusal } from '../../core/audit/audited.ts';
import type { ScreenerAdminService } from '../screening/screener-admin-service.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import { createStudyRepository, type NewStudy, type StudyRow } from './study-repository.ts';
import { allowedScreenerUrl } from './study-service.ts';

interface StudyAdminDeps {
  clock: Clock;
  /** The company's zone (LOYALTY_TIME_ZONE): an online-only study's dates are on its clock (decision 135). */
  companyTimeZone: string;
  /** The staff service's audit helper: the change and its audit row commit together (decision 043). */
  audited: StaffService['audited'];
  listTestSites: () => Promise<readonly TestSite[]>;
  /** Which of these ids are About-me answers (the dossier module). */
  existingAnswerIds: (ids: readonly number[]) => Promise<number[]>;
  /** The hosted screener's staff calls (the screening module's). */
  screeners: ScreenerAdminService;
}

/** The study's foreign key to its test site (migration 0045). */
const SITE_FOREIGN_KEY = 'studies_site_id_test_sites_site_id_fk';

/** The columns a study's form sets; dates sent with no zone are on `timeZone`'s clock (decision 135). */
function columnsOf(fields: CreateStudyPayload, timeZone: string): Omit<NewStudy, 'studyNo'> {
  const {
    studyNo: _studyNo,
    targetAnswerIds: _targets,
    screener: _screener,
    externalReturnSecret: _secret,
    opensAt,
    closesAt,
    externalUrl,
    ...rest
  } = fields;
  return {
    ...rest,
    opensAt: instantOnClock(opensAt, timeZone),
    closesAt: closesAt === null ? null : instantOnClock(closesAt, timeZone),
    externalUrl: fields.screenerKind === 'external' ? externalUrl : null,
  };
}

/** The audit rows' view of a study: its fields, targets and screener. */
const auditView = (row: StudyRow, targets: number[], screener: unknown) => ({ ...row, targetAnswerIds: targets, screener });

/**
 * Stores a return secret staff typed for an outside screener (decision 077), inside the change's unit
 * of work. Whether it was replaced goes into the audit row; the secret itself never does.
 */
async function keepReturnSecret(tx: Executor, input: CreateStudyPayload, now: Date): Promise<{ returnSecretReplaced: boolean }> {
  if (input.screenerKind !== 'external' || !input.externalReturnSecret) return { returnSecretReplaced: false };
  await createStudyRepository(tx).setReturnSecret(input.studyNo, input.externalReturnSecret, now);
  return { returnSecretReplaced: true };
}

/**
 * Studies in the staff console (issue 12 section 2; decision 050): the list, the form's data, create,
 * save with an optimistic version check, open and close, and the screener's preview. Each change and
 * its audit row commit together; the screener is written by the screening module.
 */
export function createStudyAdminService(db: Database, deps: StudyAdminDeps) {
  const repository = createStudyRepository(db);

  /** What the schema cannot know: the site, the About-me answers and the outside screener's host exist. */
  async function checkReferences(fields: StudyFields): Promise<StaffRefusal | null> {
    if (fields.siteId !== null && !(await deps.listTestSites()).some((site) => site.siteId === fields.siteId))
      return new StaffRefusal(TEXTS.unknownSite, 'siteId');
    const known = new Set(await deps.existingAnswerIds(fields.targetAnswerIds));
    const index = fields.targetAnswerIds.findIndex((id) => !known.has(id));
    if (index >= 0) return new StaffRefusal(TEXTS.unknownTarget, `targetAnswerIds.${index}`);
    if (fields.screenerKind === 'external' && !allowedScreenerUrl(fields.externalUrl, await repository.listHosts()))
      return new StaffRefusal(TEXTS.hostNotAllowed, 'externalUrl');
    return null;
  }

  /** The clock a study's dates are typed and read on: its test site's, or the company's online (decision 135). */
  async function clockOf(siteId: string | null): Promise<string> {
    const site = siteId === null ? undefined : (await deps.listTestSites()).find((candidate) => candidate.siteId === siteId);
    return site?.timeZone ?? deps.companyTimeZone;
  }

  async function change(run: () => Promise<{ studyNo: number; version: number }>, message: string): Promise<StudyChangeResponse> {
    return refusalAnswered(async () => {
      const { studyNo, version } = await run().catch((error: unknown) => {
        // The site was removed after checkReferences read the cached list: the study's foreign key
        // refused it inside the unit of work, and nothing was written (as for session groups, decision 071).
        if (foreignKeyOf(error) === SITE_FOREIGN_KEY) throw new StaffRefusal(TEXTS.unknownSite, 'siteId');
        throw error;
      });
      return { status: 'succeed' as const, message, studyNo, version };
    });
  }

  /** The study locked for a change that started from `version`. */
  async function lockedAt(tx: Executor, studyNo: number, version: number) {
    const row = await createStudyRepository(tx).lockStudy(studyNo);
    if (!row) throw new StaffRefusal(TEXTS.notFound);
    if (row.version !== version) throw new StaffRefusal(TEXTS.changedSinceOpened, 'version');
    return row;
  }

  return {
    async list(query: StudyListQuery): Promise<StudyListResponse> {
      const now = deps.clock.now();
      const rows = await repository.listForStaff({ ...query, now }, (query.page - 1) * STUDY_LIST_PAGE_SIZE, STUDY_LIST_PAGE_SIZE + 1);
      return {
        status: 'succeed',
        page: query.page,
        hasMore: rows.length > STUDY_LIST_PAGE_SIZE,
        studies: rows.slice(0, STUDY_LIST_PAGE_SIZE).map((row) => ({
          studyNo: row.studyNo,
          studyBasicInfo: row.studyBasicInfo,
          colorName: row.colorName,
          state: studyState(row, now),
          opensAt: row.opensAt.toISOString(),
          closesAt: row.closesAt?.toISOString() ?? null,
          screenerKind: row.screenerKind as 'hosted' | 'external',
          qualifiedCount: row.qualifiedCount,
          recruitTarget: row.recruitTarget,
        })),
      };
    },

    async detail(studyNo: number): Promise<StudyDetailResponse> {
      const row = await repository.findStudy(studyNo);
      if (!row) return { status: 'failed', message: TEXTS.notFound };
      const [{ filled, ...screener }, targetAnswerIds, answeredCount, externalReturnSecretEnding] = await Promise.all([
        deps.screeners.definitionOf(studyNo, db),
        repository.targetsOf(studyNo),
        deps.screeners.screeningsOf(studyNo, db),
        repository.returnSecretEnding(studyNo),
      ]);
      const { guid: _guid, qualifiedCount, version, ...fields } = row;
      return {
        status: 'succeed',
        study: {
          ...fields,
          screenerKind: row.screenerKind as 'hosted' | 'external',
          opensAt: row.opensAt.toISOString(),
          closesAt: row.closesAt?.toISOString() ?? null,
          targetAnswerIds,
          screener,
          version,
          state: studyState(row, deps.clock.now()),
          qualifiedCount,
          answeredCount,
          externalReturnSecretEnding,
          // The screener's own read holds each quota's places taken: no query more.
          quotaFill: screener.quotas.map((quota, index) => ({ name: quota.name, qualified: filled[index] ?? 0, target: quota.capacity })),
        },
      };
    },

    async formOptions(): Promise<StudyFormOptions> {
      const sites = await deps.listTestSites();
      return {
        status: 'succeed',
        sites: sites.map((site) => ({ id: site.siteId, name: `${site.name} (${site.city})`, timeZone: site.timeZone })),
        companyTimeZone: deps.companyTimeZone,
        screenerHosts: await repository.listHosts(),
      };
    },

    async create(actor: StaffPrincipal, input: CreateStudyPayload): Promise<StudyChangeResponse> {
      const problem = await checkReferences(input);
      if (problem) return { status: 'failed', message: problem.message, ...(problem.field && { field: problem.field }) };
      const timeZone = await clockOf(input.siteId);
      return change(
        () =>
          deps.audited(actor.id, 'study.create', { type: 'study', id: String(input.studyNo) }, async (tx) => {
            const studies = createStudyRepository(tx);
            if (!(await studies.insertStudyIfNew({ studyNo: input.studyNo, ...columnsOf(input, timeZone) })))
              throw new StaffRefusal(TEXTS.studyNoTaken, 'studyNo');
            await studies.replaceTargets(input.studyNo, input.targetAnswerIds);
            const written = await deps.screeners.write(input.studyNo, input.screenerKind === 'hosted' ? input.screener : null, tx);
            if (!written.ok) throw new StaffRefusal(written.message, written.field);
            const secret = await keepReturnSecret(tx, input, deps.clock.now());
            const row = (await studies.findStudy(input.studyNo))!;
            return {
              before: null,
              after: { ...auditView(row, input.targetAnswerIds, input.screener), ...secret },
              result: { studyNo: row.studyNo, version: row.version },
            };
          }),
        TEXTS.created,
      );
    },

    /** Saves every field and the screener, if nobody saved the study since `version` was read. */
    async save(actor: StaffPrincipal, input: SaveStudyPayload): Promise<StudyChangeResponse> {
      const problem = await checkReferences(input);
      if (problem) return { status: 'failed', message: problem.message, ...(problem.field && { field: problem.field }) };
      const timeZone = await clockOf(input.siteId);
      return change(
        () =>
          deps.audited(actor.id, 'study.save', { type: 'study', id: String(input.studyNo) }, async (tx) => {
            const studies = createStudyRepository(tx);
            const before = await lockedAt(tx, input.studyNo, input.version);
            if (input.recruitTarget !== null && input.recruitTarget < before.qualifiedCount)
              throw new StaffRefusal(TEXTS.targetBelowQualified(before.qualifiedCount), 'recruitTarget');
            const beforeTargets = await studies.targetsOf(input.studyNo);
            const { filled: _filled, ...beforeScreener } = await deps.screeners.definitionOf(input.studyNo, tx);
            const row = await studies.updateStudyAtVersion(input.studyNo, input.version, columnsOf(input, timeZone));
            if (!row) throw new StaffRefusal(TEXTS.changedSinceOpened, 'version');
            await studies.replaceTargets(input.studyNo, input.targetAnswerIds);
            const written = await deps.screeners.write(input.studyNo, input.screenerKind === 'hosted' ? input.screener : null, tx);
            if (!written.ok) throw new StaffRefusal(written.message, written.field);
            const secret = await keepReturnSecret(tx, input, deps.clock.now());
            return {
              before: auditView(before, beforeTargets, beforeScreener),
              after: { ...auditView(row, input.targetAnswerIds, input.screener), ...secret },
              result: { studyNo: row.studyNo, version: row.version },
            };
          }),
        TEXTS.saved,
      );
    },

    /**
     * Opens the study now (it opens at once and no longer closes) or closes it now. Closing stops new
     * screening and answers invitations' links with noSeat; bookings held stay (decision 050).
     */
    async setOpen(actor: StaffPrincipal, input: SetStudyOpenPayload): Promise<StudyChangeResponse> {
      return change(
        () =>
          deps.audited(actor.id, input.open ? 'study.open' : 'study.close', { type: 'study', id: String(input.studyNo) }, async (tx) => {
            const before = await lockedAt(tx, input.studyNo, input.version);
            const now = deps.clock.now();
            const window = input.open
              ? { opensAt: before.opensAt > now ? now : before.opensAt, closesAt: null }
              : {
                  opensAt: before.opensAt > now ? now : before.opensAt,
                  closesAt: before.closesAt && before.closesAt <= now ? before.closesAt : now,
                };
            const row = await createStudyRepository(tx).updateStudyAtVersion(input.studyNo, input.version, window);
            if (!row) throw new StaffRefusal(TEXTS.changedSinceOpened, 'version');
            const view = (study: StudyRow) => ({
              studyNo: study.studyNo,
              opensAt: study.opensAt,
              closesAt: study.closesAt,
              version: study.version,
            });
            return { before: view(before), after: view(row), result: { studyNo: row.studyNo, version: row.version } };
          }),
        input.open ? TEXTS.opened : TEXTS.closed,
      );
    },

    /** The screener being edited, answered as a tester would (the screening module's own rules). */
    preview: (input: PreviewScreenerPayload) => deps.screeners.preview(input.screener, input.answers, input.complete),
  };
}

export type StudyAdminService = ReturnType<typeof createStudyAdminService>;
