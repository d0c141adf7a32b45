import en from '@testerhub/shared/locales/en/study-link.json';
import { textsFor } from '../../lib/texts';

/** The login-time study-link flow's notices in the tester's language (locales/<language>/study-link.json; decision 026). */
export const useStudyLinkTexts = textsFor(en, () => import('@testerhub/shared/locales/es/study-link.json'));
