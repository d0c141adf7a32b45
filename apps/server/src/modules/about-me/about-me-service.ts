import { bilingual, type Language } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/messages-about-me.json';
import es from '@testerhub/shared/locales/es/messages-about-me.json';
import type { Clock } from '../../core/clock.ts';
import { inTransaction, type Database } from '../../core/db/client.ts';
import { NotFoundError } from '../../core/errors.ts';
import { RequestValidationError } from '../../core/http/error-handler.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { createAboutMeRepository } from './about-me-repository.ts';

/** The testers holding every one of the answers, as a subquery for a set-based statement (decision 052). */
export { holdersOfAnswersSql } from './about-me-repository.ts';

/** The ledger's reason for an About-me page's reward; the reference is the page id. */
export const ABOUT_ME_REWARD_REASON = 'dossier';

export type QuestionType = 'C' | 'B' | 'M';

/** One item of AddDossierAnswer: a question set's id (questionID in the contract) and the chosen answers. */
export interface DossierAnswerItem {
  questionID: number;
  answerIDs: number[];
  answerText: string;
}

export interface DossierSet {
  questionID: number;
  questionType: QuestionType;
  minChecked: number;
  maxChecked: number;
  active: boolean;
  questionText: string;
  dossierAnswers: { answerID: number; answerText: string }[];
}

export interface DossierQuestion {
  questionID: number;
  questionText: string;
  questionSets: DossierSet[];
}

export type DossierReward = { status: 'succeed'; isScreenerGetReward: boolean; exp: number; coins: number } | { status: 'failed' };

/** The fewest boxes a checkbox set takes: its minimum, and never none (spec 2: "an answer other than N"). */
export const fewestChecked = (minChecked: number) => Math.max(1, minChecked);

/** The refusals of a page's answers, in the tester's own language (issue 28; decision 115). */
const aboutMeMessages = bilingual(en, es);

/**
 * The problem with one set's answer, or null: answers must be the set's own, without repeats;
 * a checkbox set takes between its minimum (at least one) and maximum boxes, a radio set one.
 * The message is in `language` (English when left out).
 */
export function setAnswerProblem(
  set: Pick<DossierSet, 'questionType' | 'minChecked' | 'maxChecked'>,
  validIds: ReadonlySet<number>,
  chosen: readonly number[],
  language: Language = 'en',
) {
  const t = aboutMeMessages(language);
  if (new Set(chosen).size !== chosen.length) return t('answerTwice');
  if (chosen.some((id) => !validIds.has(id))) return t('notItsAnswer');
  if (set.questionType !== 'C') return chosen.length === 1 ? null : t('chooseExactlyOne');
  const fewest = fewestChecked(set.minChecked);
  if (chosen.length < fewest) return fewest === 1 ? t('chooseAtLeastOne') : t('chooseAtLeast', { min: fewest });
  if (chosen.length > set.maxChecked) return t('chooseAtMost', { max: set.maxChecked });
  return null;
}

/**
 * About-me (spec 2 "About-me (dossier) answering"): the pages a tester has left, their questions,
 * saving a page's answers (the same rules as the page, enforced here), the page's reward paid once
 * through the ledger, and the answers a tester holds (which studies may target).
 */
export function createAboutMeService(db: Database, deps: { clock: Clock; ledger: LedgerService }) {
  const repository = createAboutMeRepository(db);

  async function questionsOf(pageId: number): Promise<DossierQuestion[]> {
    const rows = await repository.pageStructure(pageId);
    const questions: DossierQuestion[] = [];
    const sets = new Map<number, DossierSet>();
    for (const row of rows) {
      let question = questions.at(-1);
      if (question?.questionID !== row.questionId) {
        question = { questionID: row.questionId, questionText: row.questionText, questionSets: [] };
        questions.push(question);
      }
      let set = sets.get(row.setId);
      if (!set) {
        set = {
          questionID: row.setId,
          questionType: row.type as QuestionType,
          minChecked: row.minChecked,
          maxChecked: row.maxChecked,
          active: row.active,
          questionText: row.setText,
          dossierAnswers: [],
        };
        sets.set(row.setId, set);
        question.questionSets.push(set);
      }
      set.dossierAnswers.push({ answerID: row.answerId, answerText: row.answerText });
    }
    return questions;
  }

  return {
    /** The tester's part of the data export (decision 040). */
    exportData: (testerId: string) => repository.exportOf(testerId),

    async openPages(testerId: string) {
      const pages = await repository.openPagesFor(testerId);
      return pages.map((page) => ({ pageID: page.id, pageTitle: page.title, numCoins: page.coins }));
    },

    /** The active page's questions with their active sets; 404 for an unknown or retired page. */
    async pageQuestions(pageId: number): Promise<DossierQuestion[]> {
      const page = await repository.page(pageId);
      if (!page?.active) throw new NotFoundError('No About-me page with this id.');
      return questionsOf(pageId);
    },

    /**
     * Saves one page's answers: every active set of the page answered once, each by its rules.
     * The answers replace what the tester held and the page is marked completed, in one
     * transaction. Violations are 400 naming the item's field, in `language` (the tester's).
     */
    async saveAnswers(testerId: string, items: readonly DossierAnswerItem[], language: Language = 'en'): Promise<void> {
      const t = aboutMeMessages(language);
      const problems: { field: string; message: string }[] = [];
      const seen = new Set<number>();
      items.forEach((item, index) => {
        if (seen.has(item.questionID)) problems.push({ field: `${index}.questionID`, message: t('answeredTwice') });
        seen.add(item.questionID);
      });
      if (problems.length) throw new RequestValidationError(problems);

      const owners = new Map((await repository.pagesOfSets([...seen])).map((row) => [row.setId, row.pageId]));
      items.forEach((item, index) => {
        if (!owners.has(item.questionID)) problems.push({ field: `${index}.questionID`, message: t('noSuchQuestion') });
      });
      if (problems.length) throw new RequestValidationError(problems);
      const pageIds = new Set(owners.values());
      if (pageIds.size !== 1) throw new RequestValidationError([{ field: 'body', message: t('onePageAtATime') }]);
      const pageId = [...pageIds][0]!;

      const sets = new Map((await questionsOf(pageId)).flatMap((question) => question.questionSets).map((set) => [set.questionID, set]));
      items.forEach((item, index) => {
        const set = sets.get(item.questionID);
        if (!set) return problems.push({ field: `${index}.questionID`, message: t('noSuchQuestion') });
        const problem = setAnswerProblem(set, new Set(set.dossierAnswers.map((answer) => answer.answerID)), item.answerIDs, language);
        if (problem) problems.push({ field: `${index}.answerIDs`, message: problem });
      });
      for (const setId of sets.keys()) {
        if (!seen.has(setId)) problems.push({ field: 'body', message: t('unanswered', { question: setId }) });
      }
      if (problems.length) throw new RequestValidationError(problems);

      const at = deps.clock.now();
      await inTransaction(db, (tx) =>
        createAboutMeRepository(tx).saveAnswers(
          testerId,
          pageId,
          items.map((item) => ({
            setId: item.questionID,
            answerIds: [...item.answerIDs].sort((a, b) => a - b),
            answerText: item.answerText,
          })),
          at,
        ),
      );
    },

    /**
     * The page's coins and experience, paid once through the ledger (reason 'dossier', reference
     * the page id) and only after the tester answered the page; a second claim pays nothing.
     */
    async claimReward(testerId: string, pageId: number): Promise<DossierReward> {
      const failed = { status: 'failed' } as const;
      const page = await repository.page(pageId);
      if (!page || !(await repository.isCompleted(testerId, pageId))) return failed;
      if (page.coins === 0 && page.experience === 0) return { status: 'succeed', isScreenerGetReward: false, exp: 0, coins: 0 };
      const result = await deps.ledger.record({
        testerId,
        coins: page.coins,
        experience: page.experience,
        reason: ABOUT_ME_REWARD_REASON,
        reference: String(pageId),
      });
      return result.status === 'recorded'
        ? { status: 'succeed', isScreenerGetReward: true, exp: page.experience, coins: page.coins }
        : { status: 'succeed', isScreenerGetReward: false, exp: 0, coins: 0 };
    },

    /** The ids of every About-me answer the tester holds now (studies target testers by them, e.g. "owns a dog"). */
    heldAnswerIds: (testerId: string): Promise<number[]> => repository.heldAnswerIds(testerId),
    /** Which of these ids are About-me answers (the staff's study form, decision 050). */
    existingAnswerIds: (ids: readonly number[]): Promise<number[]> => repository.existingAnswerIds(ids),
    /** Every answer of an active set with its question: what staff target invitations by (decision 052). */
    answerOptions: () => repository.answerOptions(),
  };
}

export type AboutMeService = ReturnType<typeof createAboutMeService>;
