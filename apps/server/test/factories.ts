/**
 * Test factories: rows written straight into the test database, so a test about coins or a
 * portal call does not drive registration, e-mail confirmation and login through the API
 * first (GUIDE section 6). Only tests of those flows go the long way.
 */
import { sql } from 'drizzle-orm';
import { bookings, coinLedger, sessions, studies, testers } from '../src/core/db/schema.ts';
import { saveScreener, type ScreenerDefinition } from '../src/modules/screening/screening-service.ts';
import type { Database } from '../src/core/db/client.ts';
import { hashPassword } from '../src/core/security/passwords.ts';
import { hashToken, randomToken } from '../src/core/security/tokens.ts';
import { birthYearsBack, uniqueUsername } from './account-helpers.ts';

/** The password of every factory tester. */
export const FACTORY_PASSWORD = 'Factory#Pass1';

// argon2id costs ~70 ms a hash: one for the whole file.
let passwordHash: Promise<string> | undefined;

export type TesterOverrides = Partial<typeof testers.$inferInsert>;

/**
 * A confirmed tester at the Chicago site (zip 60614), 30 years old, with `coins` (and `exp`)
 * recorded in the ledger as the balance says. Any column can be overridden.
 */
export async function createTester(db: Database, overrides: TesterOverrides = {}) {
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  const username = overrides.username ?? uniqueUsername('fact');
  const [tester] = await db
    .insert(testers)
    .values({
      username,
      email: `${username.toLowerCase()}@factory.example.test`,
      passwordHash: await passwordHash,
      firstName: 'Fran',
      lastName: 'Factory',
      zipCode: '60614',
      address: '1 Test Way',
      city: 'Chicago',
      state: 'IL',
      sex: 'F',
      phone: '3125550100',
      raceId: 'H',
      adId: '1R',
      birthDate: birthYearsBack(30),
      siteId: '00001',
      emailConfirmedAt: new Date(),
      ...overrides,
    })
    .returning();
  if (!tester) throw new Error('tester factory inserted nothing');
  if (tester.coins !== 0 || tester.exp !== 0) {
    await db
      .insert(coinLedger)
      .values({ testerId: tester.id, coins: tester.coins, experience: tester.exp, reason: 'factory-balance', reference: tester.id });
  }
  return tester;
}

/** A live session for the tester, as the Cookie header value a logged-in browser would send. */
export async function sessionCookieFor(db: Database, testerId: string, options: { secure?: boolean; expiresAt?: Date } = {}) {
  const sessionId = randomToken();
  await db
    .insert(sessions)
    .values({ idHash: hashToken(sessionId), testerId, expiresAt: options.expiresAt ?? new Date(Date.now() + 24 * 3600_000) });
  return `${options.secure ? '__Host-th_session' : 'th_session'}=${sessionId}`;
}

/** A confirmed tester and a session cookie for them. */
export async function createLoggedInTester(db: Database, overrides: TesterOverrides = {}) {
  const tester = await createTester(db, overrides);
  return { tester, cookie: await sessionCookieFor(db, tester.id) };
}

let studyNumber = 90_000;
/** An adult study open since 2020 with no close (online-only, hosted screener, no target), for screener-list tests. */
export async function createStudy(db: Database, overrides: Partial<typeof studies.$inferInsert> = {}) {
  studyNumber += 1;
  const [study] = await db
    .insert(studies)
    .values({
      studyNo: studyNumber,
      projectType: 1,
      participantTypeId: 4,
      minimumAge: 18,
      colorName: 'blue',
      testerLabel: `Factory study ${studyNumber}`,
      studyBasicInfo: 'A study made by a test factory.',
      coinValue: 50,
      siteId: null,
      opensAt: new Date('2020-01-01T00:00:00Z'),
      ...overrides,
    })
    .returning();
  return study!;
}

/** The tester's balance as the testers row holds it, and the ledger's sums, to compare. */
export async function balanceAndLedger(db: Database, testerId: string) {
  const result = await db.execute<{ coins: number; exp: number; ledger_coins: number; ledger_exp: number; entries: number }>(sql`
    select t.coins, t.exp,
      coalesce(sum(l.amount), 0)::int as ledger_coins, coalesce(sum(l.experience), 0)::int as ledger_exp, count(l.id)::int as entries
    from testers t left join coin_ledger l on l.tester_id = t.id
    where t.id = ${testerId} group by t.id`);
  const rows = (result as unknown as { rows: { coins: number; exp: number; ledger_coins: number; ledger_exp: number; entries: number }[] })
    .rows;
  const row = rows[0]!;
  return { coins: row.coins, exp: row.exp, ledgerCoins: row.ledger_coins, ledgerExp: row.ledger_exp, entries: row.entries };
}

/** A hosted screener for a study (questions, options and quotas named by keys); answers the new ids by key. */
export async function createScreener(db: Database, definition: ScreenerDefinition) {
  const { questionIds, optionIds } = await saveScreener(db, definition);
  return {
    question: (key: string) => questionIds.get(key)!,
    option: (question: string, option: string) => optionIds.get(`${question}/${option}`)!,
  };
}

/** A booking of the tester in a study (by default booked, tomorrow from `startsAt`'s default of now + 1 day, one hour long). */
export async function createBooking(db: Database, values: { testerId: string; studyNo: number } & Partial<typeof bookings.$inferInsert>) {
  const startsAt = values.startsAt ?? new Date(Date.now() + 24 * 3600_000);
  const [booking] = await db
    .insert(bookings)
    .values({ status: 'booked', ...values, startsAt, endsAt: values.endsAt ?? new Date(startsAt.getTime() + 3600_000) })
    .returning();
  return booking!;
}
