import en from '@testerhub/shared/locales/en/redeem.json';
import type { Language } from '@testerhub/shared/i18n';
import { textsFor } from '../../lib/texts';

/** The coins, redeem and earnings pages' texts in the tester's language (locales/<language>/redeem.json). */
export const useRedeemTexts = textsFor(en, () => import('@testerhub/shared/locales/es/redeem.json'));

export type RedeemTranslate = ReturnType<typeof useRedeemTexts>;

/** The reader's locale for numbers and dates ('es-US' reads Spanish with US dates and figures). */
export const localeOf = (language: Language) => (language === 'es' ? 'es-US' : 'en-US');

/** '1 coin', '1,250 coins' in the reader's language. */
export const coinsText = (t: RedeemTranslate, language: Language, coins: number) =>
  t(coins === 1 ? 'coinOne' : 'coinMany', { n: coins.toLocaleString(localeOf(language)) });
