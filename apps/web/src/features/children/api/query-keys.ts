/** The children feature's query keys, all in one place (decision 012). */
export const childrenKeys = {
  all: ['children'] as const,
  /** GET GetChildrenInfo: the tester's registered children. */
  registered: () => [...childrenKeys.all, 'registered'] as const,
  /** POST GetChildrenInfo: the children as a kid study sees them. */
  forStudy: (studyNo: number) => [...childrenKeys.all, 'for-study', studyNo] as const,
  /** POST GetChildrenInfoWithAge: the teens a participant-type-3 study may take. */
  teensForStudy: (studyNo: number) => [...childrenKeys.all, 'teens-for-study', studyNo] as const,
};

export const childrenMutationKeys = {
  confirm: ['children', 'confirm'] as const,
  register: ['children', 'register'] as const,
  registerForStudy: ['children', 'register-for-study'] as const,
  screen: ['children', 'screen'] as const,
  removeStudy: ['children', 'remove-study'] as const,
};
