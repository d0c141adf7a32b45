import studyLinkEnglish from '@testerhub/shared/locales/en/study-link.json';
import type { ScreenersTranslate } from './screeners-texts';

/** DoScreeners' known refusals (spec 2 section 8, spec 3 section 8): the code the popup's header carries, and the explanation when the server sent none. */
const KNOWN_REFUSALS: Record<string, { code: string; explanation: 'alreadyScheduledExplanation' | 'fullExplanation' }> = {
  'Screener Failed - 101': { code: '101', explanation: 'alreadyScheduledExplanation' },
  'Screener Failed - 102': { code: '102', explanation: 'fullExplanation' },
};

/**
 * Header and explanation of a DoScreeners answer that did not start a screener, in the tester's
 * language (the English texts are the spec's). The server's own message wins when it sends one.
 */
export function screenerFailure(status: string, message: string | undefined, t: ScreenersTranslate): { data: string; message: string } {
  const known = KNOWN_REFUSALS[status];
  if (!known) return { data: t('failedTitle'), message: message || t('studyNotAvailable') };
  return { data: t('failedTitleCode', { code: known.code }), message: message || t(known.explanation) };
}

export const SCREENER_LIST_PATH = '/community/main/screener';

/** Session storage keys of the study-link flow (spec 2 section 3, spec 3 section 3), cleared when the teen/adult popup closes. */
export const STUDY_LINK_SESSION_KEYS = ['s', 't', 'd', 'e', 'k'] as const;

/** The login-time study-link flow's texts in English (spec 2, sections 4 and 8; decision 026); the flow reads study-link.json in the tester's language. */
export const STUDY_LINK_TEXTS = studyLinkEnglish;

/** Where the study-link flow sends a tester who is already booked (spec 2, section 4: ts and hasSchedule). */
export const SCHEDULE_CHECK_PATH = '/community/main/schedule/check';
export { SELF_SCHEDULE_PATH } from './stored-study-link';
