/** The call-outs feature's query keys (decision 012). */
export const calloutKeys = {
  all: ['callouts'] as const,
  /** GetCalloutList: the call-outs showing now. */
  list: () => [...calloutKeys.all, 'list'] as const,
  /** The code that shows them, loaded once there is one (decision 130). */
  listCode: () => [...calloutKeys.all, 'list-code'] as const,
};
