/** The referrals feature's query keys, all in one place (decision 012). */
export const referralsKeys = {
  all: ['referrals'] as const,
  /** GetReferralEvent: this month's offer texts. */
  event: () => [...referralsKeys.all, 'event'] as const,
  /** GetReferralList: the tester's referrals with their status. */
  list: () => [...referralsKeys.all, 'list'] as const,
};

export const referralsMutationKeys = {
  refer: ['referrals', 'refer'] as const,
  claim: ['referrals', 'claim'] as const,
};
