import { use } from 'react';
import { translator, type Texts, type Translate } from '@testerhub/shared/i18n';
import { useLanguage } from '../hooks/use-entry-language';

/**
 * One area's texts for its components (issue 28, "Spanish, end to end"): English is bundled with
 * the area, Spanish loads the first time a Spanish reader needs it (the component suspends
 * meanwhile), so English pages carry no Spanish. Made once per area, beside its components:
 *
 *   export const useScheduleTexts = textsFor(en, () => import('@testerhub/shared/locales/es/schedule.json'));
 *   const t = useScheduleTexts();  t('seatsLeft', { count: 3 })
 */
export function textsFor<Keys extends string>(
  english: Texts<Keys>,
  loadSpanish: () => Promise<{ default: Texts<Keys> }>,
): () => Translate<Keys> {
  const inEnglish = translator(english);
  let inSpanish: Promise<Translate<Keys>> | undefined;
  const spanish = () =>
    (inSpanish ??= loadSpanish().then(
      (module) => translator(module.default),
      (error: unknown) => {
        inSpanish = undefined; // the next render asks again
        throw error;
      },
    ));
  return function useTexts() {
    return useLanguage() === 'es' ? use(spanish()) : inEnglish;
  };
}
