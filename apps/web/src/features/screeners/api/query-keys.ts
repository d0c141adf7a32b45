/** The screener feature's query keys, all in one place (decision 012). */
export const screenerKeys = {
  all: ['screeners'] as const,
  list: () => [...screenerKeys.all, 'list'] as const,
  /** One hosted screener: its questions and the saved answers of the tester, or of their child (kid GUID; '' for the tester). */
  run: (studyNo: number, kid = '') => [...screenerKeys.all, 'run', studyNo, kid] as const,
};

export const screenerMutationKeys = {
  doScreeners: ['screeners', 'do-screeners'] as const,
  saveAnswers: ['screeners', 'save-answers'] as const,
  complete: ['screeners', 'complete'] as const,
  /** The login-time study-link flow (its four calls run as one mutation). */
  studyLink: ['screeners', 'study-link'] as const,
};
