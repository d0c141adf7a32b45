import { commentProblem, type QuickQuestion, type QuickResponse } from '@testerhub/shared/quick-survey-schemas';

export { COMMENT_MAX, commentProblem } from '@testerhub/shared/quick-survey-schemas';

/** The value keys of the two choices the server adds to checkbox questions. */
export const OTHER_KEY = 'OTHER';
export const NONE_KEY = 'NONE';

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
