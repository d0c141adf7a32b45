import en from './locales/en/terms.json';

/**
 * The terms dialog's words in English (decision 041; the dialog reads terms.json in the tester's
 * language), apart from the schemas so that the portal's shell loads no zod. `notCurrent` is the
 * server's answer.
 */
export const TERMS_TEXTS = {
  title: en.title,
  intro: en.intro,
  readTerms: en.readTerms,
  opensInNewTab: en.opensInNewTab,
  accept: en.accept,
  logOut: en.logOut,
  accepting: en.accepting,
  notCurrent: 'The terms changed again while this page was open. Please read the latest summary and accept again.',
  failed: en.failed,
} as const;
