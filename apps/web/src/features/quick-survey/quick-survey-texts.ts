import en from '@testerhub/shared/locales/en/quick-survey.json';
import { textsFor } from '../../lib/texts';

/**
 * The quick survey page's texts in the tester's language (locales/<language>/quick-survey.json;
 * spec 2, sections 2, 8 and 9), quoted exactly where the spec gives them. The empty text: the spec
 * gives only the gist; the About-me wording, adapted (decision 019).
 */
export const useQuickSurveyTexts = textsFor(en, () => import('@testerhub/shared/locales/es/quick-survey.json'));
