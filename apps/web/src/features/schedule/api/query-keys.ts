/** The schedule feature's query keys, all in one place (decision 012). */
export const scheduleKeys = {
  all: ['schedule'] as const,
  /** GetCurrentSchedule: the bookings on the check page. */
  current: () => [...scheduleKeys.all, 'current'] as const,
  /** Index: the bookings the change page offers as its study choice. */
  index: () => [...scheduleKeys.all, 'index'] as const,
  /** GetScheduledGroupTime: the groups one booked study offers. */
  groups: (studyNo: number) => [...scheduleKeys.all, 'groups', studyNo] as const,
};

export const scheduleMutationKeys = {
  cancel: ['schedule', 'cancel'] as const,
  cancelMulti: ['schedule', 'cancel-multi'] as const,
  change: ['schedule', 'change'] as const,
};
