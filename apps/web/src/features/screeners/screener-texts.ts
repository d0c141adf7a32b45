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

export const TEEN_OR_ADULT = {
  title: 'Who is taking this screener?',
  question: 'This study is open to teens and adults. Are you answering for yourself, or for your teen?',
  myself: 'Myself',
  teen: 'My teen',
};

export const CHILDREN_NOTICE = {
  kidTitle: 'A study for children',
  teenTitle: 'Screening your teen',
  text: 'Children take part through their parent’s account. Your children are managed from your account page: register them there, and once they are confirmed you can choose them for a study.',
  link: 'Go to my account',
};

export const WAITING_LIST_HEADER = 'Waiting list';

/** The account page where children are managed (the children flow comes with the next issue). */
export const ACCOUNT_GENERAL_PATH = '/community/main/account/general';
export const SCREENER_LIST_PATH = '/community/main/screener';

/** Session storage keys of the study-link flow (spec 2 section 3, spec 3 section 3), cleared when the teen/adult popup closes. */
export const STUDY_LINK_SESSION_KEYS = ['s', 't', 'd', 'e', 'k'] as const;
