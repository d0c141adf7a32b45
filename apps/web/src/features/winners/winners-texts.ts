import en from '@testerhub/shared/locales/en/winners.json';
import { textsFor } from '../../lib/texts';

/** The winners pages' texts in the tester's language (locales/<language>/winners.json). */
export const useWinnersTexts = textsFor(en, () => import('@testerhub/shared/locales/es/winners.json'));
