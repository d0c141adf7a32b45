import en from '@testerhub/shared/locales/en/site-frame.json';
import { textsFor } from '../lib/texts';

/**
 * The site frame's texts in the tab's language (locales/<language>/site-frame.json): the top
 * navigation with its burger menu, the skip link and the navigation loading overlay, which every
 * public page and the not-found page show. English is bundled with them; Spanish loads for a Spanish tab.
 */
export const useSiteFrameTexts = textsFor(en, () => import('@testerhub/shared/locales/es/site-frame.json'));
