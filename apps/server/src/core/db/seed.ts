import { eq, inArray } from 'drizzle-orm';
import type { Database } from './client.ts';
import { localDay, monthStart } from '../local-day.ts';
import { seedDemoCallouts } from '../../modules/callouts/callout-seed.ts';
import { seedDemoChildAwaitingCall, seedDemoChildren } from '../../modules/children/children-seed.ts';
import { seedDailyRewardDays } from '../../modules/daily-bonus/daily-bonus-seed.ts';
import { seedWinners } from '../../modules/winners/winners-seed.ts';
import { seedDemoLeaderboard } from '../../modules/leaderboard/leaderboard-seed.ts';
import { seedPerks } from '../../modules/perks/perks-seed.ts';
import { seedAvatars } from '../../modules/profile/profile-seed.ts';
import { seedDemoRewards } from '../../modules/redeem/redeem-seed.ts';
import { seedDemoReferrals } from '../../modules/referral/referral-seed.ts';
import { seedDemoAttendance, seedDemoKidSessions, seedDemoSchedule } from '../../modules/scheduling/scheduling-seed.ts';
import { seedDemoScreeners, seedDemoScreenings, seedDogFoodScreener } from '../../modules/screening/screening-seed.ts';
import {
  seedDemoAttendancePay,
  seedDemoReturnSecret,
  seedDemoStudies,
  seedDemoTargetedStudy,
  seedKidStudyAges,
} from '../../modules/studies/studies-seed.ts';
import { DEMO_INVITATIONS, seedDemoInvitationSend, seedDemoInvitations } from '../../modules/study-links/study-link-seed.ts';
import { seedDemoTerms } from '../../modules/terms/terms-seed.ts';
import { seedDemoLegalTexts, seedDemoSpanishTerms } from '../../modules/public-content/legal-texts/legal-texts-seed.ts';
import { hashPassword } from '../security/passwords.ts';
import { DOG_OWNER_ANSWER_TEXT, seedAboutMeAndSurveys } from './seed-surveys.ts';
import {
  adSources,
  dossierAnswers,
  coinLedger,
  faqs,
  levels,
  reEngagementCodes,
  referralEvents,
  seedRuns,
  testerSuspensions,
  testers,
  testimonials,
  testSites,
  themeStyles,
  winners,
  zipPrefixSites,
} from './schema.ts';
import {
  demoAdSources,
  demoFaqs,
  demoLevels,
  demoReEngagement,
  demoReferralComments,
  demoTestSites,
  demoSuspendedTester,
  demoTesters,
  demoTestimonials,
  demoThemeStyles,
  demoWinnerNames,
  demoZipPrefixSites,
} from './seed-data.ts';

const SEED_NAME = 'demo-public-content-v1';
const ACCOUNTS_SEED_NAME = 'demo-accounts-v1';
const STUDIES_SEED_NAME = 'demo-studies-v1';
/** The demo studies' attendance pay (decision 048), for databases seeded before it. */
const ATTENDANCE_PAY_SEED_NAME = 'demo-attendance-pay-v1';
/** The demo outside screener's return secret (decision 077), for databases seeded before it. */
const RETURN_SECRET_SEED_NAME = 'demo-external-return-secret-v1';
/** The study that targets an About-me answer: a run of its own, so databases seeded before it get it. */
const TARGETED_STUDY_SEED_NAME = 'demo-studies-about-me-target-v1';
/** Session groups of the demo studies and the demo tester's booking: a run of its own, so seeded databases get them. */
const SCHEDULE_SEED_NAME = 'demo-schedule-v1';
const DEMO_BOOKED_USERNAME = 'demotester1';
/** The demo tester's attended session and confirmed child: a run of its own, so seeded databases get them. */
const CHILDREN_SEED_NAME = 'demo-children-v1';
/** The kid study's child ages and its session groups (decision 029). */
const KID_SESSIONS_SEED_NAME = 'demo-kid-sessions-v1';
/** A child awaiting its confirmation call, for the staff console's children queue (decision 054). */
const CHILD_QUEUE_SEED_NAME = 'demo-child-queue-v1';
/** Invitations of demo testers to demo studies (decision 026): a run of its own, so seeded databases get them. */
const INVITATIONS_SEED_NAME = 'demo-study-invitations-v1';
/** A sending in the staff console's invitation list (decision 052). */
const INVITATION_SENDS_SEED_NAME = 'demo-invitation-sends-v1';
/** The daily login bonus calendar (decision 033). */
const DAILY_BONUS_SEED_NAME = 'demo-daily-bonus-v1';
/** The wheel's segments and the event figures (decision 037). */
const EVENTS_SEED_NAME = 'demo-events-v1';
/** The skill tree and the profile pictures (decision 038). */
const PERKS_SEED_NAME = 'demo-perks-avatars-v1';
/** The portal's demo call-outs (decision 035). */
const CALLOUTS_SEED_NAME = 'demo-callouts-v1';
/** The reward catalogue's demo rows (decision 034). */
const REWARDS_SEED_NAME = 'demo-rewards-v1';
/** demotester1's referrals in their stages (decision 036). */
const REFERRALS_SEED_NAME = 'demo-referrals-v1';
/** The demo testers' leaderboard figures in the seed's month (decision 039). */
const LEADERBOARD_SEED_NAME = 'demo-leaderboard-v1';
/** The demo tester's passed cereal screener, for the staff console's results (decision 051). */
const SCREENINGS_SEED_NAME = 'demo-screenings-v1';
/** A tester suspended by the no-show rule, for the staff console's Testers pages (decision 053). */
const SUSPENDED_TESTER_SEED_NAME = 'demo-suspended-tester-v1';
/** The current terms version, accepted by every seeded tester (decision 041); after the seeds that make testers. */
const TERMS_SEED_NAME = 'demo-terms-v1';
/** A legal text's history, ending on its built-in text (decision 070). */
const LEGAL_TEXTS_SEED_NAME = 'demo-legal-texts-v1';
/** The Terms of Use's Spanish text beside its built-in English one (decision 132). */
const SPANISH_TERMS_SEED_NAME = 'demo-legal-texts-es-v1';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function isoDate(year: number, monthIndex: number): string {
  return `${year}-${String(monthIndex + 1).padStart(2, '0')}-01`;
}

/** Winners relative to the day the seed runs, so a new site shows recent names. */
function demoWinners(today: Date) {
  const rows: { winnerTypeDesc: string; periodStart: string; winnerTime: string; winner: string }[] = [];
  const name = (index: number) => demoWinnerNames[index % demoWinnerNames.length]!;
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  // New tester drawing: every finished quarter of last year and of this year so far.
  for (const drawYear of [year - 1, year]) {
    for (let quarter = 0; quarter < 4; quarter += 1) {
      if (drawYear === year && (quarter + 1) * 3 > month) break;
      rows.push({
        winnerTypeDesc: 'NewTester',
        periodStart: isoDate(drawYear, quarter * 3),
        winnerTime: `Q${quarter + 1}`,
        winner: name(quarter + drawYear),
      });
    }
  }
  // Online screener winners: the last three months, five $25 winners and one $100 winner each.
  for (let back = 1; back <= 3; back += 1) {
    const date = new Date(Date.UTC(year, month - back, 1));
    const label = MONTHS[date.getUTCMonth()]!;
    for (let index = 0; index < 5; index += 1) {
      rows.push({
        winnerTypeDesc: 'Online25',
        periodStart: isoDate(date.getUTCFullYear(), date.getUTCMonth()),
        winnerTime: label,
        winner: name(index + back),
      });
    }
    rows.push({
      winnerTypeDesc: 'Online100',
      periodStart: isoDate(date.getUTCFullYear(), date.getUTCMonth()),
      winnerTime: label,
      winner: name(7 + back),
    });
  }
  // Social giveaway winners exist for last year only, so this year's list shows its "come back later" text.
  for (let monthIndex = 0; monthIndex < 12; monthIndex += 3) {
    rows.push({
      winnerTypeDesc: 'Facebook',
      periodStart: isoDate(year - 1, monthIndex),
      winnerTime: MONTHS[monthIndex]!,
      winner: name(monthIndex),
    });
  }
  return rows;
}

/** Inserts the demo content once; later starts find each seed recorded and leave the data alone. */
export async function seedDemoData(db: Database, today = new Date(), timeZone = 'America/Chicago'): Promise<boolean> {
  const content = await seedPublicContent(db, today, timeZone);
  const accounts = await seedAccounts(db);
  const surveys = await seedAboutMeAndSurveys(db, today);
  const studies = await seedOnce(db, STUDIES_SEED_NAME, async (tx) => {
    await seedDemoStudies(tx, today);
    await seedDemoScreeners(tx);
  });
  const attendancePay = await seedOnce(db, ATTENDANCE_PAY_SEED_NAME, seedDemoAttendancePay);
  const returnSecret = await seedOnce(db, RETURN_SECRET_SEED_NAME, (tx) => seedDemoReturnSecret(tx, today));
  const targeted = await seedOnce(db, TARGETED_STUDY_SEED_NAME, async (tx) => {
    const [dogOwner] = await tx
      .select({ id: dossierAnswers.id })
      .from(dossierAnswers)
      .where(eq(dossierAnswers.text, DOG_OWNER_ANSWER_TEXT))
      .limit(1);
    if (!dogOwner) throw new Error(`The About-me answer "${DOG_OWNER_ANSWER_TEXT}" is not seeded: the targeted demo study needs it.`);
    await seedDemoTargetedStudy(tx, today, dogOwner.id);
    await seedDogFoodScreener(tx);
  });
  const schedule = await seedOnce(db, SCHEDULE_SEED_NAME, async (tx) => {
    const [demo] = await tx.select({ id: testers.id }).from(testers).where(eq(testers.username, DEMO_BOOKED_USERNAME)).limit(1);
    await seedDemoSchedule(tx, today, demo?.id ?? null);
  });
  const childrenSeeded = await seedOnce(db, CHILDREN_SEED_NAME, async (tx) => {
    const [demo] = await tx.select({ id: testers.id }).from(testers).where(eq(testers.username, DEMO_BOOKED_USERNAME)).limit(1);
    if (!demo) return;
    await seedDemoAttendance(tx, today, demo.id);
    await seedDemoChildren(tx, today, demo.id);
  });
  const childQueueSeeded = await seedOnce(db, CHILD_QUEUE_SEED_NAME, async (tx) => {
    // Not demotester1's: the portal's tests count that tester's children.
    const [parent] = await tx.select({ id: testers.id }).from(testers).where(eq(testers.username, 'changeme01')).limit(1);
    if (parent) await seedDemoChildAwaitingCall(tx, today, parent.id);
  });
  const kidSessions = await seedOnce(db, KID_SESSIONS_SEED_NAME, async (tx) => {
    await seedKidStudyAges(tx);
    await seedDemoKidSessions(tx, today);
  });
  const invitations = await seedOnce(db, INVITATIONS_SEED_NAME, async (tx) => {
    const rows = await tx
      .select({ id: testers.id, username: testers.username })
      .from(testers)
      .where(inArray(testers.username, Object.keys(DEMO_INVITATIONS)));
    await seedDemoInvitations(tx, today, new Map(rows.map((row) => [row.username, row.id])));
  });
  const invitationSends = await seedOnce(db, INVITATION_SENDS_SEED_NAME, async (tx) => {
    const [demo] = await tx.select({ id: testers.id }).from(testers).where(eq(testers.username, 'demotester1')).limit(1);
    await seedDemoInvitationSend(tx, today, demo?.id);
  });
  const dailyBonus = await seedOnce(db, DAILY_BONUS_SEED_NAME, seedDailyRewardDays);
  const eventsSeeded = await seedOnce(db, EVENTS_SEED_NAME, seedWinners);
  const perksSeeded = await seedOnce(db, PERKS_SEED_NAME, async (tx) => {
    await seedPerks(tx);
    await seedAvatars(tx);
  });
  const calloutsSeeded = await seedOnce(db, CALLOUTS_SEED_NAME, (tx) => seedDemoCallouts(tx, today));
  const rewards = await seedOnce(db, REWARDS_SEED_NAME, seedDemoRewards);
  const referralsSeeded = await seedOnce(db, REFERRALS_SEED_NAME, async (tx) => {
    const [demo] = await tx.select({ id: testers.id }).from(testers).where(eq(testers.username, DEMO_BOOKED_USERNAME)).limit(1);
    if (demo) await seedDemoReferrals(tx, today, demo.id, timeZone);
  });
  const leaderboardSeeded = await seedOnce(db, LEADERBOARD_SEED_NAME, async (tx) => {
    const rows = await tx.select({ id: testers.id }).from(testers).orderBy(testers.username);
    await seedDemoLeaderboard(
      tx,
      today,
      rows.map((row) => row.id),
      timeZone,
    );
  });
  const screeningsSeeded = await seedOnce(db, SCREENINGS_SEED_NAME, async (tx) => {
    const [demo] = await tx.select({ id: testers.id }).from(testers).where(eq(testers.username, DEMO_BOOKED_USERNAME)).limit(1);
    if (demo) await seedDemoScreenings(tx, today, demo.id);
  });
  // Hashed outside the seed's transaction, and only while the seed is still to run (an argon2 hash at every start cost 30 ms and 19 MiB).
  const suspendedHash = (await seedRecorded(db, SUSPENDED_TESTER_SEED_NAME)) ? '' : await hashPassword(demoSuspendedTester.password);
  const suspendedSeeded = await seedOnce(db, SUSPENDED_TESTER_SEED_NAME, async (tx) => {
    const { password: _password, ...tester } = demoSuspendedTester;
    const startsAt = new Date(today.getTime() - 10 * 24 * 3600_000);
    const endsAt = new Date(startsAt.getTime() + 182 * 24 * 3600_000);
    const [created] = await tx
      .insert(testers)
      .values({ ...tester, passwordHash: suspendedHash, emailConfirmedAt: startsAt, suspendedUntil: endsAt })
      .returning({ id: testers.id });
    await tx
      .insert(coinLedger)
      .values({ testerId: created!.id, coins: tester.coins, experience: tester.exp, reason: 'demo-balance', reference: created!.id });
    await tx.insert(testerSuspensions).values({
      testerId: created!.id,
      reason: 'Two or more no-shows within 3 months.',
      noShows: 2,
      startsAt,
      endsAt,
    });
  });
  const termsSeeded = await seedOnce(db, TERMS_SEED_NAME, async (tx) => {
    const rows = await tx.select({ id: testers.id, createdAt: testers.createdAt }).from(testers);
    await seedDemoTerms(tx, today, rows);
  });
  const legalTextsSeeded = await seedOnce(db, LEGAL_TEXTS_SEED_NAME, (tx) => seedDemoLegalTexts(tx, today));
  const spanishTermsSeeded = await seedOnce(db, SPANISH_TERMS_SEED_NAME, (tx) => seedDemoSpanishTerms(tx, today));
  return (
    content ||
    accounts ||
    surveys ||
    studies ||
    attendancePay ||
    returnSecret ||
    targeted ||
    schedule ||
    childrenSeeded ||
    childQueueSeeded ||
    kidSessions ||
    invitations ||
    invitationSends ||
    dailyBonus ||
    eventsSeeded ||
    perksSeeded ||
    calloutsSeeded ||
    rewards ||
    referralsSeeded ||
    leaderboardSeeded ||
    screeningsSeeded ||
    suspendedSeeded ||
    termsSeeded ||
    legalTextsSeeded ||
    spanishTermsSeeded
  );
}

/** Reference data of the entry flows and the demo logins. */
async function seedAccounts(db: Database): Promise<boolean> {
  // Every start comes here: an argon2 hash takes 19 MiB and some 30 ms, so none is made once the seed is in.
  if (await seedRecorded(db, ACCOUNTS_SEED_NAME)) return false;
  // Hashing is slow on purpose: done before the transaction so it holds no lock meanwhile, and one at
  // a time, so the first start holds one hash's memory at once rather than one per demo account.
  const passwordHashes: string[] = [];
  for (const tester of demoTesters) passwordHashes.push(await hashPassword(tester.password));
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(seedRuns).values({ name: ACCOUNTS_SEED_NAME }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    await tx.insert(levels).values(demoLevels);
    await tx.insert(adSources).values(demoAdSources.map((source, index) => ({ ...source, sortOrder: index })));
    await tx.insert(zipPrefixSites).values(demoZipPrefixSites);
    await tx.insert(reEngagementCodes).values(demoReEngagement);
    for (const [index, { password: _password, ...tester }] of demoTesters.entries()) {
      const [created] = await tx
        .insert(testers)
        .values({ ...tester, passwordHash: passwordHashes[index]!, emailConfirmedAt: new Date() })
        .returning({ id: testers.id });
      await tx
        .insert(coinLedger)
        .values({ testerId: created!.id, coins: tester.coins, experience: tester.exp, reason: 'demo-balance', reference: created!.id });
    }
    return true;
  });
}

/** Runs a module's seed once, in one transaction with its seed_runs claim. */
async function seedOnce(db: Database, name: string, seed: (tx: Database) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(seedRuns).values({ name }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    await seed(tx as unknown as Database);
    return true;
  });
}

/** Whether the seed of this name ran (the insert into seed_runs inside each seed's transaction stays the claim). */
async function seedRecorded(db: Database, name: string): Promise<boolean> {
  const rows = await db.select({ name: seedRuns.name }).from(seedRuns).where(eq(seedRuns.name, name)).limit(1);
  return rows.length > 0;
}

async function seedPublicContent(db: Database, today: Date, timeZone: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(seedRuns).values({ name: SEED_NAME }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    await tx.insert(faqs).values(demoFaqs.map((faq, index) => ({ ...faq, sortOrder: index })));
    await tx.insert(testimonials).values(demoTestimonials.map((entry, index) => ({ ...entry, sortOrder: index })));
    await tx.insert(testSites).values(demoTestSites.map((site, index) => ({ ...site, sortOrder: index })));
    await tx.insert(themeStyles).values(demoThemeStyles);
    // The company's month, the one GetReferralEvent shows now.
    const month = monthStart(localDay(today, timeZone));
    await tx
      .insert(referralEvents)
      .values(demoReferralComments.map((referralComment, index) => ({ month, referralComment, sortOrder: index })));
    await tx.insert(winners).values(demoWinners(today)).onConflictDoNothing();
    return true;
  });
}
