import { COMPANY } from '@testerhub/shared/company';
import en from '@testerhub/shared/locales/en/schedule.json';
import { textsFor } from '../../lib/texts';

/** The schedule pages' texts in the tester's language (locales/<language>/schedule.json). */
export const useScheduleTexts = textsFor(en, () => import('@testerhub/shared/locales/es/schedule.json'));

export type ScheduleTranslate = ReturnType<typeof useScheduleTexts>;

/**
 * Texts of the schedule check, change and cancel pages (spec 3, sections 2, 4 and 8). The notice
 * window is the server's configuration (`noticeHours` of GetCurrentSchedule, decision 022); until
 * it is known the texts say "ahead of time", as the spec's page does.
 */
function ahead(hours: number | undefined, before = 'your session'): string {
  return hours === undefined ? 'ahead of time' : `at least ${hours} hours before ${before}`;
}

export const SCHEDULE_TEXTS = {
  loadFailed: en.loadFailed,
  policyLink: en.policyLink,
  externalNote: en.externalNote,
  noOpenings: 'There are no other openings for this study at this time. If more open, Tester Services may contact you.',
  changeSucceeded: 'Schedule Changed',
  changeSucceededText: 'Your schedule has been changed. We have e-mailed you the new dates.',
  /** A time starting within the notice window: not full, but no longer taking bookings (issue 29). */
  bookingClosed: en.selfBookingClosed,
} as const;

/** The notice under both pages. */
export function noticeLine(hours: number | undefined, t: ScheduleTranslate): string {
  const phone = COMPANY.supportPhone;
  return hours === undefined ? t('noticeAhead', { phone }) : t('noticeHours', { hours, phone });
}

/** A booking inside the notice window (by phone only). */
export function insideWindowNote(hours: number | undefined, t: ScheduleTranslate): string {
  const phone = COMPANY.supportPhone;
  return hours === undefined ? t('insideWindowSoon', { phone }) : t('insideWindowHours', { hours, phone });
}

/** Told on the screener list after a cancel that took coins back (decision 080). */
/** What the screener list says after a cancel succeeded (issue 28: a cancellation said nothing). */
export function cancelledText(bookings: number): string {
  return bookings === 1 ? 'Your booking has been cancelled.' : `Your ${bookings} bookings have been cancelled.`;
}

export function coinsTakenBackText(coins: number, bookings: number): string {
  const amount = coins === 1 ? 'The 1 coin' : `The ${coins} coins`;
  const which = bookings === 1 ? 'this booking' : 'these bookings';
  return `${amount} for ${which} ${coins === 1 ? 'has' : 'have'} been taken back.`;
}

export const CANCEL_FAILED = {
  status: 'Cancel schedule Failed',
  message: `There was a problem with your scheduling information. Please contact Tester Services at ${COMPANY.supportPhone} or ${COMPANY.supportEmail}.`,
};

/** A cancel refusal by the server's status (spec 3, section 8). */
export function cancelFailure(status: string, hours: number | undefined): { status: string; message: string } {
  if (status === '101') {
    return {
      status: 'Cancel schedule Failed - 101',
      message: `Changes and cancellations must be made ${ahead(hours, 'testing')}. Please call Tester Services at ${COMPANY.supportPhone} (${COMPANY.supportHours}).`,
    };
  }
  if (status === '102') {
    return {
      status: 'Cancel schedule Failed - 102',
      message: 'Your e-mail address is invalid. Please update it under My Account, Change Contact Info, and try again.',
    };
  }
  return CANCEL_FAILED;
}

/** Change outcomes other than succeed (spec 3, sections 4 and 8). */
export function changeFailure(
  status: 'notAvailable' | 'changeEmailAddress' | 'notChangeable' | 'failed',
  hours: number | undefined,
): { data: string; message?: string } {
  switch (status) {
    case 'notAvailable':
      return {
        data: 'Study Schedule Unavailable',
        message: 'The time you selected is no longer available. Please check the updated list and choose another time.',
      };
    case 'changeEmailAddress':
      return { data: 'Invalid Email Address', message: 'Please update your e-mail address under My Account, Change Contact Info.' };
    case 'notChangeable':
      return {
        data: 'Failed to change schedule',
        message: `Changes must be made ${ahead(hours, 'testing')}. Please call Tester Services at ${COMPANY.supportPhone}.`,
      };
    default:
      return { data: 'Failed to change schedule' };
  }
}

export const SCHEDULE_CHECK_PATH = '/community/main/schedule/check';
export const SCREENER_LIST_PATH = '/community/main/screener';
/** Here, not in the self-schedule texts: those bring the shared schemas (and zod) to whoever imports them. */
export const SELF_SCHEDULE_PATH = '/community/main/schedule/self';
export const CANCELLATION_POLICY_PATH = '/popup/cancellation-policy';
