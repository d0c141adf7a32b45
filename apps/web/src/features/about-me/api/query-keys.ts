/** The About-me feature's query keys, all in one place (decision 012). */
export const aboutMeKeys = {
  all: ['about-me'] as const,
  groups: () => [...aboutMeKeys.all, 'groups'] as const,
  questions: (pageID: number) => [...aboutMeKeys.all, 'questions', pageID] as const,
};

export const aboutMeMutationKeys = {
  addAnswer: ['about-me', 'add-answer'] as const,
  getCoins: ['about-me', 'get-coins'] as const,
};
