/** The schedule feature's query keys, all in one place (decision 012). */
export const scheduleKeys = {
  all: ['schedule'] as const,
  /** GetCurrentSchedule: the bookings on the check page. */
  current: () => [...scheduleKeys.all, 'current'] as const,
  /** Index: the bookings the change page offers as its study choice. */
  index: () => [...scheduleKeys.all, 'index'] as const,
  /** GetScheduledGroupTime: the groups one booked study offers. */
  groups: (studyNo: number) => [...scheduleKeys.all, 'groups', studyNo] as const,
  /** GetSelectedSchedules: the self-schedule choices of one link (or of every waiting study: {}). */
  selfChoices: (link: object) => [...scheduleKeys.all, 'self-choices', link] as const,
  /** ReSelfSchedule: the address of the tester's next study waiting to be scheduled. */
  reSelf: () => [...scheduleKeys.all, 're-self'] as const,
};

export const scheduleMutationKeys = {
  cancel: ['schedule', 'cancel'] as const,
  cancelMulti: ['schedule', 'cancel-multi'] as const,
  change: ['schedule', 'change'] as const,
  selfSchedule: ['schedule', 'self-schedule'] as const,
  selfWaitList: ['schedule', 'self-wait-list'] as const,
  notInterest: ['schedule', 'not-interest'] as const,
  externalReward: ['schedule', 'external-reward'] as const,
};
