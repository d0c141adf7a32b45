import pino from 'pino';
import { COMPANY } from '@testerhub/shared/company';
import type { FakeClock } from '../src/core/clock.ts';
import type { Database } from '../src/core/db/client.ts';
import { createAboutMeService } from '../src/modules/about-me/about-me-service.ts';
import { createMailService } from '../src/modules/mail/mail-service.ts';
import { createPublicContentService } from '../src/modules/public-content/public-content-service.ts';
import { createStaffService } from '../src/modules/staff/staff-service.ts';
import { createRateLimitStore } from '../src/modules/rate-limits/rate-limit-service.ts';
import { createInvitationSendService } from '../src/modules/study-links/invitation-send-service.ts';
import { createStudyLinkService } from '../src/modules/study-links/study-link-service.ts';
import { createStudyService } from '../src/modules/studies/study-service.ts';
import { createTesterService } from '../src/modules/testers/tester-service.ts';
import { TEST_STAFF_TOTP_KEY } from './staff-helpers.ts';

export const INVITATION_TEST_URL = 'https://testers.example.test';
/** STUDY_LINK_SECRET of the invitation tests' app: the links these instances e-mail open there. */
export const INVITATION_TEST_SECRET = 'invitation-instances-secret-0123456789abcdef';

/**
 * The invitation sender of one server instance, wired as app.ts wires it, on `db` (a connection of
 * its own for a second instance on the same PostgreSQL): the rate then holds, or not, across them.
 * The e-mails stay in the outbox (no SMTP). Screening, scheduling and the ledger are not used by
 * the sending and are left out.
 */
export function invitationSendsOn(db: Database, options: { clock: FakeClock; mailsPerMinute: number }) {
  const { clock } = options;
  const log = pino({ level: 'silent' });
  const mail = createMailService(db, {
    clock,
    publicUrl: INVITATION_TEST_URL,
    smtpUrl: undefined,
    mailFrom: 'Test <no-reply@testers.example.test>',
    log,
  });
  const testers = createTesterService(db, { clock, onTesterChanged: () => undefined });
  const aboutMe = createAboutMeService(db, { clock, ledger: {} as never });
  const studies = createStudyService(db, { clock, aboutMe });
  const publicContent = createPublicContentService(db, { cacheSeconds: 0, clock, timeZone: 'America/Chicago' });
  const studyLinks = createStudyLinkService(db, {
    clock,
    secret: INVITATION_TEST_SECRET,
    validDays: 14,
    qualifiedLinkDays: 7,
    studies,
    screening: {} as never,
    scheduling: {} as never,
    testers,
    mail,
    screenChild: async () => ({ status: 'failed' }),
  });
  const staff = createStaffService(db, {
    clock,
    rateLimits: createRateLimitStore(db, clock.nowMs),
    mail,
    totpKey: TEST_STAFF_TOTP_KEY,
    deviceCookieSecret: 'device-cookie-secret-of-the-invitation-tests',
    config: {
      idleMinutes: 30,
      absoluteHours: 12,
      invitationDays: 7,
      timeZone: COMPANY.timeZone,
      loginAttemptsPerWindow: 10,
      rateLimitWindowSeconds: 900,
    },
    unknownTestSiteIds: publicContent.unknownTestSiteIds,
  });
  return createInvitationSendService(db, {
    clock,
    mailsPerMinute: options.mailsPerMinute,
    studies,
    aboutMe,
    listTestSites: publicContent.listTestSites,
    studyLinks,
    staffList: staff.list,
    audited: staff.audited,
    kick: () => undefined,
  });
}
