import type { ScheduleTranslate } from './schedule-texts';

/**
 * The self-schedule page's figures and its notice (spec 3: "Self-schedule", sections 4, 8 and 9); its
 * texts are in locales/<language>/schedule.json (the catalogue's headers word for word in English).
 */

/** Minutes early a tester is asked to arrive (spec 3, section 9: the self-schedule page says 15). */
export const ARRIVE_EARLY_MINUTES = 15;

/** Minutes an outside screener's study waits before it can be scheduled (spec 3, section 9; the server enforces its configured delay). */
export const EXTERNAL_WAIT_MINUTES = 30;

/** 'A', 'A and B', 'A, B and C'. */
function listed(names: string[], t: ScheduleTranslate): string {
  return names.length > 1 ? t('listAnd', { first: names.slice(0, -1).join(', '), last: names.at(-1)! }) : (names[0] ?? '');
}

/**
 * What the screener list says after the last study's answer when a waiting list was joined or a
 * study declined: each choice confirmed in plain words, and nothing else (issue 28, item 3).
 */
export function choicesNotice(choices: { booked: string[]; waitlisted: string[]; declined: string[] }, t: ScheduleTranslate): string {
  const sentences: string[] = [];
  if (choices.booked.length > 0) sentences.push(t('selfBooked', { studies: listed(choices.booked, t) }));
  if (choices.waitlisted.length > 0) sentences.push(t('selfWaitlisted', { studies: listed(choices.waitlisted, t) }));
  if (choices.declined.length > 0)
    sentences.push(t(choices.declined.length > 1 ? 'selfDeclinedMany' : 'selfDeclinedOne', { studies: listed(choices.declined, t) }));
  return sentences.join(' ');
}
