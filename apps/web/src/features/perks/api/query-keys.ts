/** The perks feature's query keys, all in one place (decision 012). */
export const perksKeys = {
  all: ['perks'] as const,
  /** Getskills: the perks with the tester's level of each. */
  skills: () => [...perksKeys.all, 'skills'] as const,
  /** GetDetailInfo: one perk's levels and requirements. */
  detail: (skillTypeId: number) => [...perksKeys.all, 'detail', skillTypeId] as const,
  /** GetProfilePic: the pictures and their levels. */
  profilePics: () => [...perksKeys.all, 'profile-pics'] as const,
};

export const perksMutationKeys = {
  skillUp: ['perks', 'skill-up'] as const,
  saveProfilePic: ['perks', 'save-profile-pic'] as const,
};
