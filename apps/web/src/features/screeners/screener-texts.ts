import studyLinkEnglish from '@testerhub/shared/locales/en/study-link.json';
/** Texts of the screener flows (spec 2 section 8, spec 3 section 8). The server's own message wins when it sends one. */
export const SCREENER_STATUS = {
  alreadyScheduled: 'Screener Failed - 101',
  full: 'Screener Failed - 102',
} as const;

/** The explanation of a screener failure when the server sent none. */
export const SCREENER_EXPLANATIONS: Record<string, string> = {
  [SCREENER_STATUS.alreadyScheduled]:
    'Your screener is complete and your credit has been given, but you are already scheduled for an upcoming study.',
  [SCREENER_STATUS.full]: 'All schedule spots for this study have been filled. Please choose another study.',
};

/** The header of a plain refusal ('failed') or a call that did not get through. */
export const SCREENER_FAILED = 'Screener Failed';
export const STUDY_NOT_AVAILABLE = 'Oh No! This study is no longer available.';

/** Header and explanation of a DoScreeners answer that did not start a screener. */
export function screenerFailure(status: string, message?: string): { data: string; message: string } {
  const known = status in SCREENER_EXPLANATIONS;
  return {
    data: known ? status : SCREENER_FAILED,
    message: message || (known ? (SCREENER_EXPLANATIONS[status] ?? STUDY_NOT_AVAILABLE) : STUDY_NOT_AVAILABLE),
  };
}

export const SCREENER_LIST_PATH = '/community/main/screener';

/** Session storage keys of the study-link flow (spec 2 section 3, spec 3 section 3), cleared when the teen/adult popup closes. */
export const STUDY_LINK_SESSION_KEYS = ['s', 't', 'd', 'e', 'k'] as const;

/** The login-time study-link flow's texts in English (spec 2, sections 4 and 8; decision 026); the flow reads study-link.json in the tester's language. */
export const STUDY_LINK_TEXTS = studyLinkEnglish;

/** Where the study-link flow sends a tester who is already booked (spec 2, section 4: ts and hasSchedule). */
export const SCHEDULE_CHECK_PATH = '/community/main/schedule/check';
export { SELF_SCHEDULE_PATH } from './stored-study-link';
