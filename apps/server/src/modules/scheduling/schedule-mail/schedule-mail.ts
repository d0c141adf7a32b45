import { COMPANY } from '@testerhub/shared/company';
import { PERSON_NAME_PATTERN } from '@testerhub/shared/account-rules';
import { bilingual, type Language } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/mail-schedule.json';
import es from '@testerhub/shared/locales/es/mail-schedule.json';
import { formatCompensation, formatMoment, formatSession } from '@testerhub/shared/schedule-format';
import type { TestSite } from '@testerhub/shared/public-content';
import {
  calendarText,
  greetingFor,
  standardMessage,
  type CalendarEvent,
  type CalendarMethod,
  type OutgoingEmail,
} from '../../mail/mail-service.ts';
import type { GroupWithSessions, SessionRow } from '../scheduling-repository.ts';

/** Minutes before a session a tester should arrive (spec 3, self-schedule instructions and section 9). */
export const ARRIVE_EARLY_MINUTES = 15;

export type ScheduleMailKind = 'schedule-booked' | 'schedule-changed' | 'schedule-cancelled' | 'schedule-reminder' | 'seat-offer';

/** Everything one schedule e-mail says, read inside the unit of work that writes it. */
export interface ScheduleMailFacts {
  tester: { email: string; firstName: string; lastName: string };
  /** The tester's language: every text, date and calendar entry of the e-mail is in it. */
  language: Language;
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

const scheduleTexts = bilingual(en, es);

type Translate = ReturnType<typeof scheduleTexts>;

const KIND_KEY = { inPerson: 'kindInPerson', virtual: 'kindVirtual', pickUp: 'kindPickUp' } as const;

/** The name a booking goes by in e-mails: its study's description, or colour and cell as the schedule page does. */
function title(facts: Pick<ScheduleMailFacts, 'studyName' | 'group' | 'childName'>, t: Translate): string {
  const study = facts.studyName || t('studyByColor', { color: facts.group.color, studyNo: facts.group.studyNo });
  return facts.childName ? t('forChild', { study, childName: facts.childName }) : study;
}

/**
 * The title as a subject line shows it. The child's name stays, so that a parent booking two
 * children tells the e-mails apart, only while it holds to the name rule (account-rules'
 * PERSON_NAME_PATTERN): a name stored before the rule (issue 24) reads "your child" there.
 */
function subjectTitle(facts: Pick<ScheduleMailFacts, 'studyName' | 'group' | 'childName'>, t: Translate): string {
  const childName = facts.childName && !PERSON_NAME_PATTERN.test(facts.childName) ? t('yourChild') : facts.childName;
  return title({ ...facts, childName }, t);
}

function where(facts: Pick<ScheduleMailFacts, 'group' | 'site'>, t: Translate): string {
  const { group, site } = facts;
  if (group.kind === 'virtual') return t('whereOnline');
  return site ? t('whereSite', { site: site.name, address: site.address }) : '';
}

function dayLine(session: SessionRow, total: number, timeZone: string, language: Language): string {
  const when = formatSession(session.startsAt.toISOString(), session.endsAt.toISOString(), timeZone, language);
  return total > 1 ? scheduleTexts(language)('dayOf', { day: session.testerDay, total, when }) : when;
}

/**
 * The facts every schedule e-mail states: what, where, when (each day), what to bring, pay. The
 * calendar entries leave out the line of dates (each entry states its own; a pick-up's two named dates
 * stay), a cancellation the pay and the video link.
 */
function factLines(
  facts: Pick<ScheduleMailFacts, 'studyName' | 'group' | 'site' | 'timeZone' | 'childName'>,
  language: Language,
  options: { arrival: boolean; dates?: boolean; cancelled?: boolean },
): string[] {
  const { group, timeZone } = facts;
  const { dates = true, cancelled = false } = options;
  const t = scheduleTexts(language);
  const kindKey = KIND_KEY[group.kind as keyof typeof KIND_KEY];
  const lines = [t('what', { title: title(facts, t), kind: kindKey ? t(kindKey) : group.kind }), t('where', { where: where(facts, t) })];
  const total = group.sessions.length;
  const sessions = group.sessions.map((session) => dayLine(session, total, timeZone, language)).join('; ');
  if (group.kind === 'pickUp' && group.pickUpAt) {
    // Both dates, each named: the sessions of a pick-up group are its video sessions, not the pick-up.
    lines.push(t('pickUpAt', { when: formatMoment(group.pickUpAt.toISOString(), timeZone, language) }));
    lines.push(t('videoSessionAt', { sessions }));
  } else if (dates) lines.push(t('when', { sessions }));
  if (!cancelled && group.kind !== 'inPerson' && group.videoLink) lines.push(t('videoLink', { link: group.videoLink }));
  if (options.arrival) {
    lines.push(t(group.kind === 'virtual' ? 'arriveVirtual' : 'arriveInPerson', { minutes: ARRIVE_EARLY_MINUTES }));
  }
  if (!cancelled) lines.push(t('compensation', { amount: formatCompensation(group.coOpCostCents / 100) }));
  return lines;
}

function policyLine(noticeHours: number, t: Translate): string {
  return t('policy', { hours: noticeHours, phone: COMPANY.supportPhone });
}

/** One VEVENT per session day; the UID names the booking and the day, so a change or cancel updates the same entries. */
function calendarFor(facts: ScheduleMailFacts, method: CalendarMethod) {
  const { group, booking, language } = facts;
  const t = scheduleTexts(language);
  const location =
    group.kind === 'virtual' ? (group.videoLink ?? t('locationOnline')) : facts.site ? `${facts.site.name}, ${facts.site.address}` : '';
  const description = factLines(facts, language, { arrival: true, dates: false }).join('\n');
  // The group's day count: for the dropped days of a change, the last day's number, not how many were dropped.
  const total = Math.max(group.sessions.length, ...group.sessions.map((session) => session.testerDay));
  const events: CalendarEvent[] = group.sessions.map((session) => ({
    uid: `booking-${booking.id}-day-${session.testerDay}@${facts.uidHost}`,
    sequence: booking.revision,
    start: session.startsAt,
    end: session.endsAt,
    summary: total > 1 ? t('calendarSummaryDay', { title: title(facts, t), day: session.testerDay, total }) : title(facts, t),
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
  const { language } = facts;
  const t = scheduleTexts(language);
  const name = title(facts, t);
  const subjectName = subjectTitle(facts, t);
  const base = { to: facts.tester.email, kind, language, greeting: greetingFor(language, facts.tester.firstName) };
  const cancelAction = facts.cancelLink ? { label: t('cancelAction'), href: facts.cancelLink } : undefined;
  switch (kind) {
    case 'schedule-booked':
      return standardMessage({
        ...base,
        subject: t('bookedSubject', { title: subjectName }),
        paragraphs: [
          t('bookedIntro', { title: name }),
          ...factLines(facts, language, { arrival: true }),
          policyLine(facts.noticeHours, t),
          t('seeSchedule', { link: facts.scheduleLink }),
        ],
        action: cancelAction,
        attachments: [calendarFor(facts, 'REQUEST')],
      });
    case 'schedule-changed':
      return standardMessage({
        ...base,
        subject: t('changedSubject', { title: subjectName }),
        paragraphs: [
          t('changedIntro', { title: name }),
          ...factLines(facts, language, { arrival: true }),
          policyLine(facts.noticeHours, t),
          t('seeSchedule', { link: facts.scheduleLink }),
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
        subject: t('cancelledSubject', { title: subjectName }),
        paragraphs: [
          t('cancelledIntro', { title: name }),
          ...factLines(facts, language, { arrival: false, cancelled: true }),
          t('cancelledNoPay'),
          t('cancelledNext'),
        ],
        attachments: [calendarFor(facts, 'CANCEL')],
      });
  }
}

/** The reminder names the session it is about first, then the booking's facts. */
export function reminderMessage(facts: ScheduleMailFacts, session: SessionRow): OutgoingEmail {
  const { language } = facts;
  const t = scheduleTexts(language);
  const when = formatSession(session.startsAt.toISOString(), session.endsAt.toISOString(), facts.timeZone, language);
  const total = facts.group.sessions.length;
  const intro =
    total > 1
      ? t('reminderIntroDay', { title: title(facts, t), day: session.testerDay, total, when })
      : t('reminderIntro', { title: title(facts, t), when });
  return standardMessage({
    to: facts.tester.email,
    kind: 'schedule-reminder',
    language,
    greeting: greetingFor(language, facts.tester.firstName),
    subject: t('reminderSubject', { title: subjectTitle(facts, t), when }),
    paragraphs: [
      intro,
      ...factLines(facts, language, { arrival: true }),
      policyLine(facts.noticeHours, t),
      t('seeSchedule', { link: facts.scheduleLink }),
    ],
  });
}

/** What a seat offer's e-mail states (decision 031): the group, the hold's end and the self-schedule link. */
export interface SeatOfferFacts extends Pick<ScheduleMailFacts, 'tester' | 'studyName' | 'group' | 'site' | 'timeZone' | 'language'> {
  expiresAt: Date;
  link: string;
}

/** The seat offer: a seat of a group the tester asked to be told about is free and held for them until a time. */
export function seatOfferMessage(facts: SeatOfferFacts): OutgoingEmail {
  const { language } = facts;
  const t = scheduleTexts(language);
  const name = title(facts, t);
  const until = formatMoment(facts.expiresAt.toISOString(), facts.timeZone, language);
  return standardMessage({
    to: facts.tester.email,
    kind: 'seat-offer',
    language,
    greeting: greetingFor(language, facts.tester.firstName),
    subject: t('seatOfferSubject', { title: name }),
    paragraphs: [
      t('seatOfferHeld', { until }),
      ...factLines(facts, language, { arrival: false }),
      t('seatOfferHow', { until }),
      t('seatOfferLink', { link: facts.link }),
    ],
    action: { label: t('seatOfferAction'), href: facts.link },
  });
}
