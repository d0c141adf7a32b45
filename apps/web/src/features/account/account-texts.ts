import en from '@testerhub/shared/locales/en/account.json';
import { textsFor } from '../../lib/texts';

/** The account pages' texts in the tester's language (locales/<language>/account.json). */
export const useAccountTexts = textsFor(en, () => import('@testerhub/shared/locales/es/account.json'));
