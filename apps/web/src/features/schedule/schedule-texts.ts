import { COMPANY, supportHoursIn } from '@testerhub/shared/company';
import type { Language } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/schedule.json';
import { textsFor } from '../../lib/texts';

/** The schedule pages' texts in the tester's language (locales/<language>/schedule.json). */
export const useScheduleTexts = textsFor(en, () => import('@testerhub/shared/locales/es/schedule.json'));

export type ScheduleTranslate = ReturnType<typeof useScheduleTexts>;

/**
 * The notice under both pages. The notice window is the server's configuration (`noticeHours` of
 * GetCurrentSchedule, decision 022); until it is known the texts say "ahead of time", as the spec's
 * page does.
 */
export function noticeLine(hours: number | undefined, t: ScheduleTranslate): string {
  const phone = COMPANY.supportPhone;
  return hours === undefined ? t('noticeAhead', { phone }) : t('noticeHours', { hours, phone });
}

/** A booking inside the notice window (by phone only). */
export function insideWindowNote(hours: number | undefined, t: ScheduleTranslate): string {
  const phone = COMPANY.supportPhone;
  return hours === undefined ? t('insideWindowSoon', { phone }) : t('insideWindowHours', { hours, phone });
}

/** What the screener list says after a cancel succeeded (issue 28: a cancellation said nothing). */
export function cancelledText(bookings: number, t: ScheduleTranslate): string {
  return bookings === 1 ? t('cancelledOne') : t('cancelledMany', { count: bookings });
}

/** Told on the screener list after a cancel that took coins back (decision 080). */
export function coinsTakenBackText(coins: number, bookings: number, t: ScheduleTranslate): string {
  if (coins === 1) return t(bookings === 1 ? 'coinTakenBackOne' : 'coinTakenBackMany');
  return t(bookings === 1 ? 'coinsTakenBackOne' : 'coinsTakenBackMany', { coins });
}

/** A cancel refusal by the server's status (spec 3, section 8); any other status is the generic failure. */
export function cancelFailure(
  status: string,
  hours: number | undefined,
  t: ScheduleTranslate,
  language: Language,
): { status: string; message: string } {
  const phone = COMPANY.supportPhone;
  if (status === '101') {
    const serviceHours = supportHoursIn(language);
    return {
      status: t('cancelFailedCode', { code: status }),
      message:
        hours === undefined ? t('cancelTooLateAhead', { phone, serviceHours }) : t('cancelTooLateHours', { hours, phone, serviceHours }),
    };
  }
  if (status === '102') return { status: t('cancelFailedCode', { code: status }), message: t('cancelInvalidEmailText') };
  return { status: t('cancelFailed'), message: t('cancelFailedText', { phone, email: COMPANY.supportEmail }) };
}

/** Change outcomes other than succeed (spec 3, sections 4 and 8). */
export function changeFailure(
  status: 'notAvailable' | 'changeEmailAddress' | 'notChangeable' | 'failed',
  hours: number | undefined,
  t: ScheduleTranslate,
): { data: string; message?: string } {
  const phone = COMPANY.supportPhone;
  switch (status) {
    case 'notAvailable':
      return { data: t('selfUnavailable'), message: t('changeUnavailableText') };
    case 'changeEmailAddress':
      return { data: t('selfInvalidEmail'), message: t('selfInvalidEmailText') };
    case 'notChangeable':
      return {
        data: t('changeFailed'),
        message: hours === undefined ? t('changeTooLateAhead', { phone }) : t('changeTooLateHours', { hours, phone }),
      };
    default:
      return { data: t('changeFailed') };
  }
}

export const SCHEDULE_CHECK_PATH = '/community/main/schedule/check';
export const SCREENER_LIST_PATH = '/community/main/screener';
/** Here, not in the self-schedule texts: those bring the shared schemas (and zod) to whoever imports them. */
export const SELF_SCHEDULE_PATH = '/community/main/schedule/self';
export const CANCELLATION_POLICY_PATH = '/popup/cancellation-policy';
