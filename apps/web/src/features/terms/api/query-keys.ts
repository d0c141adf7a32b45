/** The terms feature's query keys (decision 012). */
export const termsKeys = {
  all: ['terms'] as const,
  /** GetTermsStatus: the version in force and whether this tester must accept it. */
  status: () => [...termsKeys.all, 'status'] as const,
};

export const termsMutationKeys = {
  accept: ['terms', 'accept'] as const,
};
