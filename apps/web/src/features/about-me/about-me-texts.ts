/** The About-me page's texts (spec 2, sections 2 and 8), quoted exactly. */
export const ABOUT_ME_TEXTS = {
  empty: 'You have answered our most recent questions, but we will have more soon. Please check back tomorrow!',
  groupsFailed: 'Failed to retrieve dossier groups',
  saveFailed: 'Failed to Save About me Response',
  coinsFailed: 'Failed to Retrieve PK Coins',
  complete: 'Complete Survey',
} as const;

/** The reward popup's task description. */
export function aboutMeTask(pageTitle: string): string {
  return `About me: ${pageTitle}`;
}
