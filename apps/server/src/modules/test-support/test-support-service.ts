import { randomBytes } from 'node:crypto';
import type { Clock } from '../../core/clock.ts';
import type { AppConfig } from '../../core/config/env.ts';
import { inTransaction, type Database } from '../../core/db/client.ts';
import { hashPassword } from '../../core/security/passwords.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { ChildrenService } from '../children/children-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { WELCOME_GIFT_REASON, type RegistrationService } from '../registration/registration-service.ts';
import type { SchedulingService } from '../scheduling/scheduling-service.ts';
import type { ScreeningService } from '../screening/screening-service.ts';
import type { StudyService } from '../studies/study-service.ts';
import type { StudyLinkService } from '../study-links/study-link-service.ts';
import type { TermsService } from '../terms/terms-service.ts';
import { uniqueViolation, type TesterService } from '../testers/tester-service.ts';

/** What a test may choose of its tester; everything else is generated or a fixed, valid value. */
export interface TestTesterInput {
  username?: string;
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  zipCode?: string;
  /** The street address; a house number of its own on N Lincoln Ave unless given. */
  address?: string;
  /** YYYY-MM-DD; 1990-06-15 unless given. */
  birthDate?: string;
  language?: 'en' | 'es';
  /** The starting coins instead of the welcome gift (a tester who can afford a spin or a reward). */
  coins?: number;
  /** Ten digits; a random 312 number unless given (testers sharing a phone are held as likely duplicates, decision 129). */
  phone?: string;
}

export interface TestTester {
  testerId: string;
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  coins: number;
}

/** A test's session group: a seeded study, its sessions (ISO instants) and seats. */
export interface TestGroupInput {
  studyNo: number;
  kind?: 'inPerson' | 'virtual' | 'pickUp';
  /** A test site's id; the Chicago site (00001) unless told, none for a virtual group. */
  siteId?: string | null;
  color?: string;
  cell?: string;
  coOpCostCents?: number;
  seats?: number;
  status?: 'Open' | 'Closed';
  videoLink?: string;
  /** A pick-up group's curb-side pick-up; its first session's start unless told. */
  pickUpAt?: string;
  sessions: { startsAt: string; endsAt: string }[];
}

export type CreateTesterResult = { status: 'created'; tester: TestTester } | { status: 'usernameTaken' | 'emailTaken' };

/** Lower-case letters and digits, random: a generated username or e-mail never meets another test's. */
/** Ten digits, 312 and seven random ones. */
function randomPhone(): string {
  return `312${[...randomBytes(7)].map((byte) => byte % 10).join('')}`;
}

function randomSuffix(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * Test support (decision 014): what the end-to-end tests need to arrange a tester without the
 * browser. Only the test-support routes use it, and those exist only with TEST_SUPPORT_SECRET.
 * It goes through the other modules' services, so a tester made here is the row, the welcome
 * coins and the session those modules make themselves.
 */
export function createTestSupportService(
  db: Database,
  deps: {
    testers: TesterService;
    ledger: LedgerService;
    auth: AuthService;
    registration: Pick<RegistrationService, 'siteForZip'>;
    config: Pick<AppConfig, 'welcomeCoins'>;
    scheduling: SchedulingService;
    studies: Pick<StudyService, 'findStudies' | 'issueExternalToken'>;
    screening: Pick<ScreeningService, 'recordQualified' | 'selfScheduleLink'>;
    clock: Clock;
    studyLinks: Pick<StudyLinkService, 'mintLink' | 'inviteAndSend'>;
    children: Pick<ChildrenService, 'moveExpiry' | 'confirmByPhone' | 'addConfirmedChild'>;
    terms: Pick<TermsService, 'recordCurrent' | 'publish' | 'acceptCurrentForEveryoneBut'>;
  },
) {
  const { testers, ledger, auth, registration, config } = deps;

  return {
    /**
     * A tester as registration makes one, with the e-mail address already confirmed: the
     * account, and the welcome coins through the ledger, in one transaction. No e-mail is sent.
     */
    async createTester(input: TestTesterInput): Promise<CreateTesterResult> {
      const suffix = randomSuffix(11);
      const username = input.username ?? `t${suffix}`;
      const email = input.email ?? `${username.toLowerCase()}@test-support.testerhub.example`;
      const password = input.password ?? `Pw#${suffix.slice(0, 6)}9Z`;
      const firstName = input.firstName ?? `Ann${suffix.slice(0, 4)}`;
      const lastName = input.lastName ?? `Lee${suffix.slice(4, 8)}`;
      const zipCode = input.zipCode ?? '60614';
      const [passwordHash, siteId] = await Promise.all([hashPassword(password), registration.siteForZip(zipCode)]);
      try {
        const created = await inTransaction(db, async (unit) => {
          const tester = await testers.create(
            {
              username,
              email,
              passwordHash,
              firstName,
              lastName,
              zipCode,
              // A house number of its own unless given: testers sharing a street address are listed as likely duplicates (decision 129).
              address: input.address ?? `${randomPhone().slice(-4)} N Lincoln Ave`,
              city: 'Chicago',
              state: 'IL',
              sex: 'F',
              phone: input.phone ?? randomPhone(),
              raceId: 'R',
              adId: '1W',
              birthDate: input.birthDate ?? '1990-06-15',
              language: input.language ?? 'en',
              siteId,
            },
            unit,
          );
          await testers.markEmailConfirmed(tester.id, unit);
          // As registration's terms checkbox does (decision 041).
          await deps.terms.recordCurrent(tester.id, unit);
          let coins = 0;
          const startingCoins = input.coins ?? config.welcomeCoins;
          if (startingCoins > 0) {
            const gift = await ledger.record(
              { testerId: tester.id, coins: startingCoins, experience: 0, reason: WELCOME_GIFT_REASON, reference: tester.id },
              unit,
            );
            if (gift.status === 'recorded') coins = gift.coins;
          }
          return { testerId: tester.id, username, email, password, firstName, lastName, coins };
        });
        return { status: 'created', tester: created };
      } catch (error) {
        const index = uniqueViolation(error);
        if (index === 'testers_username_lower') return { status: 'usernameTaken' };
        if (index === 'testers_email_lower') return { status: 'emailTaken' };
        throw error;
      }
    },

    /** A new session for the tester named by id or username (null if there is none): the id for the cookie. */
    async startSession(who: { testerId?: string; username?: string }) {
      const tester = who.testerId ? await testers.findById(who.testerId) : await testers.findByUsername(who.username ?? '');
      if (!tester) return null;
      const sessionId = await auth.startSessionFor(tester.id);
      return { testerId: tester.id, username: tester.username, sessionId };
    },

    /** Coins for the tester through the ledger (the redeem tests need a balance); the new balance, or null for an unknown tester. */
    async grantCoins(testerId: string, coins: number): Promise<number | null> {
      if (!(await testers.findById(testerId))) return null;
      const result = await ledger.record({ testerId, coins, experience: 0, reason: 'test-support', reference: randomSuffix(16) });
      return result.status === 'recorded' ? result.coins : null;
    },

    /** Suspends the tester as the no-show rule does (decision 046), for six months from now; false when unknown or already suspended. */
    async suspend(testerId: string): Promise<boolean> {
      if (!(await testers.findById(testerId))) return false;
      const startsAt = deps.clock.now();
      const endsAt = new Date(startsAt.getTime() + 182 * 24 * 3600_000);
      return testers.suspend(testerId, { reason: 'Two no-shows within 3 months (test support).', noShows: 2, startsAt, endsAt });
    },

    /** A booked session for the tester in a study (the screener's 101 case), one day ahead unless told. */
    async createBooking(input: {
      testerId: string;
      studyNo: number;
      startsAt?: string;
      attended?: boolean;
      site?: { siteId: string; coOpCostCents: number };
    }) {
      const startsAt = input.startsAt ? new Date(input.startsAt) : new Date(deps.clock.nowMs() + 24 * 3600_000);
      try {
        // An attended session is booked, then checked in as the staff will do it (recordAttendance tells the referrals).
        const booking = await inTransaction(db, async (unit) => {
          const booked = await deps.scheduling.createBooking(
            {
              testerId: input.testerId,
              studyNo: input.studyNo,
              startsAt,
              endsAt: new Date(startsAt.getTime() + 3600_000),
              site: input.site,
            },
            unit,
          );
          if (input.attended) await deps.scheduling.recordAttendance(booked.id, unit);
          return booked;
        });
        return { bookingId: booking.id, startsAt: booking.startsAt.toISOString() };
      } catch (error) {
        const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
        // An unknown tester or study (foreign key).
        if (code === '23503') return null;
        // A second live booking in the study (decision 022: one per person and study).
        if (code === '23505') return 'duplicate' as const;
        throw error;
      }
    },

    /**
     * A session group of a study with the given sessions and seats (in person at the Chicago site
     * unless told), through the scheduling service: its public id is what the pages send back.
     */
    async createGroup(input: TestGroupInput) {
      const kind = input.kind ?? 'inPerson';
      const siteId = input.siteId === undefined ? (kind === 'virtual' ? null : '00001') : input.siteId;
      try {
        const group = await deps.scheduling.createGroup({
          studyNo: input.studyNo,
          siteId,
          kind,
          videoLink: kind === 'inPerson' ? null : (input.videoLink ?? `https://video.testerhub.example/room/${randomSuffix(8)}`),
          pickUpAt: kind === 'pickUp' ? new Date(input.pickUpAt ?? input.sessions[0]!.startsAt) : null,
          color: input.color ?? 'Blue',
          cell: input.cell ?? 'T',
          coOpCostCents: input.coOpCostCents ?? 5000,
          seats: input.seats ?? 1,
          status: input.status ?? 'Open',
          sessions: input.sessions.map((session) => ({ startsAt: new Date(session.startsAt), endsAt: new Date(session.endsAt) })),
        });
        return {
          groupId: group.publicId,
          seats: group.seats,
          sessions: group.sessions.map((session) => ({
            testerDay: session.testerDay,
            startsAt: session.startsAt.toISOString(),
            endsAt: session.endsAt.toISOString(),
          })),
        };
      } catch (error) {
        const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
        // An unknown study or site (foreign key).
        if (code === '23503') return null;
        throw error;
      }
    },

    /**
     * The tester qualified for the study (as a passed hosted screener leaves it, without the answers)
     * and the self-schedule address that screener would have sent them to; null for an unknown tester or study.
     */
    async selfScheduleLink(input: { testerId: string; studyNo: number }) {
      const [study] = await deps.studies.findStudies([input.studyNo]);
      if (!study || !(await testers.findById(input.testerId))) return null;
      await deps.screening.recordQualified({ testerId: input.testerId, childId: null }, study.studyNo);
      return { url: deps.screening.selfScheduleLink(input.testerId, study) };
    },

    /**
     * An outside screener's token for the tester and study, as DoScreeners hands it out; with
     * returnedMinutesAgo the return is already recorded that long ago (the 30-minute gate).
     */
    async externalScreenerToken(input: { testerId: string; studyNo: number; returnedMinutesAgo?: number }) {
      const [study] = await deps.studies.findStudies([input.studyNo]);
      if (!study || !(await testers.findById(input.testerId))) return null;
      const usedAt = input.returnedMinutesAgo === undefined ? null : new Date(deps.clock.nowMs() - input.returnedMinutesAgo * 60_000);
      return { ex: await deps.studies.issueExternalToken(input.testerId, study.studyNo, usedAt) };
    },

    /**
     * Publishes a new terms version now, as the staff console will (decision 041). Only the testers
     * named in askOnly are asked to accept it; every other tester is recorded as accepting it, so
     * the browser tests running beside the one that publishes never meet the terms dialog.
     */
    async publishTerms(input: { summaryEn: string; summaryEs: string; askOnly: string[] }) {
      const row = await deps.terms.publish({ summaryEn: input.summaryEn, summaryEs: input.summaryEs }, { askOnly: input.askOnly });
      return { version: row.version, publishedAt: row.publishedAt.toISOString() };
    },

    /** After a browser test published a version through the staff console: everyone but its testers accepts it (decision 057). */
    async settleTerms(input: { askOnly: string[] }) {
      return { version: await deps.terms.acceptCurrentForEveryoneBut(input.askOnly) };
    },

    /**
     * An unconfirmed child whose registration ran out minutesAgo minutes ago (decision 028): the
     * lists leave it out at once, and the expiry job removes it. False when no such child waits.
     */
    expireChild(input: { childId: string; minutesAgo?: number }) {
      return deps.children.moveExpiry(input.childId, new Date(deps.clock.nowMs() - (input.minutesAgo ?? 1) * 60_000));
    },

    /** Tester Services' confirming call on an unconfirmed child (decision 079): it may then be screened and booked. */
    confirmChild(input: { childId: string }) {
      return deps.children.confirmByPhone(input.childId);
    },

    /** A booking into a group by its public id, as the self-schedule will book: seats, overlap and the one-per-study rule apply. */
    /** Books the tester into the group, or a new confirmed child of theirs when `child` is given (site staff's list of the day). */
    async bookGroup(input: { testerId: string; groupId: string; child?: { firstName: string; lastName: string; birthDate: string } }) {
      const childId = input.child ? await deps.children.addConfirmedChild(input.testerId, input.child) : null;
      return deps.scheduling.book({ testerId: input.testerId, groupId: input.groupId, childId });
    },

    /**
     * An e-mailed study link (an invitation, or a qualified screener's link) for a tester and study,
     * made at issuedAt (now unless told). With `send`, an invitation is e-mailed as the staff
     * console will send it (enqueueInvitation), and the test reads the link from the message.
     */
    async studyLink(input: { kind: 'invitation' | 'qualified'; testerId: string; studyNo: number; issuedAt?: string; send?: boolean }) {
      try {
        if (input.send && input.kind === 'invitation') {
          const { invitationId } = await deps.studyLinks.inviteAndSend({ testerId: input.testerId, studyNo: input.studyNo });
          return { sent: true as const, invitationId };
        }
        return await deps.studyLinks.mintLink({ ...input, issuedAt: input.issuedAt ? new Date(input.issuedAt) : deps.clock.now() });
      } catch (error) {
        const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
        // An unknown tester (foreign key).
        if (code === '23503') return null;
        throw error;
      }
    },
  };
}

export type TestSupportService = ReturnType<typeof createTestSupportService>;
