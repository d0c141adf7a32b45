/** The screener feature's query keys, all in one place (decision 012). */
export const screenerKeys = {
  all: ['screeners'] as const,
  list: () => [...screenerKeys.all, 'list'] as const,
  /** One hosted screener: its questions and the tester's saved answers. */
  run: (studyNo: number) => [...screenerKeys.all, 'run', studyNo] as const,
};

export const screenerMutationKeys = {
  doScreeners: ['screeners', 'do-screeners'] as const,
  saveAnswers: ['screeners', 'save-answers'] as const,
  complete: ['screeners', 'complete'] as const,
  /** The login-time study-link flow (its four calls run as one mutation). */
  studyLink: ['screeners', 'study-link'] as const,
};
