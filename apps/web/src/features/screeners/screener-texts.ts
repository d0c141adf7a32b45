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

/** Texts of the login-time study-link flow (spec 2, sections 4 and 8; decision 026). */
export const STUDY_LINK_TEXTS = {
  opening: 'Opening your study link…',
  mismatchTitle: 'This link is for another account',
  mismatch:
    'The username and password you logged in with do not match this study link. We will log you out: please log in with the account the e-mail was sent to, then open the link from the e-mail again.',
  mismatchClose: 'Log out',
  invalidTitle: 'Invalid link',
  invalid:
    'This study link is not valid or has expired. Please open the link from your most recent e-mail again, or contact Tester Services for help.',
  noSeatTitle: 'Study not available',
  noSeat: 'Oh No! This study is no longer available...',
  noSeatNote: 'Its places have been filled or it has closed. New studies open often: your screener list shows the ones open to you.',
  priorityTitle: 'You are already scheduled',
  priority:
    'You already have an upcoming study booked, and it comes first: you can book another study once it has taken place. Your current schedule is shown here.',
  failedTitle: 'Something went wrong',
  failed: 'We could not open your study link. Please check your connection and try again.',
  tryAgain: 'Try again',
} as const;

/** Where the study-link flow sends a tester who is already booked (spec 2, section 4: ts and hasSchedule). */
export const SCHEDULE_CHECK_PATH = '/community/main/schedule/check';
export { SELF_SCHEDULE_PATH } from './stored-study-link';
