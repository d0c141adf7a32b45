/*
 * The words staff pages show for the codes the database stores (issue 29, "Built for people"):
 * one map per concept, used by every staff page and the results CSV. Plain constants, no zod, so
 * a page may import them without pulling the schema library into its first load.
 */

export const BOOKING_STATUS_TEXTS: Record<'booked' | 'cancelled' | 'attended' | 'noShow', string> = {
  booked: 'Booked',
  cancelled: 'Cancelled',
  attended: 'Attended',
  noShow: 'No-show',
};

/** A screener's state for one tester; 101 is the spec's code for "already scheduled in another study". */
export const SCREENING_STATUS_TEXTS: Record<
  'inProgress' | 'qualified' | 'disqualified' | 'full' | 'alreadyScheduled' | 'waitlisted',
  string
> = {
  inProgress: 'In progress',
  qualified: 'Qualified',
  disqualified: 'Not qualified',
  full: 'Study full',
  alreadyScheduled: 'Already scheduled (101)',
  waitlisted: 'Waiting list',
};

/** Why a tester was suspended (tester_suspensions.reason). */
export const SUSPENSION_REASON_TEXTS: Record<'noShows', string> = {
  noShows: 'Too many no-shows',
};

/** The word for a stored code; a code no map knows yet is shown as stored rather than hidden. */
export function wordFor<Code extends string>(words: Record<Code, string>, code: unknown): string {
  if (typeof code !== 'string' || code === '') return '–';
  return Object.hasOwn(words, code) ? words[code as Code] : code;
}

/** A study as staff name it: its number with its name beside it. */
export function studyLabel(studyNo: unknown, name: string | undefined): string {
  if (studyNo === null || studyNo === undefined || studyNo === '') return '–';
  return name ? `${String(studyNo)} · ${name}` : String(studyNo);
}
