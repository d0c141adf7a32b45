import en from '@testerhub/shared/locales/en/privacy.json';
import { textsFor } from '../../lib/texts';

/** The privacy pages' texts in the tester's language (locales/<language>/privacy.json). */
export const usePrivacyTexts = textsFor(en, () => import('@testerhub/shared/locales/es/privacy.json'));
