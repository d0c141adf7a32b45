import en from '@testerhub/shared/locales/en/screeners.json';
import { textsFor } from '../../lib/texts';

/** The screener list's and a hosted screener's texts in the tester's language (locales/<language>/screeners.json). */
export const useScreenersTexts = textsFor(en, () => import('@testerhub/shared/locales/es/screeners.json'));

export type ScreenersTranslate = ReturnType<typeof useScreenersTexts>;
