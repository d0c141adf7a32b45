import en from '@testerhub/shared/locales/en/perks.json';
import { textsFor } from '../../lib/texts';

/** The perks' and the picture choice's texts in the tester's language (locales/<language>/perks.json). */
export const usePerksTexts = textsFor(en, () => import('@testerhub/shared/locales/es/perks.json'));

export type PerksTranslate = ReturnType<typeof usePerksTexts>;

/** 'Lv N', or 'None' for a perk never upgraded. */
export const perkLevelText = (t: PerksTranslate, level: number) => (level > 0 ? t('level', { n: level }) : t('none'));

/** The conditions a refused upgrade is short of, one sentence each (the level first, as the detail lists it). */
export function missingConditions(
  t: PerksTranslate,
  refusal: { requireLevel: number; requireCoins: number; level: number; coins: number },
) {
  const missing: string[] = [];
  if (refusal.level < refusal.requireLevel) missing.push(t('needsLevel', { required: refusal.requireLevel, level: refusal.level }));
  if (refusal.coins < refusal.requireCoins) missing.push(t('needsCoins', { required: refusal.requireCoins, coins: refusal.coins }));
  return missing;
}
