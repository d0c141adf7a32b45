import { use } from 'react';
import { translator, type Texts, type Translate } from '@testerhub/shared/i18n';
import { useLanguage } from '../hooks/use-entry-language';

/** The Spanish loaders of the areas this tab has shown: what must be here before a switch to Spanish. */
const spanishOfAreasShown = new Set<() => Promise<unknown>>();

/**
 * Loads the Spanish texts of every area this tab has shown (decision 138). The portal switches a
 * Spanish tester's English tab only after this: a switch makes each shown area ask for its Spanish
 * at once, and one still loading would suspend the page and blank it for a moment.
 */
export async function loadSpanishOfAreasShown(): Promise<void> {
  const loaded = new Set<() => Promise<unknown>>();
  // An area shown while the others load is loaded too.
  while (loaded.size < spanishOfAreasShown.size) {
    const pending = [...spanishOfAreasShown].filter((load) => !loaded.has(load));
    await Promise.all(pending.map((load) => load()));
    for (const load of pending) loaded.add(load);
  }
}

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
): (() => Translate<Keys>) & { loadSpanish: () => Promise<unknown> } {
  const inEnglish = translator(english);
  let inSpanish: Promise<Translate<Keys>> | undefined;
  const spanish = () => {
    const loading: Promise<Translate<Keys>> = (inSpanish ??= loadSpanish().then(
      (module) => {
        const texts = translator(module.default);
        // Marked settled the way React reads a thenable, so that `use` returns it at once, even to a
        // component that has not seen this promise yet (it would suspend once otherwise). `use` is
        // always called: skipping it on some renders broke React's bookkeeping ("Update hook called
        // on initial render").
        Object.assign(loading, { status: 'fulfilled', value: texts });
        return texts;
      },
      (error: unknown) => {
        inSpanish = undefined; // the next render asks again
        throw error;
      },
    ));
    return loading;
  };
  function useTexts() {
    if (useLanguage() === 'es') return use(spanish());
    spanishOfAreasShown.add(spanish);
    return inEnglish;
  }
  // For code that must have the Spanish before it shows (what lands with the portal's page, decision 138).
  return Object.assign(useTexts, { loadSpanish: spanish });
}
