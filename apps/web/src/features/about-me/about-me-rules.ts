import type { DossierAnswerItem, DossierQuestion, DossierQuestionSet } from '@testerhub/shared/about-me-schemas';

/**
 * The answers being given, per question set: the ids of the answers marked Y. Every answer
 * starts as N (spec 2, section 4), so an empty list is a set still at N.
 */
export type DossierChoices = Readonly<Record<number, readonly number[]>>;

export function isCheckboxSet(set: Pick<DossierQuestionSet, 'questionType'>): boolean {
  return set.questionType === 'C';
}

/** At least one box (an answer other than N), and at least minChecked. */
export function minBoxes(set: Pick<DossierQuestionSet, 'minChecked'>): number {
  return Math.max(1, set.minChecked || 0);
}

/** At most maxChecked boxes; a set without a positive maximum allows every box. */
export function maxBoxes(set: Pick<DossierQuestionSet, 'maxChecked' | 'dossierAnswers'>): number {
  return set.maxChecked > 0 ? set.maxChecked : set.dossierAnswers.length;
}

/** The choices after a click: a box toggles between Y and N; a radio answer replaces the set's answer. */
export function choose(choices: DossierChoices, set: DossierQuestionSet, answerID: number): DossierChoices {
  const current = choices[set.questionID] ?? [];
  if (!isCheckboxSet(set)) return { ...choices, [set.questionID]: [answerID] };
  if (current.includes(answerID)) return { ...choices, [set.questionID]: current.filter((id) => id !== answerID) };
  // A box past the maximum stays N (the page disables it too).
  if (current.length >= maxBoxes(set)) return choices;
  return { ...choices, [set.questionID]: [...current, answerID] };
}

/** A box that is still N once the set holds its maximum is disabled. */
export function boxDisabled(choices: DossierChoices, set: DossierQuestionSet, answerID: number): boolean {
  const current = choices[set.questionID] ?? [];
  return isCheckboxSet(set) && !current.includes(answerID) && current.length >= maxBoxes(set);
}

export function setAnswered(choices: DossierChoices, set: DossierQuestionSet): boolean {
  const count = (choices[set.questionID] ?? []).length;
  if (!isCheckboxSet(set)) return count === 1;
  return count >= minBoxes(set) && count <= maxBoxes(set);
}

export function allSets(questions: readonly DossierQuestion[]): DossierQuestionSet[] {
  return questions.flatMap((question) => question.questionSets);
}

/** 'Complete Survey' is enabled only when every set has an answer other than N, within its min and max. */
export function canComplete(questions: readonly DossierQuestion[], choices: DossierChoices): boolean {
  const sets = allSets(questions);
  return sets.length > 0 && sets.every((set) => setAnswered(choices, set));
}

/** The AddDossierAnswer body: one item per set, its Y answers in the order shown and their texts. */
export function answerPayload(questions: readonly DossierQuestion[], choices: DossierChoices): DossierAnswerItem[] {
  return allSets(questions).map((set) => {
    const chosen = set.dossierAnswers.filter((answer) => (choices[set.questionID] ?? []).includes(answer.answerID));
    return {
      questionID: set.questionID,
      answerIDs: chosen.map((answer) => answer.answerID),
      answerText: chosen.map((answer) => answer.answerText).join(', '),
    };
  });
}
