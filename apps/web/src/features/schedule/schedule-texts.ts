import { CANCELLATION_NOTICE_HOURS, COMPANY } from '@testerhub/shared/company';

/** Texts of the schedule check, change and cancel pages (spec 3, sections 2, 4 and 8). */
export const SCHEDULE_TEXTS = {
  nothingScheduled: 'Nothing currently scheduled',
  loadFailed: 'Failed to retrieve schedule information',
  loadFailedHelp: 'We could not load your schedule. Please try again.',
  noticeLine: `Changes and cancellations must be made at least ${CANCELLATION_NOTICE_HOURS} hours before your session. After that, please call Tester Services at ${COMPANY.supportPhone}.`,
  policyLink: 'Cancellation policy',
  insideWindow: `This session is less than ${CANCELLATION_NOTICE_HOURS} hours away: to change or cancel it, please call Tester Services at ${COMPANY.supportPhone}.`,
  externalNote: 'This study is scheduled by an outside company. To change or cancel it, please contact Tester Services.',
  noOpenings: 'There are no other openings for this study at this time. If more open, Tester Services may contact you.',
  changeSucceeded: 'Schedule Changed',
  changeSucceededText: 'Your schedule has been changed. We have e-mailed you the new dates.',
} as const;

/** Cancel failures by the server's status (spec 3, section 8). */
export const CANCEL_FAILURES: Record<string, { status: string; message: string }> = {
  '101': {
    status: 'Cancel schedule Failed - 101',
    message: `Changes and cancellations must be made ${CANCELLATION_NOTICE_HOURS} hours before testing. Please call Tester Services at ${COMPANY.supportPhone} (${COMPANY.supportHours}).`,
  },
  '102': {
    status: 'Cancel schedule Failed - 102',
    message: 'Your e-mail address is invalid. Please update it under My Account, Change Contact Info, and try again.',
  },
};

export const CANCEL_FAILED = {
  status: 'Cancel schedule Failed',
  message: `There was a problem with your scheduling information. Please contact Tester Services at ${COMPANY.supportPhone} or ${COMPANY.supportEmail}.`,
};

export function cancelFailure(status: string): { status: string; message: string } {
  return CANCEL_FAILURES[status] ?? CANCEL_FAILED;
}

/** Change outcomes other than succeed (spec 3, sections 4 and 8). */
export const CHANGE_FAILURES = {
  notAvailable: {
    data: 'Study Schedule Unavailable',
    message: 'The time you selected is no longer available. Please check the updated list and choose another time.',
  },
  changeEmailAddress: {
    data: 'Invalid Email Address',
    message: 'Please update your e-mail address under My Account, Change Contact Info.',
  },
  notChangeable: {
    data: 'Failed to change schedule',
    message: `Changes must be made at least ${CANCELLATION_NOTICE_HOURS} hours before testing. Please call Tester Services at ${COMPANY.supportPhone}.`,
  },
  failed: { data: 'Failed to change schedule', message: undefined },
} as const;

export const SCHEDULE_CHECK_PATH = '/community/main/schedule/check';
export const SCREENER_LIST_PATH = '/community/main/screener';
export const CANCELLATION_POLICY_PATH = '/popup/cancellation-policy';
