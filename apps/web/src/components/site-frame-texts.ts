import { useEffect, useState } from 'react';
import { translator, type Translate } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/site-frame.json';
import { useLanguage } from '../hooks/use-entry-language';

export type SiteFrameTranslate = Translate<keyof typeof en>;

const inEnglish: SiteFrameTranslate = translator(en);
let inSpanish: SiteFrameTranslate | undefined;

/**
 * The site frame's texts in the tab's language (locales/<language>/site-frame.json): the skip link,
 * the top navigation with its burger menu and the navigation loading overlay. Unlike lib/texts'
 * areas the frame never suspends: it stands outside the page's Suspense boundary, and a boundary of
 * its own changes how the prerendered home page streams (its content would wait for a script). So a
 * Spanish tab shows the English words until its Spanish chunk has come, then the Spanish ones
 * (decision 131); English pages load no Spanish.
 */
export function useSiteFrameTexts(): SiteFrameTranslate {
  const language = useLanguage();
  const [, showLoaded] = useState(false);
  useEffect(() => {
    if (language !== 'es' || inSpanish) return;
    let shown = true;
    import('@testerhub/shared/locales/es/site-frame.json').then(
      (module) => {
        inSpanish = translator(module.default);
        if (shown) showLoaded(true);
      },
      () => undefined, // the English words stay; the next frame to mount asks again
    );
    return () => {
      shown = false;
    };
  }, [language]);
  return language === 'es' && inSpanish ? inSpanish : inEnglish;
}
