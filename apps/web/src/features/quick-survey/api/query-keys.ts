/** The quick survey feature's query keys, all in one place (decision 012). */
export const quickSurveyKeys = {
  all: ['quick-survey'] as const,
  studies: () => [...quickSurveyKeys.all, 'studies'] as const,
  questions: (jobID: number) => [...quickSurveyKeys.all, 'questions', jobID] as const,
  result: (jobID: number) => [...quickSurveyKeys.all, 'result', jobID] as const,
};

export const quickSurveyMutationKeys = {
  updateResponse: ['quick-survey', 'update-response'] as const,
  getCoins: ['quick-survey', 'get-coins'] as const,
};
