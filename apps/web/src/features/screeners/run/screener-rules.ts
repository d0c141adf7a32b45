/** The hosted screener's shapes (GET /api/screener/<studyNo>) and the rules the page applies before the server does. */
import type { AnswerValue, Answers, ScreenerQuestion } from '@testerhub/shared/screener-schemas';
import { translator } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/screeners.json';
import type { ScreenersTranslate } from '../screeners-texts';

export type { AnswerValue, Answers, QuestionKind, ScreenerQuestion, ScreenerRun } from '@testerhub/shared/screener-schemas';

function chosenIds(value: AnswerValue | undefined): number[] {
  if (Array.isArray(value)) return value;
  return typeof value === 'number' ? [value] : [];
}

/** The questions shown for these answers, in order: a question whose condition fails is hidden, and so is one hanging on a hidden question. */
export function visibleQuestions(questions: readonly ScreenerQuestion[], answers: Answers): ScreenerQuestion[] {
  const shown = new Set<number>();
  const visible: ScreenerQuestion[] = [];
  for (const question of questions) {
    const condition = question.showIf;
    if (condition) {
      if (!shown.has(condition.questionId)) continue;
      if (!chosenIds(answers[String(condition.questionId)]).some((id) => condition.optionIds.includes(id))) continue;
    }
    shown.add(question.id);
    visible.push(question);
  }
  return visible;
}

export function isAnswered(value: AnswerValue | undefined): value is AnswerValue {
  if (value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.trim() !== '';
  return Number.isFinite(value);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function rangeText(min: number | undefined, max: number | undefined, t: ScreenersTranslate): string {
  if (min !== undefined && max !== undefined) return t('problemNumberRange', { min, max });
  return min !== undefined ? t('problemNumberMin', { min }) : t('problemNumberMax', { max: String(max) });
}

/** What is wrong with an answer, in words for the tester (in their language), or null when it may be sent. */
export function answerProblem(
  question: ScreenerQuestion,
  value: AnswerValue | undefined,
  t: ScreenersTranslate = translator(en),
): string | null {
  if (!isAnswered(value)) return question.required ? t('problemRequired') : null;
  switch (question.kind) {
    case 'single':
      return typeof value === 'number' && question.options.some((option) => option.id === value) ? null : t('problemChooseOne');
    case 'multiple': {
      const count = chosenIds(value).length;
      if (question.minChoices !== undefined && count < question.minChoices) return t('problemAtLeast', { min: question.minChoices });
      if (question.maxChoices !== undefined && count > question.maxChoices) return t('problemAtMost', { max: question.maxChoices });
      return null;
    }
    case 'number': {
      if (typeof value !== 'number') return t('problemNumber');
      const { minValue: min, maxValue: max } = question;
      return (min !== undefined && value < min) || (max !== undefined && value > max) ? rangeText(min, max, t) : null;
    }
    case 'text':
      return question.maxLength !== undefined && String(value).length > question.maxLength
        ? t('problemTooLong', { max: question.maxLength })
        : null;
    case 'date':
      return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) ? null : t('problemDate');
  }
}

/** The answers to send: those of visible questions only (a hidden question's answer is never sent), text trimmed. */
export function answersToSend(questions: readonly ScreenerQuestion[], answers: Answers): Answers {
  const sent: Answers = {};
  for (const question of visibleQuestions(questions, answers)) {
    const value = answers[String(question.id)];
    if (isAnswered(value)) sent[String(question.id)] = typeof value === 'string' ? value.trim() : value;
  }
  return sent;
}

/** Where a returning tester resumes: the first shown question still unanswered (or not acceptable), else the last one. */
export function resumeIndex(questions: readonly ScreenerQuestion[], answers: Answers): number {
  const visible = visibleQuestions(questions, answers);
  const open = visible.findIndex(
    (question) => !isAnswered(answers[String(question.id)]) || answerProblem(question, answers[String(question.id)]),
  );
  return open >= 0 ? open : Math.max(visible.length - 1, 0);
}

/** The question a 400's field names ('answers.12', '12'), if any. */
export function questionForField(questions: readonly ScreenerQuestion[], field: string | undefined): ScreenerQuestion | undefined {
  const last = field?.split('.').at(-1);
  return last ? questions.find((question) => String(question.id) === last) : undefined;
}
