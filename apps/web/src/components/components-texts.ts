import en from '@testerhub/shared/locales/en/components.json';
import { textsFor } from '../lib/texts';

/** The shared components' texts in the tester's language (locales/<language>/components.json): the portal's popups. */
export const useComponentsTexts = textsFor(en, () => import('@testerhub/shared/locales/es/components.json'));
