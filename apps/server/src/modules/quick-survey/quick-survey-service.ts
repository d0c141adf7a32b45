import { bilingual, languageOf, type Language, type Translate } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/messages-quick-survey.json';
import es from '@testerhub/shared/locales/es/messages-quick-survey.json';
import { COMMENT_MAX, COMMENT_MIN, commentProblem, type QuickResponse } from '@testerhub/shared/quick-survey-schemas';
import type { Clock } from '../../core/clock.ts';
import { inTransaction, type Database } from '../../core/db/client.ts';
import { NotFoundError } from '../../core/errors.ts';
import { RequestValidationError } from '../../core/http/error-handler.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { createQuickSurveyRepository, type CounterStep, type ResponseRow } from './quick-survey-repository.ts';

/** The ledger's reason for a quick survey's reward; the reference is the job id. */
export const QUICK_SURVEY_REWARD_REASON = 'quickSurvey';

/** The two choices the server adds to every checkbox question (spec 2: Other score 0, None of the above score -1). */
export const OTHER_KEY = 'OTHER';
export const NONE_KEY = 'NONE';
export const OTHER_TEXT = 'Other';
export const NONE_TEXT = 'None of the above';

export type QuestionStyle = 'checkbox' | 'radio' | 'textbox';

export interface SurveyScale {
  scaleIndex: number;
  scaleText: string;
  score: number;
  valueKey: string;
  imageID: number | null;
}

export interface SurveyQuestion {
  questionIndex: number;
  qText: string;
  styleTypeStyle: QuestionStyle;
  /** The stored choices only (Other and None are added when the questions are sent). */
  scales: SurveyScale[];
}

/** One record of UpdateResponse: the chosen value keys (OTHER already removed) and the comment ('' when none). */
export type ResponseItem = QuickResponse;

type Problem = { field: string; message: string };

/**
 * The messages a tester reads, in the tester's own language (issue 28; decision 115). The English
 * says what the spec and COMMENT_TOO_SHORT / COMMENT_TOO_LONG say (quick-survey-routes.test.ts holds them together).
 */
const surveyMessages = bilingual(en, es);
type SurveyMessage = Translate<keyof typeof en>;

const commentMessage = (comment: string, t: SurveyMessage) => {
  const problem = commentProblem(comment);
  return problem === 'short'
    ? t('commentTooShort', { min: COMMENT_MIN })
    : problem === 'long'
      ? t('commentTooLong', { max: COMMENT_MAX })
      : null;
};

/**
 * The problems of one submission against the survey's questions (spec 2, section 5), each with
 * the item's field: every question answered once; checkbox: its own keys, NONE alone, a comment
 * (Other) of 2 to 200 characters, never the OTHER key itself; radio: exactly one of its keys;
 * textbox: no key and a comment of 2 to 200 characters. Messages in `language` (English when left out).
 */
export function responseProblems(
  questions: readonly SurveyQuestion[],
  items: readonly ResponseItem[],
  language: Language = 'en',
): Problem[] {
  const t = surveyMessages(language);
  const problems: Problem[] = [];
  const byIndex = new Map(questions.map((question) => [question.questionIndex, question]));
  const answered = new Set<number>();
  items.forEach((item, index) => {
    const at = (field: string, message: string) => problems.push({ field: `${index}.${field}`, message });
    const question = byIndex.get(item.questionIndex);
    if (!question) return at('questionIndex', t('noSuchQuestion'));
    if (answered.has(item.questionIndex)) return at('questionIndex', t('answeredTwice'));
    answered.add(item.questionIndex);
    const keys = item.response;
    const comment = item.codedResponse;
    if (new Set(keys).size !== keys.length) return at('response', t('choiceTwice'));
    if (question.styleTypeStyle === 'textbox') {
      if (keys.length) return at('response', t('textTakesComment'));
      const problem = commentMessage(comment, t);
      return problem ? at('codedResponse', problem) : undefined;
    }
    if (keys.includes(OTHER_KEY)) return at('response', t('otherAsComment'));
    const ownKeys = new Set(question.scales.map((scale) => scale.valueKey));
    if (question.styleTypeStyle === 'radio') {
      if (keys.length !== 1) return at('response', t('chooseExactlyOne'));
      if (!ownKeys.has(keys[0]!)) return at('response', t('notItsChoice'));
      return comment ? at('codedResponse', t('noComment')) : undefined;
    }
    if (keys.includes(NONE_KEY)) {
      if (keys.length > 1) return at('response', t('noneAlone'));
      return comment ? at('codedResponse', t('noneWithoutComment')) : undefined;
    }
    if (keys.some((key) => !ownKeys.has(key))) return at('response', t('notItsChoice'));
    if (comment) {
      const problem = commentMessage(comment, t);
      return problem ? at('codedResponse', problem) : undefined;
    }
    return keys.length ? undefined : at('response', t('chooseAnswer'));
  });
  for (const question of questions) {
    if (!answered.has(question.questionIndex))
      problems.push({ field: 'body', message: t('answerQuestion', { number: question.questionIndex }) });
  }
  return problems;
}

/** Who answers or asks: the tester's id and language (their messages come in it). */
export interface SurveyTester {
  id: string;
  language: string;
}

/** The counters one (valid) submission moves: each chosen key, OTHER for a checkbox comment; textboxes have none. Sorted. */
export function counterSteps(questions: readonly SurveyQuestion[], items: readonly ResponseItem[]): CounterStep[] {
  const styles = new Map(questions.map((question) => [question.questionIndex, question.styleTypeStyle]));
  const steps = items.flatMap((item) => {
    const style = styles.get(item.questionIndex);
    if (style === 'textbox') return [];
    const keys = style === 'checkbox' && item.codedResponse ? [...item.response, OTHER_KEY] : item.response;
    return keys.map((answerKey) => ({ questionIndex: item.questionIndex, answerKey }));
  });
  return steps.sort((a, b) => a.questionIndex - b.questionIndex || (a.answerKey < b.answerKey ? -1 : a.answerKey > b.answerKey ? 1 : 0));
}

/** The answers of a checkbox question as sent: its stored choices, then Other and None of the above. */
function withAddedChoices(question: SurveyQuestion): SurveyScale[] {
  if (question.styleTypeStyle !== 'checkbox') return question.scales;
  const next = Math.max(0, ...question.scales.map((scale) => scale.scaleIndex)) + 1;
  return [
    ...question.scales,
    { scaleIndex: next, scaleText: OTHER_TEXT, score: 0, valueKey: OTHER_KEY, imageID: null },
    { scaleIndex: next + 1, scaleText: NONE_TEXT, score: -1, valueKey: NONE_KEY, imageID: null },
  ];
}

/**
 * Quick surveys (spec 2 "Quick survey"): the list with what the tester has done, a survey's
 * questions, a submission that counts once (its responses, its completion and the answer
 * counters in one transaction), the results read from the counters, and the reward paid once.
 */
export function createQuickSurveyService(db: Database, deps: { clock: Clock; ledger: LedgerService }) {
  const repository = createQuickSurveyRepository(db);

  async function questionsOf(jobId: number): Promise<SurveyQuestion[]> {
    const questions: SurveyQuestion[] = [];
    for (const row of await repository.questionRows(jobId)) {
      let question = questions.at(-1);
      if (question?.questionIndex !== row.questionIndex) {
        question = { questionIndex: row.questionIndex, qText: row.text, styleTypeStyle: row.style as QuestionStyle, scales: [] };
        questions.push(question);
      }
      if (row.valueKey !== null && row.scaleIndex !== null)
        question.scales.push({
          scaleIndex: row.scaleIndex,
          scaleText: row.scaleText ?? '',
          score: row.score ?? 0,
          valueKey: row.valueKey,
          imageID: row.imageId,
        });
    }
    return questions;
  }

  async function activeSurvey(jobId: number) {
    const survey = await repository.survey(jobId);
    if (!survey?.active) throw new NotFoundError('No open quick survey has this id.');
    return survey;
  }

  return {
    /** The tester's part of the data export (decision 040). */
    exportData: (testerId: string) => repository.exportOf(testerId),

    async surveys(testerId: string) {
      const rows = await repository.surveysFor(testerId);
      return rows.map((row) => ({ jobID: row.jobId, shortName: row.shortName, coinValue: row.coins, isDone: Boolean(row.done) }));
    },

    /** The questions as the page shows them; `checked` marks what this tester answered, if they did. */
    async questions(testerId: string, jobId: number) {
      await activeSurvey(jobId);
      const [questions, responses] = await Promise.all([questionsOf(jobId), repository.responsesOf(testerId, jobId)]);
      // A comment on a checkbox question is its Other; the page sends Other's key removed.
      const chosen = new Map(
        responses.map((response) => [
          response.questionIndex,
          new Set(response.codedResponse ? [...response.valueKeys, OTHER_KEY] : response.valueKeys),
        ]),
      );
      return questions.map((question) => ({
        jobID: jobId,
        questionIndex: question.questionIndex,
        qText: question.qText,
        styleTypeStyle: question.styleTypeStyle,
        questionScales: withAddedChoices(question).map((scale) => ({
          ...scale,
          checked: chosen.get(question.questionIndex)?.has(scale.valueKey) ?? false,
        })),
      }));
    },

    /**
     * Stores the tester's one response to a survey. Bad input is 400 naming the item's field; a
     * second submission (even a concurrent one) answers 'Already answered' and counts nothing.
     */
    async submit(
      tester: SurveyTester,
      items: readonly ResponseItem[],
    ): Promise<{ status: 'succeed' } | { status: 'failed'; message: string }> {
      const language = languageOf(tester.language);
      const jobId = items[0]!.jobID;
      const otherSurvey = items.findIndex((item) => item.jobID !== jobId);
      if (otherSurvey >= 0)
        throw new RequestValidationError([{ field: `${otherSurvey}.jobID`, message: surveyMessages(language)('oneSurveyAtATime') }]);
      await activeSurvey(jobId);
      const questions = await questionsOf(jobId);
      const problems = responseProblems(questions, items, language);
      if (problems.length) throw new RequestValidationError(problems);

      const responses: ResponseRow[] = items.map((item) => ({
        questionIndex: item.questionIndex,
        valueKeys: item.response,
        codedResponse: item.codedResponse,
      }));
      const steps = counterSteps(questions, items);
      const at = deps.clock.now();
      const stored = await inTransaction(db, async (tx) => {
        const unit = createQuickSurveyRepository(tx);
        if (!(await unit.claimCompletion(tester.id, jobId, at))) return false;
        await unit.insertResponses(tester.id, jobId, responses);
        await unit.incrementCounters(jobId, steps);
        return true;
      });
      return stored ? { status: 'succeed' } : { status: 'failed', message: surveyMessages(language)('alreadyAnswered') };
    },

    /**
     * Each choice question's answers and how many testers chose each, from the counters (Other:
     * the non-empty comments; None of the above). Text questions are left out: their comments
     * are the testers' own words. Only a tester who answered the survey sees them.
     */
    async results(tester: SurveyTester, jobId: number) {
      const found = await repository.surveyFor(tester.id, jobId);
      if (!found) throw new NotFoundError('No quick survey has this id.');
      if (!found.done) return { status: 'failed' as const, message: surveyMessages(languageOf(tester.language))('answerToSeeResults') };
      const [questions, counters] = await Promise.all([questionsOf(jobId), repository.counters(jobId)]);
      const counts = new Map(counters.map((row) => [`${row.questionIndex}:${row.answerKey}`, row.count]));
      const results = questions
        .filter((question) => question.styleTypeStyle !== 'textbox')
        .map((question) => {
          const answers = withAddedChoices(question);
          return {
            questionName: question.qText,
            answerNames: answers.map((answer) => answer.scaleText),
            answerCounts: answers.map((answer) => counts.get(`${question.questionIndex}:${answer.valueKey}`) ?? 0),
          };
        });
      return { status: 'succeed' as const, results };
    },

    /** The survey's coins and experience, paid once through the ledger and only after the tester answered. */
    async claimReward(testerId: string, jobId: number): Promise<{ status: 'succeed'; exp: number; coins: number } | { status: 'failed' }> {
      const survey = await repository.survey(jobId);
      if (!survey || !(await repository.isCompleted(testerId, jobId))) return { status: 'failed' };
      if (survey.coins === 0 && survey.experience === 0) return { status: 'succeed', exp: 0, coins: 0 };
      const result = await deps.ledger.record({
        testerId,
        coins: survey.coins,
        experience: survey.experience,
        reason: QUICK_SURVEY_REWARD_REASON,
        reference: String(jobId),
      });
      return result.status === 'recorded'
        ? { status: 'succeed', exp: survey.experience, coins: survey.coins }
        : { status: 'succeed', exp: 0, coins: 0 };
    },
  };
}

export type QuickSurveyService = ReturnType<typeof createQuickSurveyService>;
