import en from '@testerhub/shared/locales/en/terms.json';
import { textsFor } from '../../lib/texts';

/** The terms dialog in the tester's language (locales/<language>/terms.json); the summary is staff's, in its own language. */
export const useTermsTexts = textsFor(en, () => import('@testerhub/shared/locales/es/terms.json'));
