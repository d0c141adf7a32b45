/** The quick survey page's texts (spec 2, sections 2, 8 and 9), quoted exactly where the spec gives them. */
export const QUICK_SURVEY_TEXTS = {
  // The spec gives only the gist; the About-me wording, adapted (decision 019).
  empty: 'You have answered our most recent quick surveys, but we will have more soon. Please check back tomorrow!',
  listFailed: 'Failed to Retrieve Quick Question List',
  resultFailed: 'Failed to Retrieve Quick Question Answers',
  coinsFailed: 'Failed to Retrieve PK Coins',
  saveFailed: 'Failed to save Quick Question Answer',
  questionsFailed: 'Failed to Retrieve Quick Question Information',
  complete: 'Complete Survey',
  back: 'Go back to List',
  commentTooShort: 'Please write at least 2 characters.',
  commentTooLong: 'Comments are limited to 200 characters.',
} as const;

/** The reward popup's task description. */
export function quickSurveyTask(shortName: string): string {
  return `Quick survey: ${shortName}`;
}
