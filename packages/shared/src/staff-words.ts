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

/**
 * A study's project type (1 to 999), as the study form offers it. The spec names 26, 27 and 28 kid
 * studies only; 1 to 5 are named after the studies the seed gives them (decision 105). A type not
 * listed is kept and typed as a number.
 */
export const PROJECT_TYPE_TEXTS: Record<number, string> = {
  1: 'Taste test',
  2: 'Focus group',
  3: 'Take-home test',
  4: 'Usage study',
  5: 'Online survey',
  26: 'Kid study',
  27: 'Kid study',
  28: 'Kid study',
};

/** A study's participant type (1 to 99): the spec's kids (1, 2, 5), teens and adults (3); 4 adults. */
export const PARTICIPANT_TYPE_TEXTS: Record<number, string> = {
  1: 'Kids',
  2: 'Kids',
  3: 'Teens and adults',
  4: 'Adults',
  5: 'Kids',
};

/** A numbered code with its word, the number kept for those who know the codes: "Kid study (27)". */
export const namedCode = (words: Record<number, string>, code: number): string =>
  Object.hasOwn(words, code) ? `${words[code]} (${code})` : String(code);
