/** The children feature's query keys, all in one place (decision 012). */
export const childrenKeys = {
  all: ['children'] as const,
  /** GET GetChildrenInfo: the tester's registered children. */
  registered: () => [...childrenKeys.all, 'registered'] as const,
};

export const childrenMutationKeys = {
  confirm: ['children', 'confirm'] as const,
};
