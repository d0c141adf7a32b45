import en from '@testerhub/shared/locales/en/about-me.json';
import { textsFor } from '../../lib/texts';

/** The About-me page's texts in the tester's language (locales/<language>/about-me.json; spec 2, sections 2 and 8). */
export const useAboutMeTexts = textsFor(en, () => import('@testerhub/shared/locales/es/about-me.json'));

export type AboutMeTranslate = ReturnType<typeof useAboutMeTexts>;
