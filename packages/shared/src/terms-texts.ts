/** The terms dialog's words (decision 041), apart from the schemas so that the portal's shell loads no zod. */
export const TERMS_TEXTS = {
  title: 'Our terms have changed',
  intro: 'Please read what changed and accept the new terms to keep using your account.',
  readTerms: 'Read the Terms of Use',
  opensInNewTab: '(opens in a new tab)',
  accept: 'I accept',
  logOut: 'Log out',
  accepting: 'Saving your answer…',
  notCurrent: 'The terms changed again while this page was open. Please read the latest summary and accept again.',
  failed: 'Your answer could not be saved. Please try again.',
} as const;
