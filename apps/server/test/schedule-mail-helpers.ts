import { and, asc, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import pino from 'pino';
import { createFakeClock, type FakeClock } from '../src/core/clock.ts';
import type { Database } from '../src/core/db/client.ts';
import { emailOutbox } from '../src/core/db/schema.ts';
import { createChildrenRepository } from '../src/modules/children/children-repository.ts';
import { createMailService, type MailSenderStarter } from '../src/modules/mail/mail-service.ts';
import { createPublicContentService } from '../src/modules/public-content/public-content-service.ts';
import { createScheduleNotices } from '../src/modules/scheduling/schedule-mail/schedule-notices.ts';
import { createSchedulingService } from '../src/modules/scheduling/scheduling-service.ts';
import { createSeatOffers } from '../src/modules/scheduling/seat-offers/seat-offers.ts';
import { createScreeningService } from '../src/modules/screening/screening-service.ts';
import { createStudyService } from '../src/modules/studies/study-service.ts';
import { createTesterService } from '../src/modules/testers/tester-service.ts';
import { createLedgerService } from '../src/modules/ledger/ledger-service.ts';

export const TEST_PUBLIC_URL = 'https://testers.example.test';
export const TEST_LINK_SECRET = 'schedule-mail-secret-for-tests-0123456789';

/**
 * The scheduling service wired as app.ts wires it (notices, mail outbox, sites and study names),
 * on a test database, with a fake clock: the schedule e-mails stay in the outbox to be read.
 */
export function schedulingWithMail(
  db: Database,
  options: {
    now: Date;
    clock?: FakeClock;
    noticeHours?: number;
    reminderHours?: number[];
    offerHours?: number;
    /** Starts the outbox's sender when given (a test that records its nudges); none by default. */
    startMailSender?: MailSenderStarter;
  },
) {
  const clock = options.clock ?? createFakeClock(options.now);
  const log = pino({ level: 'silent' });
  const mail = createMailService(db, {
    clock,
    publicUrl: TEST_PUBLIC_URL,
    smtpUrl: options.startMailSender ? 'smtp://127.0.0.1:2525' : undefined,
    startSender: options.startMailSender,
    mailFrom: 'Test <no-reply@testers.example.test>',
    log,
  });
  const testers = createTesterService(db, { clock, onTesterChanged: () => undefined });
  const publicContent = createPublicContentService(db, { cacheSeconds: 0, clock, timeZone: 'America/Chicago' });
  const studies = createStudyService(db, { clock, aboutMe: { targetedAnswers: async () => new Map() } as never });
  const noticeHours = options.noticeHours ?? 24;
  // Only the waiting list and the link signing of screening are used by seat offers.
  const screening = createScreeningService(db, {
    clock,
    studies,
    ledger: {} as never,
    scheduling: {} as never,
    studyLinkSecret: TEST_LINK_SECRET,
    findChild: async () => null,
  });
  const scheduling = createSchedulingService(db, {
    clock,
    testers,
    listTestSites: publicContent.listTestSites,
    studyNames: studies.studyNames,
    noticeHours,
    checkInSecret: TEST_LINK_SECRET,
    ledger: createLedgerService(db, { clock, onTesterChanged: () => undefined }),
    notices: createScheduleNotices(db, {
      clock,
      mail,
      testers,
      listTestSitesIn: publicContent.listTestSitesIn,
      studyNames: studies.studyNames,
      childNames: (childIds, tx) => createChildrenRepository(tx ?? db).namesByIds(childIds),
      noticeHours,
      reminderHours: options.reminderHours ?? [24, 4],
      secret: TEST_LINK_SECRET,
      uidHost: new URL(TEST_PUBLIC_URL).host,
    }),
    offers: createSeatOffers(db, {
      clock,
      offerHours: options.offerHours ?? 12,
      noticeHours,
      waitingFor: (studyNo, groupId, tx) => screening.waitingForGroup(studyNo, groupId, tx),
      offerLink: async (person, studyNo, tx) => {
        const [study] = await studies.findStudies([studyNo], tx);
        return screening.selfScheduleLink(person.testerId, { studyNo, guid: study!.guid });
      },
      testers,
      mail,
      listTestSitesIn: publicContent.listTestSitesIn,
      studyNames: studies.studyNames,
    }),
  });
  return { scheduling, clock };
}

/** The outbox rows to one address, oldest first, optionally of one kind. */
export async function mailsTo(db: Database, address: string, kind?: string) {
  return db
    .select()
    .from(emailOutbox)
    .where(kind ? and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)) : eq(emailOutbox.toAddress, address))
    .orderBy(asc(emailOutbox.id));
}

export interface ParsedEvent {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  status: string;
}

/** An .ics text read by a calendar library (ical.js), as a calendar program would. */
export function parseCalendar(text: string): { method: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: String(component.getFirstPropertyValue('status')),
    };
  });
  return { method: String(calendar.getFirstPropertyValue('method')), events };
}

/** The token of the first cancel link in a message's text. */
export function cancelTokenIn(text: string): string {
  const match = /https?:\/\/\S+\/community\/cancel\?c=([A-Za-z0-9_.-]+)/.exec(text);
  if (!match) throw new Error('no cancel link in the message');
  return match[1]!;
}
