import { COMPANY } from '@testerhub/shared/company';
import { PERSON_NAME_PATTERN } from '@testerhub/shared/account-rules';
import { PICK_UP_DATE_LABELS, formatCompensation, formatMoment, formatSession } from '@testerhub/shared/schedule-format';
import type { TestSite } from '@testerhub/shared/public-content';
import { calendarText, standardMessage, type CalendarEvent, type CalendarMethod, type OutgoingEmail } from '../../mail/mail-service.ts';
import type { GroupWithSessions, SessionRow } from '../scheduling-repository.ts';

/** Minutes before a session a tester should arrive (spec 3, self-schedule instructions and section 9). */
export const ARRIVE_EARLY_MINUTES = 15;

export type ScheduleMailKind = 'schedule-booked' | 'schedule-changed' | 'schedule-cancelled' | 'schedule-reminder' | 'seat-offer';

/** Everything one schedule e-mail says, read inside the unit of work that writes it. */
export interface ScheduleMailFacts {
  tester: { email: string; firstName: string; lastName: string };
  booking: { id: number; revision: number };
  studyName: string;
  /** The child a booking is for (decision 029): a parent booking two children gets two e-mails it can tell apart. */
  childName?: string;
  group: GroupWithSessions;
  site: TestSite | undefined;
  timeZone: string;
  noticeHours: number;
  /** When the message is written (DTSTAMP). */
  now: Date;
  /** The host part of the calendar UIDs (PUBLIC_URL's host): UIDs stay the same for one deployment. */
  uidHost: string;
  scheduleLink: string;
  /** The one-click cancel link (booking and change e-mails, while the booking can still be cancelled). */
  cancelLink?: string;
  /** A change to a group with fewer days: the old group's days past the new count, removed from the calendar. */
  droppedDays?: GroupWithSessions;
}

/** The line of the session dates, which each calendar entry states by itself. */
const WHEN_LABEL = 'When:';

const KIND_LABEL = { inPerson: 'In-person session', virtual: 'Virtual session', pickUp: 'Curb-side pick-up, then a video session' };

/** The name a booking goes by in e-mails: its study's description, or colour and cell as the schedule page does. */
function title(facts: Pick<ScheduleMailFacts, 'studyName' | 'group' | 'childName'>): string {
  const study = facts.studyName || `${facts.group.color} study ${facts.group.studyNo}`;
  return facts.childName ? `${study}, for ${facts.childName}` : study;
}

/**
 * The title as a subject line shows it. The child's name stays, so that a parent booking two
 * children tells the e-mails apart, only while it holds to the name rule (account-rules'
 * PERSON_NAME_PATTERN): a name stored before the rule (issue 24) reads "your child" there.
 */
function subjectTitle(facts: Pick<ScheduleMailFacts, 'studyName' | 'group' | 'childName'>): string {
  const childName = facts.childName && !PERSON_NAME_PATTERN.test(facts.childName) ? 'your child' : facts.childName;
  return title({ ...facts, childName });
}

function where(facts: Pick<ScheduleMailFacts, 'group' | 'site'>): string {
  const { group, site } = facts;
  if (group.kind === 'virtual') return 'Online (video session).';
  return site ? `${site.name}, ${site.address}.` : '';
}

function dayLine(session: SessionRow, total: number, timeZone: string): string {
  const when = formatSession(session.startsAt.toISOString(), session.endsAt.toISOString(), timeZone);
  return total > 1 ? `Day ${session.testerDay} of ${total}: ${when}` : when;
}

/** The facts every schedule e-mail states: what, where, when (each day), what to bring, pay. */
function factLines(facts: Pick<ScheduleMailFacts, 'studyName' | 'group' | 'site' | 'timeZone'>, options: { arrival: boolean }): string[] {
  const { group, timeZone } = facts;
  const lines = [`What: ${title(facts)} (${KIND_LABEL[group.kind as keyof typeof KIND_LABEL] ?? group.kind}).`, `Where: ${where(facts)}`];
  const total = group.sessions.length;
  const sessions = group.sessions.map((session) => dayLine(session, total, timeZone)).join('; ');
  if (group.kind === 'pickUp' && group.pickUpAt) {
    // Both dates, each named: the sessions of a pick-up group are its video sessions, not the pick-up.
    lines.push(`${PICK_UP_DATE_LABELS.pickUp}: ${formatMoment(group.pickUpAt.toISOString(), timeZone)}.`);
    lines.push(`${PICK_UP_DATE_LABELS.videoSession}: ${sessions}.`);
  } else lines.push(`${WHEN_LABEL} ${sessions}.`);
  if (group.kind !== 'inPerson' && group.videoLink) lines.push(`Video link: ${group.videoLink}`);
  if (options.arrival) {
    lines.push(
      group.kind === 'virtual'
        ? `Have a government-issued photo ID with you and join ${ARRIVE_EARLY_MINUTES} minutes early.`
        : `Bring a government-issued photo ID and arrive ${ARRIVE_EARLY_MINUTES} minutes early.`,
    );
  }
  lines.push(`Compensation: ${formatCompensation(group.coOpCostCents / 100)} in total.`);
  return lines;
}

function policyLine(noticeHours: number): string {
  return `Changes and cancellations must be made at least ${noticeHours} hours before your first session; after that, please call Tester Services at ${COMPANY.supportPhone}.`;
}

/** One VEVENT per session day; the UID names the booking and the day, so a change or cancel updates the same entries. */
function calendarFor(facts: ScheduleMailFacts, method: CalendarMethod) {
  const { group, booking } = facts;
  const location = group.kind === 'virtual' ? (group.videoLink ?? 'Online') : facts.site ? `${facts.site.name}, ${facts.site.address}` : '';
  const description = factLines(facts, { arrival: true })
    .filter((line) => !line.startsWith(WHEN_LABEL))
    .join('\n');
  // The group's day count: for the dropped days of a change, the last day's number, not how many were dropped.
  const total = Math.max(group.sessions.length, ...group.sessions.map((session) => session.testerDay));
  const events: CalendarEvent[] = group.sessions.map((session) => ({
    uid: `booking-${booking.id}-day-${session.testerDay}@${facts.uidHost}`,
    sequence: booking.revision,
    start: session.startsAt,
    end: session.endsAt,
    summary: total > 1 ? `${title(facts)} (day ${session.testerDay} of ${total})` : title(facts),
    location,
    description,
    url: facts.scheduleLink,
  }));
  return {
    filename: method === 'CANCEL' ? 'cancelled.ics' : 'invite.ics',
    calendarMethod: method,
    content: calendarText({
      method,
      stamp: facts.now,
      organizer: { name: `${COMPANY.name} Tester Services`, email: COMPANY.supportEmail },
      attendee: { name: `${facts.tester.firstName} ${facts.tester.lastName}`, email: facts.tester.email },
      events,
    }),
  };
}

export function scheduleMessage(
  kind: Exclude<ScheduleMailKind, 'schedule-reminder' | 'seat-offer'>,
  facts: ScheduleMailFacts,
): OutgoingEmail {
  const name = title(facts);
  const subjectName = subjectTitle(facts);
  const base = { to: facts.tester.email, kind, greeting: `Hi ${facts.tester.firstName},` };
  const cancelAction = facts.cancelLink ? { label: 'Cancel this booking', href: facts.cancelLink } : undefined;
  switch (kind) {
    case 'schedule-booked':
      return standardMessage({
        ...base,
        subject: `You are booked: ${subjectName}`,
        paragraphs: [
          `You are scheduled for ${name}. The calendar invitation attached holds each session.`,
          ...factLines(facts, { arrival: true }),
          policyLine(facts.noticeHours),
          `See your schedule: ${facts.scheduleLink}`,
        ],
        action: cancelAction,
        attachments: [calendarFor(facts, 'REQUEST')],
      });
    case 'schedule-changed':
      return standardMessage({
        ...base,
        subject: `Your booking has changed: ${subjectName}`,
        paragraphs: [
          `Your booking for ${name} has moved to the time below. The calendar invitation attached updates your calendar.`,
          ...factLines(facts, { arrival: true }),
          policyLine(facts.noticeHours),
          `See your schedule: ${facts.scheduleLink}`,
        ],
        action: cancelAction,
        attachments: [
          calendarFor(facts, 'REQUEST'),
          ...(facts.droppedDays
            ? [{ ...calendarFor({ ...facts, group: facts.droppedDays }, 'CANCEL'), filename: 'removed-days.ics' }]
            : []),
        ],
      });
    case 'schedule-cancelled':
      return standardMessage({
        ...base,
        subject: `Your booking is cancelled: ${subjectName}`,
        paragraphs: [
          `Your booking for ${name} is cancelled. The calendar file attached removes it from your calendar.`,
          ...factLines(facts, { arrival: false }).filter((line) => !line.startsWith('Compensation') && !line.startsWith('Video link')),
          'No compensation is paid for a cancelled session.',
          'Look for your next study on your screener list.',
        ],
        attachments: [calendarFor(facts, 'CANCEL')],
      });
  }
}

/** The reminder names the session it is about first, then the booking's facts. */
export function reminderMessage(facts: ScheduleMailFacts, session: SessionRow): OutgoingEmail {
  const when = formatSession(session.startsAt.toISOString(), session.endsAt.toISOString(), facts.timeZone);
  const day = facts.group.sessions.length > 1 ? ` (day ${session.testerDay} of ${facts.group.sessions.length})` : '';
  return standardMessage({
    to: facts.tester.email,
    kind: 'schedule-reminder',
    greeting: `Hi ${facts.tester.firstName},`,
    subject: `Reminder: ${subjectTitle(facts)} on ${when}`,
    paragraphs: [
      `A reminder of your session for ${title(facts)}${day}: ${when}.`,
      ...factLines(facts, { arrival: true }),
      policyLine(facts.noticeHours),
      `See your schedule: ${facts.scheduleLink}`,
    ],
  });
}

/** What a seat offer's e-mail states (decision 031): the group, the hold's end and the self-schedule link. */
export interface SeatOfferFacts extends Pick<ScheduleMailFacts, 'tester' | 'studyName' | 'group' | 'site' | 'timeZone'> {
  expiresAt: Date;
  link: string;
}

/** The seat offer: a seat of a group the tester asked to be told about is free and held for them until a time. */
export function seatOfferMessage(facts: SeatOfferFacts): OutgoingEmail {
  const name = title(facts);
  const until = formatMoment(facts.expiresAt.toISOString(), facts.timeZone);
  return standardMessage({
    to: facts.tester.email,
    kind: 'seat-offer',
    greeting: `Hi ${facts.tester.firstName},`,
    subject: `A seat is free for you: ${name}`,
    paragraphs: [
      `A seat has opened in the session you asked us to tell you about, and we are holding it for you until ${until}.`,
      ...factLines(facts, { arrival: false }),
      `To take it, open the link below and choose Schedule Me. After ${until} the seat goes to the next person waiting.`,
      `Book your seat: ${facts.link}`,
    ],
    action: { label: 'Book this seat', href: facts.link },
  });
}
