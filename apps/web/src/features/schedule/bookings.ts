import type { ScheduleStamp } from '@testerhub/shared/schedule-schemas';
import type { ScheduleTranslate } from './schedule-texts';

/** One booking: the stamps (session days) of one study and group, in day order. */
export interface Booking {
  key: string;
  studyNo: number;
  first: ScheduleStamp;
  days: ScheduleStamp[];
  /** External studies are changed and cancelled elsewhere (spec 3, section 6). */
  external: boolean;
}

/** Groups the answer's stamps into bookings, earliest first (stamps of one booking share study and group). */
export function toBookings(stamps: readonly ScheduleStamp[]): Booking[] {
  const byKey = new Map<string, ScheduleStamp[]>();
  for (const stamp of stamps) {
    const key = `${stamp.studyNo}:${stamp.groupId}`;
    byKey.set(key, [...(byKey.get(key) ?? []), stamp]);
  }
  const bookings = [...byKey.entries()].map(([key, days]): Booking => {
    const sorted = [...days].sort((a, b) => a.testerDay - b.testerDay || a.scheduleStamp.localeCompare(b.scheduleStamp));
    const first = sorted[0]!;
    return { key, studyNo: first.studyNo, first, days: sorted, external: sorted.some((day) => day.isExternal || day.isExternalStudy) };
  });
  return bookings.sort((a, b) => a.first.scheduleStamp.localeCompare(b.first.scheduleStamp));
}

/** The name a booking goes by in headings, buttons and dialogs: the study's description, else its colour and number. */
export function bookingName(booking: Booking, t: ScheduleTranslate): string {
  return booking.first.studyName.trim() || t('selfStudyFallback', { colour: booking.first.color, studyNo: booking.studyNo });
}

/** A CSS colour for a colour name from the server; an unknown name gets a neutral grey. */
export function chipColour(name: string): string {
  const css = name.trim().toLowerCase().replace(/\s+/g, '');
  const plain = /^[a-z]{3,30}$/.test(css);
  return plain && (typeof CSS === 'undefined' || typeof CSS.supports !== 'function' || CSS.supports('color', css)) ? css : '#98a2b3';
}
