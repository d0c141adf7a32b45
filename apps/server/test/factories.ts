/**
 * Test factories: rows written straight into the test database, so a test about coins or a
 * portal call does not drive registration, e-mail confirmation and login through the API
 * first (GUIDE section 6). Only tests of those flows go the long way.
 */
import { sql } from 'drizzle-orm';
import {
  bookings,
  children,
  coinLedger,
  dossierAnswers,
  dossierPages,
  dossierQuestionSets,
  dossierQuestions,
  groupSessions,
  quickSurveyQuestions,
  quickSurveyScales,
  quickSurveys,
  referrals,
  rewardItems,
  screenings,
  sessionGroups,
  sessions,
  studies,
  testers,
} from '../src/core/db/schema.ts';
import { saveScreener, type ScreenerDefinition } from '../src/modules/screening/screening-service.ts';
import type { Database } from '../src/core/db/client.ts';
import { HOUR_MS, type Clock } from '../src/core/clock.ts';
import { createChildrenService } from '../src/modules/children/children-service.ts';
import { hashPassword } from '../src/core/security/passwords.ts';
import { hashToken, randomToken } from '../src/core/security/tokens.ts';
import { birthYearsBack, nameTag, uniqueUsername } from './account-helpers.ts';

/** The password of every factory tester. */
export const FACTORY_PASSWORD = 'Factory#Pass1';

// argon2id costs ~70 ms a hash: one for the whole file.
let passwordHash: Promise<string> | undefined;
let testerNumber = 0;
/** A phone and a street address of its own per factory tester: testers sharing one are likely duplicates (decision 129). */
function factoryContact(): { phone: string; address: string } {
  testerNumber += 1;
  return {
    phone: `8${String(process.pid % 1000).padStart(3, '0')}${String(testerNumber).padStart(6, '0')}`,
    address: `${testerNumber} Test Way`,
  };
}

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
      city: 'Chicago',
      state: 'IL',
      sex: 'F',
      ...factoryContact(),
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

/**
 * A logged-in tester who attended a closed study about three weeks before `now`: one who may
 * register children online (decision 028).
 */
export async function createAttendedTester(db: Database, now: Date, overrides: TesterOverrides = {}) {
  const { tester, cookie } = await createLoggedInTester(db, overrides);
  const study = await createStudy(db);
  const group = await createSessionGroup(db, {
    studyNo: study.studyNo,
    status: 'Closed',
    sessions: [{ startsAt: new Date(now.getTime() - 500 * HOUR_MS), endsAt: new Date(now.getTime() - 498 * HOUR_MS) }],
  });
  const [first] = group.sessions;
  await createBooking(db, {
    testerId: tester.id,
    studyNo: study.studyNo,
    groupId: group.id,
    startsAt: first!.startsAt,
    endsAt: first!.endsAt,
    status: 'attended',
  });
  return { tester, cookie };
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

/** A question set for createDossierPage: its type, limits and answer texts. */
export interface DossierSetSpec {
  type: 'C' | 'B' | 'M';
  minChecked?: number;
  maxChecked?: number;
  active?: boolean;
  answers: string[];
}

/**
 * An About-me page with its questions (each an array of sets) and their answers. Returns the page
 * and its sets in order, each with its id and answer ids, for building AddDossierAnswer bodies.
 */
export async function createDossierPage(
  db: Database,
  options: { title?: string; coins?: number; experience?: number; active?: boolean; position?: number; questions: DossierSetSpec[][] },
) {
  const [page] = await db
    .insert(dossierPages)
    .values({
      title: options.title ?? 'Factory page',
      coins: options.coins ?? 40,
      experience: options.experience ?? 60,
      active: options.active ?? true,
      position: options.position ?? 100,
    })
    .returning();
  const sets: { id: number; type: 'C' | 'B' | 'M'; answerIds: number[] }[] = [];
  for (const [position, specs] of options.questions.entries()) {
    const [question] = await db
      .insert(dossierQuestions)
      .values({ pageId: page!.id, position, text: `Factory question ${position + 1}` })
      .returning();
    for (const [setPosition, spec] of specs.entries()) {
      const [set] = await db
        .insert(dossierQuestionSets)
        .values({
          questionId: question!.id,
          type: spec.type,
          minChecked: spec.minChecked ?? (spec.type === 'C' ? 0 : 1),
          maxChecked: spec.maxChecked ?? (spec.type === 'C' ? spec.answers.length : 1),
          active: spec.active ?? true,
          text: `Factory set ${setPosition + 1}`,
          position: setPosition,
        })
        .returning();
      const answers = await db
        .insert(dossierAnswers)
        .values(spec.answers.map((text, answerPosition) => ({ setId: set!.id, position: answerPosition, text })))
        .returning({ id: dossierAnswers.id });
      sets.push({ id: set!.id, type: spec.type, answerIds: answers.map((answer) => answer.id) });
    }
  }
  return { page: page!, sets };
}

let quickSurveyJobId = 700_000;
/** A quick-survey question for createQuickSurvey: its style and its value keys (the choice texts are "Choice <key>"). */
export interface QuickQuestionSpec {
  style: 'checkbox' | 'radio' | 'textbox';
  keys?: string[];
}

/** A quick survey with its questions (indexes 0, 1, ...) and their choices (scale indexes 1, 2, ...). */
export async function createQuickSurvey(
  db: Database,
  options: { shortName?: string; coins?: number; experience?: number; active?: boolean; questions: QuickQuestionSpec[] },
) {
  quickSurveyJobId += 1;
  const jobId = quickSurveyJobId;
  await db.insert(quickSurveys).values({
    jobId,
    shortName: options.shortName ?? `Factory survey ${jobId}`,
    coins: options.coins ?? 20,
    experience: options.experience ?? 30,
    active: options.active ?? true,
    position: 100,
  });
  await db.insert(quickSurveyQuestions).values(
    options.questions.map((question, questionIndex) => ({
      jobId,
      questionIndex,
      text: `Question ${questionIndex}`,
      style: question.style,
    })),
  );
  const scales = options.questions.flatMap((question, questionIndex) =>
    (question.keys ?? []).map((valueKey, index) => ({ jobId, questionIndex, scaleIndex: index + 1, text: `Choice ${valueKey}`, valueKey })),
  );
  if (scales.length) await db.insert(quickSurveyScales).values(scales);
  return { jobId };
}

/** A hosted screener for a study (questions, options and quotas named by keys); answers the new ids by key. */
export async function createScreener(db: Database, definition: ScreenerDefinition) {
  const { questionIds, optionIds } = await saveScreener(db, definition);
  return {
    question: (key: string) => questionIds.get(key)!,
    option: (question: string, option: string) => optionIds.get(`${question}/${option}`)!,
  };
}

let groupCell = 0;
/**
 * A session group of a study with its sessions: in person at Chicago (00001), 4 seats, one two-hour
 * session 3 days from `now` unless told. Answers the group with its sessions.
 */
export async function createSessionGroup(
  db: Database,
  values: { studyNo: number; now?: Date; sessions?: { startsAt: Date; endsAt: Date }[] } & Partial<typeof sessionGroups.$inferInsert>,
) {
  const { now = new Date(), sessions, ...group } = values;
  groupCell += 1;
  const startsAt = new Date(now.getTime() + 3 * 24 * 3600_000);
  const [row] = await db
    .insert(sessionGroups)
    .values({
      siteId: '00001',
      kind: 'inPerson',
      color: 'Blue',
      cell: `F${groupCell}`,
      coOpCostCents: 6000,
      seats: 4,
      ...group,
    })
    .returning();
  const dated = (sessions ?? [{ startsAt, endsAt: new Date(startsAt.getTime() + 2 * 3600_000) }]).map((session, index) => ({
    ...session,
    groupId: row!.id,
    testerDay: index + 1,
  }));
  const inserted = await db.insert(groupSessions).values(dated).returning();
  return { ...row!, sessions: inserted };
}

/**
 * A booking of the tester in a study (by default booked, tomorrow from `startsAt`'s default of now + 1 day,
 * one hour long), in a one-seat group of its own made for it unless `groupId` is given.
 */
export async function createBooking(db: Database, values: { testerId: string; studyNo: number } & Partial<typeof bookings.$inferInsert>) {
  const startsAt = values.startsAt ?? new Date(Date.now() + 24 * 3600_000);
  const endsAt = values.endsAt ?? new Date(startsAt.getTime() + 3600_000);
  const status = values.status ?? 'booked';
  const groupId =
    values.groupId ??
    (
      await createSessionGroup(db, {
        studyNo: values.studyNo,
        seats: 1,
        taken: status === 'booked' ? 1 : 0,
        sessions: [{ startsAt, endsAt }],
      })
    ).id;
  const [booking] = await db
    .insert(bookings)
    .values({ ...values, status, groupId, startsAt, endsAt })
    .returning();
  return booking!;
}

/** The tester qualified for the study through its hosted screener at `at` (what a passed screener leaves). */
export async function createQualifiedScreening(db: Database, values: { testerId: string; studyNo: number; at?: Date }) {
  const at = values.at ?? new Date();
  const [row] = await db
    .insert(screenings)
    .values({ testerId: values.testerId, studyNo: values.studyNo, status: 'qualified', startedAt: at, completedAt: at })
    .returning();
  return row!;
}

let childNumber = 0;
/** A child of the tester, confirmed unless `confirmedAt` is null (then unconfirmed for a day from `createdAt`). */
export async function createChild(
  db: Database,
  values: { parentId: string; birthDate: string } & Partial<Omit<typeof children.$inferInsert, 'parentId' | 'birthDate'>>,
) {
  childNumber += 1;
  const createdAt = values.createdAt ?? new Date();
  const confirmedAt = values.confirmedAt === undefined ? createdAt : values.confirmedAt;
  const [row] = await db
    .insert(children)
    .values({
      firstName: `Child${nameTag(childNumber)}`,
      lastName: 'Factory',
      race: 'O',
      gender: 'F',
      phone: '3125550100',
      createdAt,
      confirmedAt,
      expiresAt: confirmedAt ? null : new Date(createdAt.getTime() + 24 * 3600_000),
      ...values,
    })
    .returning();
  return row!;
}

let rewardNumber = 0;
/** A reward in the catalogue (active unless told), costing `coins` (100 by default). */
export async function createRewardItem(db: Database, overrides: Partial<typeof rewardItems.$inferInsert> = {}) {
  rewardNumber += 1;
  const [row] = await db
    .insert(rewardItems)
    .values({ name: `Factory reward ${rewardNumber}`, coins: 100, imagePath: '/media/rewards/gift-card-5.svg', ...overrides })
    .returning();
  return row!;
}

let referralNumber = 0;
/** A referral the tester made (decision 036), in `status` (New unless told). */
export async function createReferral(db: Database, values: { referrerId: string } & Partial<typeof referrals.$inferInsert>) {
  referralNumber += 1;
  const tag = `${process.pid % 10000}x${referralNumber}`;
  const at = new Date();
  const [row] = await db
    .insert(referrals)
    .values({
      firstName: 'Friend',
      lastName: `Factory${referralNumber}`,
      age: 30,
      email: `friend.${tag}@factory.example.test`,
      phone: `9${String(process.pid % 10000).padStart(4, '0')}${String(referralNumber).padStart(5, '0')}`,
      code: `FACTORY${tag}`.toUpperCase(),
      referredMonth: `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`,
      createdAt: at,
      statusChangedAt: at,
      ...values,
    })
    .returning();
  return row!;
}

/**
 * The scheduled expiry of unconfirmed children (decisions 028, 079), run at the clock's time: the
 * children service with no more than that job reads. Answers how many registrations it removed.
 */
export function expireUnconfirmedChildren(db: Database, clock: Clock): Promise<number> {
  return createChildrenService(db, {
    clock,
    testers: { lockForUpdate: async () => null },
    mail: { queue: async () => 0, link: () => '' },
    hasAttended: async () => true,
    findStudy: async () => null,
    openStudyFor: async () => null,
    childrenInStudy: async () => ({ screened: new Set(), waitlisted: new Set() }),
  }).expireUnconfirmed();
}
