import { isStudyFull, SCREENER_TEXTS, testerAge } from '@testerhub/shared/study-rules';
import { duplicateHoldMessageFor, screenerMessagesFor } from '@testerhub/shared/screener-messages';
import type { Clock } from '../../core/clock.ts';
import type { Database, Executor } from '../../core/db/client.ts';
import { hashToken, randomToken } from '../../core/security/tokens.ts';
import { isBarredFromStudies, type TesterRow } from '../testers/tester-service.ts';
import { isExternalReturnSigned } from './external-return-signature.ts';
import { createStudyRepository, type NewStudy, type StudyRow } from './study-repository.ts';

export type { StudyRow } from './study-repository.ts';
export { studiesOfProjectTypesSql, studyNameOfSql } from './study-repository.ts';

/** The About-me answers a tester holds; the dossier module provides it. */

export interface AboutMeAnswers {
  heldAnswerIds(testerId: string): Promise<number[]>;
}

/** Where the portal runs a hosted screener. */
export const hostedScreenerPath = (studyNo: number) => `/community/main/screener/${studyNo}`;

export type DoScreenersResult =
  | { status: 'succeed'; redirectLink: string }
  | { status: typeof SCREENER_TEXTS.fullStatus; message: string }
  | { status: 'failed'; message: string };

/** An outside screener's address is usable only over https on an allow-listed host (GUIDE section 5: no open redirects). */
export function allowedScreenerUrl(address: string | null, hosts: readonly string[]): URL | null {
  if (!address) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  return hosts.includes(url.hostname.toLowerCase()) ? url : null;
}

/**
 * Studies and who may screen for them (spec 2, sections 2 to 4; decision 017): the screener list,
 * the click (DoScreeners) and the rules the screening module reuses for a single study.
 */
export function createStudyService(
  db: Database,
  deps: {
    clock: Clock;
    aboutMe: AboutMeAnswers;
    /** Whether a likely duplicate account holds the tester's screening until review (decision 129); absent: never (unit tests). */
    screeningHeld?: (testerId: string) => Promise<boolean>;
  },
) {
  const repository = createStudyRepository(db);
  const screeningHeld = deps.screeningHeld ?? (async () => false);

  async function filterFor(tester: TesterRow) {
    const now = deps.clock.now();
    return {
      testerId: tester.id,
      siteId: tester.siteId,
      age: testerAge(tester.birthDate, now),
      now,
      heldAnswerIds: await deps.aboutMe.heldAnswerIds(tester.id),
    };
  }

  const barred = (tester: TesterRow) => isBarredFromStudies(tester, deps.clock.now());

  /** The study when this tester may screen for it now; a barred tester may screen for none. */
  async function openStudyFor(tester: TesterRow, studyNo: number, tx?: Executor): Promise<StudyRow | null> {
    if (barred(tester)) return null;
    return createStudyRepository(tx ?? db).findOpenStudy({ ...(await filterFor(tester)), studyNo });
  }

  return {
    /** The tester's part of the data export (decision 040). */
    exportData: (testerId: string) => repository.exportOf(testerId),

    /** How many studies are held at the site, in the caller's unit of work (the staff console's site removal, decision 069). */
    studiesAtSite: (siteId: string, tx: Executor) => createStudyRepository(tx).countAtSite(siteId),

    openStudyFor,
    /** Whether the tester's screening is held for a duplicate review (decision 129): the hosted screener checks it too. */
    screeningHeld,

    async screenersFor(tester: TesterRow) {
      if (barred(tester)) return [];
      return repository.listScreenersFor(await filterFor(tester));
    },

    /** The click on a study: where the tester goes to screen, or why not. */
    async doScreeners(tester: TesterRow, studyNo: number): Promise<DoScreenersResult> {
      const study = await openStudyFor(tester, studyNo);
      const messages = screenerMessagesFor(tester);
      if (!study) return { status: 'failed', message: messages('notAvailable') };
      // Read only when a screener is started, so the screener list costs no statement more.
      if (await screeningHeld(tester.id)) return { status: 'failed', message: duplicateHoldMessageFor(tester) };
      if (isStudyFull(study)) return { status: SCREENER_TEXTS.fullStatus, message: messages('full') };
      if (study.screenerKind === 'hosted') return { status: 'succeed', redirectLink: hostedScreenerPath(study.studyNo) };
      const url = allowedScreenerUrl(study.externalUrl, await repository.listHosts());
      if (!url) return { status: 'failed', message: messages('notAvailable') };
      const token = randomToken();
      await repository.insertExternalToken({ tokenHash: hashToken(token), testerId: tester.id, studyNo, createdAt: deps.clock.now() });
      url.searchParams.set('tk', token);
      return { status: 'succeed', redirectLink: url.toString() };
    },

    /** The studies' descriptions, for pages that list a tester's bookings. */
    studyNames: (studyNos: readonly number[], tx?: Executor) => createStudyRepository(tx ?? db).studyNames(studyNos),
    findStudy: (studyNo: number, tx?: Executor) => createStudyRepository(tx ?? db).findStudy(studyNo),
    /** The studies open now, newest first (the staff's invitation form, decision 052). */
    openStudies: () => repository.openStudies(deps.clock.now()),
    /** Every study opened by now, newest first (the invitation form's "leave out who took part in", decision 121). */
    studiesOpened: () => repository.studiesOpenedBy(deps.clock.now()),
    /** The study a link's `s` names, or null (a malformed GUID included). */
    findStudyByGuid: (guid: string) => repository.findStudyByGuid(guid),

    findStudies: (studyNos: readonly number[], tx?: Executor) => createStudyRepository(tx ?? db).findStudies(studyNos),
    /**
     * Redeems an outside screener's single-use token for the tester it was issued to, when the return
     * carries the partner's signature of it (decision 077): the study, or null for an unknown, used or
     * another tester's token, a missing or wrong signature, or a study with no return secret set. A
     * refused return leaves the token unused; of simultaneous signed returns one wins (decision 024).
     */
    async redeemExternalToken(token: string, signature: string | undefined, testerId: string, tx?: Executor): Promise<number | null> {
      const studies = createStudyRepository(tx ?? db);
      const tokenHash = hashToken(token);
      const pending = await studies.pendingExternalReturn(tokenHash, testerId);
      if (!pending?.secret || !signature || !isExternalReturnSigned(pending.secret, token, signature)) return null;
      return studies.useExternalToken(tokenHash, testerId, deps.clock.now());
    },

    /** The studies the tester came back from an outside screener for, with the first return's time; in the caller's unit of work when given. */
    externalReturns: (testerId: string, tx?: Executor) => createStudyRepository(tx ?? db).externalReturns(testerId),

    /** A token as DoScreeners hands to the outside tool; `usedAt` records the return as already made (test support). */
    async issueExternalToken(testerId: string, studyNo: number, usedAt: Date | null = null) {
      const token = randomToken();
      await repository.insertExternalToken({ tokenHash: hashToken(token), testerId, studyNo, createdAt: deps.clock.now(), usedAt });
      return token;
    },

    /** RemoveStudyFromList (decision 029): the study leaves the tester's screener list. An unknown study is ignored. */
    async removeFromList(testerId: string, studyNo: number) {
      if (await repository.findStudy(studyNo)) await repository.removeFromList(testerId, studyNo, deps.clock.now());
      return { status: 'succeed' as const };
    },

    /** Counts one more qualified tester unless the recruit target is reached (a conditional UPDATE): false when full. */
    claimRecruitSlot: (studyNo: number, tx: Executor) => createStudyRepository(tx).claimRecruitSlot(studyNo),
  };
}

/**
 * Adds studies and the outside-screener hosts (the seed; later the staff console). An outside
 * screener's address must be on the allow-list, or nothing is saved.
 */
export async function saveStudies(
  tx: Executor,
  input: { hosts: readonly string[]; studies: readonly (NewStudy & { targetAnswerIds?: readonly number[] })[] },
): Promise<void> {
  const repository = createStudyRepository(tx);
  await repository.insertHosts(input.hosts.map((host) => host.toLowerCase()));
  const hosts = await repository.listHosts();
  for (const { targetAnswerIds = [], ...study } of input.studies) {
    if (study.screenerKind === 'external' && !allowedScreenerUrl(study.externalUrl ?? null, hosts))
      throw new Error(`Study ${study.studyNo}: its outside screener address is not on an allowed https host.`);
    await repository.insertStudy(study, targetAnswerIds);
  }
}

export type StudyService = ReturnType<typeof createStudyService>;
