import en from '@testerhub/shared/locales/en/daily-bonus.json';
import { textsFor } from '../../lib/texts';

/** The login bonus's dialogs in the tester's language (locales/<language>/daily-bonus.json). */
export const useDailyBonusTexts = textsFor(en, () => import('@testerhub/shared/locales/es/daily-bonus.json'));
