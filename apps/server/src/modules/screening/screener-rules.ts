import { hash } from 'node:crypto';
import { bilingual, type Language } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/messages-answers.json';
import es from '@testerhub/shared/locales/es/messages-answers.json';
import type { AnswerValue, Answers, QuestionKind } from '@testerhub/shared/screener-schemas';

/** The hosted screener's rules, pure (decision 017): what is shown, what is valid, who qualifies, which quota. */

export type { AnswerValue, Answers, QuestionKind } from '@testerhub/shared/screener-schemas';

export interface ScreenerOption {
  id: number;
  label: string;
  disqualifies: boolean;
}

export interface ScreenerQuestion {
  id: number;
  kind: QuestionKind;
  prompt: string;
  required: boolean;
  minChoices: number | null;
  maxChoices: number | null;
  minValue: number | null;
  maxValue: number | null;
  maxLength: number | null;
  showIf: { questionId: number; optionIds: number[] } | null;
  qualifyMin: number | null;
  qualifyMax: number | null;
  options: ScreenerOption[];
}

export interface QuotaCondition {
  questionId: number;
  optionIds: number[] | null;
  minValue: number | null;
  maxValue: number | null;
}

export interface ScreenerQuota {
  id: number;
  name: string;
  capacity: number;
  filled: number;
  conditions: QuotaCondition[];
}

/** A short text's limit when the question names none. */
export const DEFAULT_TEXT_MAX_LENGTH = 500;

const answerTexts = bilingual(en, es);

/** The answer checks' messages in a language: the tester's on their screener, English for staff's preview. */
function answerTextsIn(language: Language) {
  const t = answerTexts(language);
  return {
    required: t('required'),
    notAQuestion: t('notAQuestion'),
    chooseOne: t('chooseOne'),
    chooseFromList: t('chooseFromList'),
    tooFew: (min: number) => t('tooFew', { min }),
    tooMany: (max: number) => t('tooMany', { max }),
    number: t('number'),
    below: (min: number) => t('below', { min }),
    above: (max: number) => t('above', { max }),
    text: t('text'),
    tooLong: (max: number) => t('tooLong', { max }),
    date: t('date'),
  };
}

type AnswerTexts = ReturnType<typeof answerTextsIn>;

const ANSWER_TEXTS_BY_LANGUAGE: Record<Language, AnswerTexts> = { en: answerTextsIn('en'), es: answerTextsIn('es') };

/** The English messages (locales/en/messages-answers.json), as staff's preview and an English tester read them. */
export const ANSWER_TEXTS = ANSWER_TEXTS_BY_LANGUAGE.en;

/** The options chosen in an answer (one for single, several for multiple, none otherwise). */
function chosen(value: AnswerValue | undefined): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value;
  return [];
}

/** Whether an answer is there at all: an empty choice list or blank text counts as unanswered. */
function isAnswered(value: AnswerValue | undefined): value is AnswerValue {
  if (value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.trim().length > 0;
  return true;
}

/** The questions shown for these answers, in order: a show-if question appears when its (shown) earlier question holds one of its options. */
export function visibleQuestions(questions: readonly ScreenerQuestion[], answers: Answers): ScreenerQuestion[] {
  const shown = new Set<number>();
  const visible: ScreenerQuestion[] = [];
  for (const question of questions) {
    const rule = question.showIf;
    if (rule && !(shown.has(rule.questionId) && chosen(answers[rule.questionId]).some((id) => rule.optionIds.includes(id)))) continue;
    shown.add(question.id);
    visible.push(question);
  }
  return visible;
}

const isIsoDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** The problem with one given answer, or null. `value` is an answered value (see isAnswered). */
function answerProblem(question: ScreenerQuestion, value: AnswerValue, texts: AnswerTexts): string | null {
  const optionIds = new Set(question.options.map((option) => option.id));
  switch (question.kind) {
    case 'single':
      return typeof value === 'number' && optionIds.has(value) ? null : texts.chooseOne;
    case 'multiple': {
      if (!Array.isArray(value) || new Set(value).size !== value.length || value.some((id) => !optionIds.has(id)))
        return texts.chooseFromList;
      const min = question.minChoices ?? 1;
      const max = question.maxChoices ?? question.options.length;
      if (value.length < min) return texts.tooFew(min);
      if (value.length > max) return texts.tooMany(max);
      return null;
    }
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return texts.number;
      if (question.minValue !== null && value < question.minValue) return texts.below(question.minValue);
      if (question.maxValue !== null && value > question.maxValue) return texts.above(question.maxValue);
      return null;
    case 'text': {
      if (typeof value !== 'string') return texts.text;
      const max = question.maxLength ?? DEFAULT_TEXT_MAX_LENGTH;
      return value.trim().length > max ? texts.tooLong(max) : null;
    }
    case 'date':
      return typeof value === 'string' && isIsoDate(value) ? null : texts.date;
  }
}

export type AnswerCheck = { ok: true; answers: Answers } | { ok: false; field: string; message: string };

/**
 * Checks answers against the questions. Progress (`complete` false): every given answer must fit its
 * question, nothing is required yet. Completion: only the shown questions count (answers to hidden ones
 * are dropped) and every shown required question needs an answer. Texts are kept trimmed. Messages are in
 * `language` (the tester's; English when left out, as for staff's preview).
 */
export function checkAnswers(
  questions: readonly ScreenerQuestion[],
  answers: Answers,
  complete: boolean,
  language: Language = 'en',
): AnswerCheck {
  const texts = ANSWER_TEXTS_BY_LANGUAGE[language];
  const byId = new Map(questions.map((question) => [String(question.id), question]));
  for (const key of Object.keys(answers)) {
    if (!byId.has(key)) return { ok: false, field: `answers.${key}`, message: texts.notAQuestion };
  }
  const considered = complete ? visibleQuestions(questions, answers) : questions;
  const kept: Answers = {};
  for (const question of considered) {
    const value = answers[question.id];
    if (!isAnswered(value)) {
      if (complete && question.required) return { ok: false, field: `answers.${question.id}`, message: texts.required };
      continue;
    }
    const problem = answerProblem(question, value, texts);
    if (problem) return { ok: false, field: `answers.${question.id}`, message: problem };
    kept[question.id] = typeof value === 'string' ? value.trim() : value;
  }
  return { ok: true, answers: kept };
}

/** Whether checked answers disqualify: a disqualifying option chosen, or a number outside the qualifying range. */
export function isDisqualified(questions: readonly ScreenerQuestion[], answers: Answers): boolean {
  return visibleQuestions(questions, answers).some((question) => {
    const value = answers[question.id];
    if (value === undefined) return false;
    if (question.kind === 'number' && typeof value === 'number') {
      return (question.qualifyMin !== null && value < question.qualifyMin) || (question.qualifyMax !== null && value > question.qualifyMax);
    }
    const picked = chosen(value);
    return question.options.some((option) => option.disqualifies && picked.includes(option.id));
  });
}

function conditionHolds(condition: QuotaCondition, value: AnswerValue | undefined): boolean {
  if (value === undefined) return false;
  if (condition.optionIds && !chosen(value).some((id) => condition.optionIds!.includes(id))) return false;
  if (condition.minValue !== null || condition.maxValue !== null) {
    if (typeof value !== 'number') return false;
    if (condition.minValue !== null && value < condition.minValue) return false;
    if (condition.maxValue !== null && value > condition.maxValue) return false;
  }
  return true;
}

/** The first quota (in order) whose conditions all hold for the answers, or null. */
export function matchingQuota(quotas: readonly ScreenerQuota[], answers: Answers): ScreenerQuota | null {
  return quotas.find((quota) => quota.conditions.every((condition) => conditionHolds(condition, answers[condition.questionId]))) ?? null;
}

/** Options in an order of their own for each tester, the same every time that tester looks. */
export function shuffledFor<T extends { id: number }>(options: readonly T[], testerId: string): T[] {
  const key = (option: T) => hash('sha256', `${testerId}:${option.id}`, 'hex');
  return options
    .map((option) => ({ option, key: key(option) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ option }) => option);
}

export type ScreenerVerdict =
  | { kind: 'invalid'; field: string; message: string }
  | { kind: 'disqualified'; answers: Answers }
  | { kind: 'passes'; answers: Answers; quota: ScreenerQuota | null };

/**
 * The screener's verdict on a completion, before any place is taken: invalid answers; disqualified
 * (a disqualifying answer, or quotas that none of them matches); or passes, with its quota. The
 * completion and the staff's preview both decide through this (decision 050).
 */
export function screenerVerdict(
  questions: readonly ScreenerQuestion[],
  quotas: readonly ScreenerQuota[],
  answers: Answers,
  language: Language = 'en',
): ScreenerVerdict {
  const checked = checkAnswers(questions, answers, true, language);
  if (!checked.ok) return { kind: 'invalid', field: checked.field, message: checked.message };
  const quota = matchingQuota(quotas, checked.answers);
  if (isDisqualified(questions, checked.answers) || (quotas.length > 0 && !quota))
    return { kind: 'disqualified', answers: checked.answers };
  return { kind: 'passes', answers: checked.answers, quota };
}
