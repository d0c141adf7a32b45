/** The referral feature's query keys, all in one place (decision 012). */
export const referralKeys = {
  all: ['referral'] as const,
  /** GetReferralEvent: this month's offer texts. */
  event: () => [...referralKeys.all, 'event'] as const,
  /** GetReferralList: the tester's referrals with their status. */
  list: () => [...referralKeys.all, 'list'] as const,
};

export const referralMutationKeys = {
  refer: ['referral', 'refer'] as const,
  claim: ['referral', 'claim'] as const,
};
