import { defineModule, type ModuleJob } from '../../core/modules/app-module.ts';
import type { ChildrenReader } from '../children/children-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { PublicContentService } from '../public-content/public-content-service.ts';
import type { ReferralService } from '../referral/referral-service.ts';
import type { ScreeningReader, ScreeningService } from '../screening/screening-service.ts';
import type { StaffService } from '../staff/staff-service.ts';
import type { StudyService } from '../studies/study-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { calendarRoutes } from './calendar/calendar-routes.ts';
import { createCalendarService } from './calendar/calendar-service.ts';
import { staffMessageRoutes } from './messages/staff-message-routes.ts';
import { createStaffMessages } from './messages/staff-messages.ts';
import { cancelLinkRoutes, type CancelLinkRouteOptions } from './cancel-links/cancel-link-routes.ts';
import { createScheduleNotices } from './schedule-mail/schedule-notices.ts';
import { schedulingRoutes } from './scheduling-routes.ts';
import { createSchedulingService, REMINDER_QUEUE, SEAT_OFFER_EXPIRY_QUEUE } from './scheduling-service.ts';
import { createSeatOffers } from './seat-offers/seat-offers.ts';
import { selfScheduleRoutes } from './self-schedule/self-schedule-routes.ts';
import { createSelfScheduleService } from './self-schedule/self-schedule-service.ts';
import { bookingControlRoutes } from './session-admin/booking-control-routes.ts';
import { createBookingControls } from './session-admin/booking-controls.ts';
import { sessionAdminRoutes } from './session-admin/session-admin-routes.ts';
import { createSessionAdminService } from './session-admin/session-admin-service.ts';

/**
 * Session groups, seats and bookings (decision 022), their e-mails, cancel link and reminders (027),
 * waitlist promotion (031), recruiters' session groups (051). It reads children and screening
 * through their readers, built before it; the children and screening services use it.
 */
export const schedulingModule = defineModule({
  name: 'scheduling',
  build(
    {
      testers,
      publicContent,
      studies,
      childrenReader,
      screeningReader,
      referrals,
      ledger,
      mail,
      staff,
      routeChecks,
    }: {
      testers: TesterService;
      publicContent: Pick<PublicContentService, 'listTestSites' | 'listTestSitesIn'>;
      studies: Pick<StudyService, 'studyNames' | 'findStudies'>;
      childrenReader: Pick<ChildrenReader, 'childNames' | 'publicIdOf' | 'childNamesAndBirthDates'>;
      screeningReader: ScreeningReader;
      referrals: Pick<ReferralService, 'firstStudyAttended'>;
      ledger: LedgerService;
      mail: MailService;
      staff: Pick<StaffService, 'audited' | 'staffNames'>;
      routeChecks: Omit<CancelLinkRouteOptions, 'scheduling'>;
    },
    { db, clock, config, log, secrets, metrics },
  ) {
    const scheduling = createSchedulingService(db, {
      clock,
      counters: metrics.business,
      testers,
      listTestSites: publicContent.listTestSites,
      listTestSitesIn: publicContent.listTestSitesIn,
      studyNames: studies.studyNames,
      childNames: childrenReader.childNames,
      noticeHours: config.scheduleNoticeHours,
      checkInSecret: secrets.studyLink,
      onTesterAttended: referrals.firstStudyAttended,
      ledger,
      notices: createScheduleNotices(db, {
        clock,
        mail,
        testers,
        listTestSitesIn: publicContent.listTestSitesIn,
        studyNames: studies.studyNames,
        childNames: childrenReader.childNames,
        noticeHours: config.scheduleNoticeHours,
        reminderHours: config.reminderHours,
        secret: secrets.studyLink,
        uidHost: new URL(config.publicUrl).host,
      }),
      // Waitlist promotion (decision 031): screening's waiting list, and a child's kid GUID for the link.
      offers: createSeatOffers(db, {
        clock,
        offerHours: config.waitlistOfferHours,
        noticeHours: config.scheduleNoticeHours,
        waitingFor: screeningReader.waitingForGroup,
        offerLink: async (person, studyNo, tx) => {
          const [study] = await studies.findStudies([studyNo], tx);
          // A child's link names the child in its signed d and its k (decision 029).
          const kid = person.childId === null ? null : await childrenReader.publicIdOf(person.childId, tx);
          return screeningReader.selfScheduleLink(person.testerId, { studyNo, guid: study!.guid }, kid);
        },
        testers,
        mail,
        listTestSitesIn: publicContent.listTestSitesIn,
        studyNames: studies.studyNames,
      }),
    });
    const sessionAdmin = createSessionAdminService(db, {
      scheduling,
      studyNames: studies.studyNames,
      listTestSites: publicContent.listTestSites,
      audited: staff.audited,
    });
    const messages = createStaffMessages(db, {
      clock,
      scheduling,
      testers,
      waiting: screeningReader,
      mail,
      listTestSitesIn: publicContent.listTestSitesIn,
      studyNames: studies.studyNames,
      staffNames: staff.staffNames,
      audited: staff.audited,
    });
    const bookingControls = createBookingControls({ scheduling, testers, messages, audited: staff.audited });
    const calendar = createCalendarService({
      db,
      clock,
      companyTimeZone: config.loyaltyTimeZone,
      listTestSites: publicContent.listTestSites,
      studyNames: studies.studyNames,
      testerContacts: testers.namesAndPhones,
      childNamesAndBirthDates: childrenReader.childNamesAndBirthDates,
      audited: staff.audited,
    });
    // Reminders before each session day (decision 027): a sweep every minute, sent once across instances.
    const reminders: ModuleJob = {
      name: REMINDER_QUEUE,
      cron: '* * * * *',
      timeZone: 'UTC',
      policy: 'singleton',
      retryLimit: 0,
      run: () => scheduling.sendDueReminders(),
    };
    // Seat offers past their end (decision 031): every minute, each offer expired and passed on once across instances.
    const seatOfferExpiry: ModuleJob = {
      name: SEAT_OFFER_EXPIRY_QUEUE,
      cron: '* * * * *',
      timeZone: 'UTC',
      policy: 'singleton',
      retryLimit: 0,
      run: async () => {
        const offered = await scheduling.expireSeatOffers();
        if (offered > 0) log.info({ offered }, 'expired seat offers passed on');
      },
    };
    return {
      provides: { scheduling },
      routes: {
        public: [(api) => api.register(cancelLinkRoutes, { scheduling, ...routeChecks })],
        tester: [schedulingRoutes(scheduling)],
        staff: [
          sessionAdminRoutes(sessionAdmin),
          bookingControlRoutes(bookingControls),
          calendarRoutes(calendar),
          staffMessageRoutes(messages),
        ],
      },
      jobs: config.reminderHours.length > 0 ? [reminders, seatOfferExpiry] : [seatOfferExpiry],
    };
  },
});

/** Self-schedule and the outside screener's signed return (decisions 024, 077): after screening, which it reads. */
export const selfScheduleModule = defineModule({
  name: 'self-schedule',
  build(
    {
      testers,
      scheduling,
      studies,
      screening,
      ledger,
      childrenReader,
    }: {
      testers: TesterService;
      scheduling: ReturnType<typeof createSchedulingService>;
      studies: StudyService;
      screening: ScreeningService;
      ledger: LedgerService;
      childrenReader: Pick<ChildrenReader, 'findChild'>;
    },
    { db, clock, config },
  ) {
    const selfSchedule = createSelfScheduleService(db, {
      clock,
      testers,
      scheduling,
      studies,
      screening,
      ledger,
      linkDays: config.selfScheduleLinkDays,
      externalDelayMinutes: config.externalScheduleDelayMinutes,
      findChild: childrenReader.findChild,
    });
    return { provides: {}, routes: { tester: [selfScheduleRoutes(selfSchedule)] } };
  },
});
