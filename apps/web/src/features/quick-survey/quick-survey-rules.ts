import type { QuickResponse } from './api/update-response';
import type { QuickQuestion } from './api/get-questions';

/** The value keys of the two choices the server adds to checkbox questions. */
export const OTHER_KEY = 'OTHER';
export const NONE_KEY = 'NONE';

/** Comments are 2 to 200 characters (spec 2, section 9). */
export const COMMENT_MIN = 2;
export const COMMENT_MAX = 200;

/** What the tester gave for one question: the chosen value keys and the comment. */
export interface QuickAnswer {
  keys: readonly string[];
  comment: string;
}

export type QuickAnswers = Readonly<Record<number, QuickAnswer>>;

const EMPTY: QuickAnswer = { keys: [], comment: '' };

export function answerOf(answers: QuickAnswers, question: Pick<QuickQuestion, 'questionIndex'>): QuickAnswer {
  return answers[question.questionIndex] ?? EMPTY;
}

/**
 * The answer after choosing a value key. Radio: that one. Checkbox: a toggle, where None of the
 * above clears every other choice (and the comment) and any other choice clears None.
 */
export function toggleChoice(answer: QuickAnswer, question: Pick<QuickQuestion, 'styleTypeStyle'>, key: string): QuickAnswer {
  if (question.styleTypeStyle === 'radio') return { ...answer, keys: [key] };
  if (answer.keys.includes(key)) {
    return { keys: answer.keys.filter((chosen) => chosen !== key), comment: key === OTHER_KEY ? '' : answer.comment };
  }
  if (key === NONE_KEY) return { keys: [NONE_KEY], comment: '' };
  return { ...answer, keys: [...answer.keys.filter((chosen) => chosen !== NONE_KEY), key] };
}

/** Null when the comment is valid, else why not. */
export function commentProblem(comment: string): 'short' | 'long' | null {
  if (comment.length > COMMENT_MAX) return 'long';
  if (comment.trim().length < COMMENT_MIN) return 'short';
  return null;
}

/** True when the question asks for a comment: a textbox, or a checkbox question with Other chosen. */
export function needsComment(question: Pick<QuickQuestion, 'styleTypeStyle'>, answer: QuickAnswer): boolean {
  return question.styleTypeStyle === 'textbox' || answer.keys.includes(OTHER_KEY);
}

export function isAnswered(question: QuickQuestion, answer: QuickAnswer): boolean {
  if (needsComment(question, answer) && commentProblem(answer.comment) !== null) return false;
  if (question.styleTypeStyle === 'textbox') return true;
  return question.styleTypeStyle === 'radio' ? answer.keys.length === 1 : answer.keys.length > 0;
}

/** 'Complete Survey' is enabled only when every question is answered. */
export function canComplete(questions: readonly QuickQuestion[], answers: QuickAnswers): boolean {
  return questions.length > 0 && questions.every((question) => isAnswered(question, answerOf(answers, question)));
}

/** The UpdateResponse body: keys in the order shown, the Other key removed; the comment when one was asked for. */
export function responsePayload(questions: readonly QuickQuestion[], answers: QuickAnswers): QuickResponse[] {
  return questions.map((question) => {
    const answer = answerOf(answers, question);
    const keys = question.questionScales.map((scale) => scale.valueKey).filter((key) => answer.keys.includes(key));
    return {
      jobID: question.jobID,
      questionIndex: question.questionIndex,
      response: keys.filter((key) => key !== OTHER_KEY),
      codedResponse: needsComment(question, answer) ? answer.comment.trim() : '',
    };
  });
}
