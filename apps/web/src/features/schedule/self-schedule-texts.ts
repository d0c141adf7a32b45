import { COMPANY } from '@testerhub/shared/company';
import { SELF_SCHEDULE_TEXTS as CATALOGUE } from '@testerhub/shared/self-schedule-schemas';
import { SCHEDULE_TEXTS } from './schedule-texts';

/**
 * Texts of the self-schedule page (spec 3: "Self-schedule", sections 4, 8 and 9). The catalogue's
 * headers are kept word for word; the explanations under them are ours.
 */

/** Minutes early a tester is asked to arrive (spec 3, section 9: the self-schedule page says 15). */
export const ARRIVE_EARLY_MINUTES = 15;

/** Minutes an outside screener's study waits before it can be scheduled (spec 3, section 9; the server enforces its configured delay). */
export const EXTERNAL_WAIT_MINUTES = 30;

export const SELF_SCHEDULE_TEXTS = {
  title: 'Congratulations!',
  intro: 'You qualified for this study. Choose a time that works for you.',
  bringId: 'Bring a government-issued photo ID (a driver’s licence or state ID). We check it when you arrive.',
  arriveEarly: `Arrive ${ARRIVE_EARLY_MINUTES} minutes before your session starts: late arrivals may not be seated.`,
  chooseLegend: 'Choose a time',
  closedHint: 'Times marked Closed are full: choose Notify me to join their waiting list.',
  /** Issue 29: a time inside the notice window is not full, its booking has closed; no seat of it opens again. */
  bookingClosed: SCHEDULE_TEXTS.bookingClosed,
  bookingClosedHint: (hours: number) =>
    `Booking closes ${hours} hours before a time starts, so times marked Booking closed can no longer be chosen. To ask about one, call Tester Services at ${COMPANY.supportPhone}.`,
  notInterested: 'Not interested',
  scheduleMe: 'Schedule Me',
  waitForThisTime: 'Wait for this time',
  loading: 'Loading your study times…',
  loadFailed: 'Failed to retrieve schedule information',
  loadFailedHelp: 'We could not load the times for this study. Please try again.',

  waitlistTitle: 'Thank you!',
  waitlistIntro:
    'We have your answer. We could not schedule you for this study right now, for one of these reasons, and we will contact you if a place opens:',
  waitlistReasons: [
    'You are already scheduled for another study.',
    'You took part in a similar study recently.',
    'The study was booked up while you were completing the screener.',
    'The quota for this study has been filled.',
  ],
  /** Beyond the spec (decision 046): the no-show rule's suspension; the portal's notice says until when. */
  suspendedTitle: 'Scheduling is paused',
  suspendedText: `Your account is suspended after missed appointments, so you cannot book a study until the suspension ends (the notice at the top of the page says when). Questions? Call Tester Services at ${COMPANY.supportPhone}.`,
  mismatchTitle: 'We are sorry',
  mismatchText: `The information in your link does not match your account, so we cannot schedule you from it. Please log in with the account the e-mail was sent to, or contact Tester Services at ${COMPANY.supportPhone}.`,
  externalTitle: 'Thank you for completing the screener!',
  externalText: `Your schedule information will be available in ${EXTERNAL_WAIT_MINUTES} minutes. Please come back then, or open the link in your e-mail again, to choose your time.`,
  completedTitle: 'You have already completed this prescreening',
  completedText: 'Thank you! Your answers are saved. Check your schedule for your time, or look for other studies.',
  toStudies: 'See other studies',
  toSchedule: 'Check my schedule',

  scheduleFailed: CATALOGUE.schedulingFailed,
  overlapText: 'A time you chose overlaps another study you are booked for. Please choose another time.',
  unavailable: CATALOGUE.scheduleUnavailable,
  unavailableText: `${CATALOGUE.scheduleUnavailableDetail} The list has been updated.`,
  invalidEmail: CATALOGUE.invalidEmail,
  invalidEmailText: 'Please update your e-mail address under My Account, Change Contact Info.',
  waitlistFailed: CATALOGUE.waitListFailed,
  groupOpenText: 'That time has opened up: choose Select for it instead.',
  hasScheduleText: 'You are already scheduled for this study.',
  waitlistClosedText: 'Booking for that time has closed, so there is no waiting list for it. Please choose another time.',
  somethingWrong: CATALOGUE.somethingWrong,
  externalRewardFailed: CATALOGUE.externalRewardFailed,
  externalRewardFailedText: 'This screener link has already been used, or it is not yours.',
  scheduledAnnouncement: 'Your study is scheduled.',
  nothingWaiting: CATALOGUE.reSelfScheduleNone,
  rewardTask: 'Study scheduled',
  externalRewardTask: 'Outside screener completed',
} as const;

/** 'A', 'A and B', 'A, B and C'. */
function listed(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/**
 * What the screener list says after the last study's answer when a waiting list was joined or a
 * study declined: each choice confirmed in plain words, and nothing else (issue 28, item 3).
 */
export function choicesNotice(choices: { booked: string[]; waitlisted: string[]; declined: string[] }): string {
  const sentences: string[] = [];
  if (choices.booked.length > 0) sentences.push(`You are booked for ${listed(choices.booked)}: your time is on My schedule.`);
  if (choices.waitlisted.length > 0)
    sentences.push(
      `You are on the waiting list for ${listed(choices.waitlisted)}. We will contact you if a place opens at the time you chose.`,
    );
  if (choices.declined.length > 0)
    sentences.push(
      `You told us you are not interested in ${listed(choices.declined)}. We will not offer you ${choices.declined.length > 1 ? 'their' : 'its'} times again.`,
    );
  return sentences.join(' ');
}

/** 'Next (2 of 3)'. */
export function nextLabel(step: number, total: number): string {
  return `Next (${step} of ${total})`;
}
