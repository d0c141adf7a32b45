import en from '@testerhub/shared/locales/en/not-found.json';
import { textsFor } from '../../lib/texts';

/** The not-found page's texts in the tab's language (locales/<language>/not-found.json). */
export const useNotFoundTexts = textsFor(en, () => import('@testerhub/shared/locales/es/not-found.json'));
