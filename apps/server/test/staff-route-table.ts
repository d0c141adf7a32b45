import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { STAFF_ROLES, staffRouteAdmits, type StaffRole } from '@testerhub/shared/staff-schemas';
import { NEW_STUDY_DEFAULTS, screenerQuestion } from '@testerhub/shared/study-admin-schemas';
import type { Database } from '../src/core/db/client.ts';
import {
  avatars,
  callouts,
  dailyRewardDays,
  eventSettings,
  faqs,
  invitationSends,
  legalTextVersions,
  levels,
  redemptionOrders,
  referralEvents,
  staffAuditLog,
  staffMembers,
  termsVersions,
  testerNotes,
  testSites,
  winners,
  zipPrefixSites,
} from '../src/core/db/schema.ts';
import { demoLevels } from '../src/core/db/seed-data.ts';
import { demoDailyRewardDays } from '../src/modules/daily-bonus/daily-bonus-seed.ts';
import { skillLevels, skillTypes } from '../src/modules/perks/perks-tables.ts';
import { signCheckInToken } from '../src/modules/scheduling/check-in-token.ts';
import { createSecretBox, totpCode } from '../src/modules/staff/totp.ts';
import { DEMO_WHEEL } from '../src/modules/winners/winners-seed.ts';
import {
  createBooking,
  createChild,
  createLoggedInTester,
  createReferral,
  createRewardItem,
  createSessionGroup,
  createStudy,
  createTester,
} from './factories.ts';
import type { FuzzPart } from './route-fuzz.ts';
import { postJson } from './account-helpers.ts';
import { makePng } from './png.ts';
import { createStaffMember, STAFF_PASSWORD, staffCookieFor, TEST_STAFF_TOTP_KEY } from './staff-helpers.ts';
import { useTestApp } from './test-app.ts';

/**
 * The staff scope's route table (issue 12, "What shows it is done"): every staff route against
 * every role, a tester session and no session, refused unless the route admits the role; every
 * state-changing staff call writes an audit row by its caller. A staff route missing from this
 * table fails the first test, so a new route cannot go unchecked.
 *
 * Some 650 cases (about 95 routes, 7 callers), split over modules/staff/route-table/staff-route-table.test.ts
 * and staff-route-table-2.test.ts to -4 by route (every fourth route from a part's index, as the
 * route fuzzing's parts are), so that they run side by side in Vitest's workers.
 */

/** How many test files the table's cases are split into. */
export const STAFF_ROUTE_TABLE_PARTS = 4;

/** The study-link secret of the table's apps: check-in tokens are signed with it. */
const LINK_SECRET = 'route-table-link-secret-0123456789abcdef';

/** A call that succeeds for an admitted caller: a fresh target account or order where it needs one. */
export interface StaffRouteCase {
  method: 'GET' | 'POST';
  path: string;
  roles: readonly StaffRole[] | 'any';
  /** The body (or query) for an admitted call; `callerCode` is a TOTP code of the calling staff member, for the calls about their own sign-in. */
  request?: (callerCode: string) => { body?: unknown; query?: string };
  /**
   * Instead of `request`: a call that needs rows made first (a staff account or pending order to act on, a booking today at site 00001);
   * `callerId` is the admitted caller's staff id, for a row the caller must own (their own note); absent for the refused calls.
   */
  prepare?: (callerId?: string) => Promise<{ body?: unknown; query?: string }>;
  /** A POST that only reads (a count preview): it answers succeed and writes no audit row. */
  readsOnly?: true;
}

let tableStudyNo = 66_000 + (process.pid % 1000) * 100;

let emailCounter = 0;

/** The staff route table over the database `db` reads (a test file's app database): one case per staff route. */
export function staffRouteTable(db: () => Database, app: () => FastifyInstance): StaffRouteCase[] {
  /** A staff account for the admin's calls to act on. */
  async function newTarget() {
    return (await createStaffMember(db(), { roles: ['recruiter'] })).staff.id;
  }

  /** A pending redemption order of a fresh tester, for the order calls. */
  async function pendingOrder() {
    const tester = await createTester(db());
    const reward = await createRewardItem(db(), { coins: 100 });
    const [order] = await db()
      .insert(redemptionOrders)
      .values({ testerId: tester.id, itemNo: reward.id, coins: 100, createdAt: new Date() })
      .returning();
    return order!.id;
  }

  /** A tester booked at site 00001 in a session that started half an hour ago. */
  async function bookingToday(status: 'booked' | 'attended' = 'booked') {
    const tester = await createTester(db());
    const study = await createStudy(db());
    const startsAt = new Date(Date.now() - 1800_000);
    const endsAt = new Date(startsAt.getTime() + 7200_000);
    const group = await createSessionGroup(db(), { studyNo: study.studyNo, siteId: '00001', taken: 1, sessions: [{ startsAt, endsAt }] });
    const booking = await createBooking(db(), { testerId: tester.id, studyNo: study.studyNo, groupId: group.id, startsAt, endsAt, status });
    return {
      booking,
      study,
      token: signCheckInToken({ bookingId: booking.id, testerId: tester.id, studyNo: study.studyNo }, LINK_SECRET),
    };
  }

  /** A session group's form values (decision 051): in person at site 00001, a week ahead on the site's clock. */
  const GROUP_FIELDS = {
    kind: 'inPerson',
    siteId: '00001',
    videoLink: '',
    pickUpDate: '',
    pickUpTime: '',
    color: 'Blue',
    cell: 'T1',
    coOpCost: 50,
    seats: 4,
    status: 'Open',
    isExternal: false,
    sessions: [{ date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10), start: '10:00', end: '12:00' }],
  };

  /** A message's text (decision 123): free text, as written to everyone. */
  const MESSAGE_NOTICE = { template: 'freeText', subject: 'About your session', body: 'Please bring your glasses.' };

  /** A group without bookings of a fresh study. */
  async function emptyGroup() {
    return createSessionGroup(db(), { studyNo: (await createStudy(db())).studyNo });
  }
  /** A study form the CreateStudy and SaveStudy calls accept: online-only, one hosted question. */
  const studyForm = (studyNo: number) => ({
    ...NEW_STUDY_DEFAULTS,
    studyNo,
    colorName: 'Blue',
    studyBasicInfo: 'Route table study',
    opensAt: '2020-01-01T00:00:00.000Z',
    screener: {
      questions: [
        screenerQuestion('pets', {
          prompt: 'Which pet?',
          options: [
            { key: 'dog', label: 'Dog', disqualifies: false },
            { key: 'cat', label: 'Cat', disqualifies: true },
          ],
        }),
      ],
      quotas: [],
    },
  });

  /** The loyalty settings' versions as they are now, for a save that is not stale. */
  async function loyaltyVersions() {
    const [day] = await db().select({ version: dailyRewardDays.version }).from(dailyRewardDays).limit(1);
    const [events] = await db().select().from(eventSettings).limit(1);
    const [level] = await db().select({ version: levels.version }).from(levels).limit(1);
    return {
      calendar: day?.version ?? 0,
      wheel: events?.wheelVersion ?? 0,
      drawing: events?.drawingVersion ?? 0,
      levels: level?.version ?? 0,
    };
  }

  /** A FAQ last of group 1 at revision 1 (so it can move up), for the FAQ calls. */
  async function aWinner() {
    const [row] = await db()
      .insert(winners)
      .values({ winnerTypeDesc: 'Online25', periodStart: '2020-01-01', winnerTime: 'January', winner: `Table winner ${++emailCounter}` })
      .returning();
    return row!.id;
  }

  /** A referral event text of a month far ahead (no tester is shown it), at revision 1. */
  async function aReferralEvent() {
    const [row] = await db()
      .insert(referralEvents)
      .values({ month: '2090-01-01', referralComment: `Table offer ${++emailCounter}` })
      .returning();
    return row!.id;
  }

  /** A call-out's fields, switched off (the tests' testers never see it), for the call-out calls. */
  const CALLOUT_FIELDS = {
    title: 'Table call-out',
    description: 'Route table.',
    pkCoins: 0,
    screener: '',
    active: false,
    startTimeStamp: '2020-01-01T00:00:00.000Z',
    endTimeStamp: '2020-01-02T00:00:00.000Z',
  };

  /** A call-out at revision 1, for EditCallout. */
  async function aCallout() {
    const [row] = await db()
      .insert(callouts)
      .values({
        ...CALLOUT_FIELDS,
        rKey: `table-${++emailCounter}`,
        startTimeStamp: new Date(2020, 0, 1),
        endTimeStamp: new Date(2020, 0, 2),
      })
      .returning();
    return row!.id;
  }

  async function aFaq() {
    const [row] = await db()
      .insert(faqs)
      .values({ type: 1, question: 'Table FAQ?', answer: '<p>Yes.</p>', sortOrder: 1_000_000 })
      .returning();
    return row!.id;
  }

  return [
    { method: 'GET', path: '/api/staff/Me', roles: 'any' },
    { method: 'GET', path: '/api/staff/Dashboard', roles: 'any' },
    { method: 'POST', path: '/api/staff/Logout', roles: 'any', request: () => ({ body: {} }) },
    { method: 'GET', path: '/api/staff/account/RecoveryCodes', roles: 'any' },
    {
      method: 'POST',
      path: '/api/staff/account/ChangePassword',
      roles: 'any',
      request: (code) => ({
        body: { currentPassword: STAFF_PASSWORD, password: 'Another#Password34', confirmPassword: 'Another#Password34', code },
      }),
    },
    { method: 'POST', path: '/api/staff/account/NewRecoveryCodes', roles: 'any', request: (code) => ({ body: { code } }) },
    {
      method: 'POST',
      path: '/api/staff/account/StartAuthenticatorMove',
      roles: 'any',
      request: (code) => ({ body: { currentPassword: STAFF_PASSWORD, code } }),
    },
    {
      method: 'POST',
      path: '/api/staff/account/FinishAuthenticatorMove',
      roles: 'any',
      // The caller starts a move (their code read from their sealed secret), then confirms it with the new secret's code.
      prepare: async (callerId) => {
        if (!callerId) return { body: { moveToken: 'not-a-token', code: '000000' } };
        const [row] = await db().select().from(staffMembers).where(eq(staffMembers.id, callerId));
        const code = totpCode(createSecretBox(TEST_STAFF_TOTP_KEY).open(row!.totpSecret!), Date.now());
        const started = await postJson(
          app(),
          '/api/staff/account/StartAuthenticatorMove',
          { currentPassword: STAFF_PASSWORD, code },
          { cookie: await staffCookieFor(db(), callerId) },
        );
        const { moveToken, secret } = started.json() as { moveToken: string; secret: string };
        return { body: { moveToken, code: totpCode(secret, Date.now()) } };
      },
    },
    { method: 'GET', path: '/api/staff/admin/StaffList', roles: ['admin'] },
    {
      method: 'POST',
      path: '/api/staff/admin/Invite',
      roles: ['admin'],
      request: () => ({ body: { name: 'Invited', email: `table${process.pid}x${++emailCounter}@staff.example.test`, roles: ['content'] } }),
    },
    {
      method: 'POST',
      path: '/api/staff/admin/SetRoles',
      roles: ['admin'],
      prepare: async () => ({ body: { staffId: await newTarget(), roles: ['rewards'] } }),
    },
    {
      method: 'POST',
      path: '/api/staff/admin/SetDisabled',
      roles: ['admin'],
      prepare: async () => ({ body: { staffId: await newTarget(), disabled: true } }),
    },
    {
      method: 'POST',
      path: '/api/staff/admin/ResetSignIn',
      roles: ['admin'],
      prepare: async () => ({ body: { staffId: await newTarget() } }),
    },
    { method: 'GET', path: '/api/staff/admin/AuditLog', roles: ['admin'], request: () => ({ query: '?page=1' }) },
    { method: 'GET', path: '/api/staff/admin/AuditLog.csv', roles: ['admin'], request: () => ({ query: '?action=tester.view' }) },
    { method: 'GET', path: '/api/staff/rewards/Orders', roles: ['rewards'], request: () => ({ query: '?status=pending&page=1' }) },
    {
      method: 'POST',
      path: '/api/staff/rewards/FulfilOrder',
      roles: ['rewards'],
      prepare: async () => ({ body: { orderId: await pendingOrder(), code: 'GIFT-1234' } }),
    },
    {
      method: 'POST',
      path: '/api/staff/rewards/RejectOrder',
      roles: ['rewards'],
      prepare: async () => ({ body: { orderId: await pendingOrder(), reason: 'Out of stock' } }),
    },
    {
      method: 'POST',
      path: '/api/staff/check-in/Scan',
      roles: ['site-staff'],
      prepare: async () => ({ body: { token: (await bookingToday()).token } }),
    },
    { method: 'GET', path: '/api/staff/check-in/Search', roles: ['site-staff'], request: () => ({ query: '?name=Factory' }) },
    {
      method: 'GET',
      path: '/api/staff/calendar/Sessions',
      roles: ['recruiter', 'site-staff'],
      request: () => ({ query: '?from=2026-11-25&days=7&siteId=00001' }),
    },
    {
      method: 'GET',
      path: '/api/staff/calendar/DayList',
      roles: ['recruiter', 'site-staff'],
      request: () => ({ query: '?date=2026-11-25&siteId=00001' }),
    },
    {
      method: 'GET',
      path: '/api/staff/calendar/DayList.csv',
      roles: ['recruiter', 'site-staff'],
      request: () => ({ query: '?date=2026-11-25&siteId=00001' }),
    },
    {
      method: 'POST',
      path: '/api/staff/check-in/MarkAttended',
      roles: ['site-staff'],
      prepare: async () => ({ body: { bookingId: (await bookingToday()).booking.id } }),
    },
    {
      method: 'POST',
      path: '/api/staff/check-in/UndoAttendance',
      roles: ['site-staff', 'recruiter'],
      prepare: async () => ({ body: { bookingId: (await bookingToday('attended')).booking.id, reason: 'Mistaken check-in' } }),
    },
    {
      method: 'POST',
      path: '/api/staff/attendance/MarkNoShow',
      roles: ['site-staff', 'recruiter'],
      prepare: async () => ({ body: { bookingId: (await bookingToday()).booking.id, reason: 'Called to say they will not come' } }),
    },
    {
      method: 'GET',
      path: '/api/staff/sessions/GroupBookings',
      roles: ['recruiter'],
      prepare: async () => ({ query: `?groupId=${(await emptyGroup()).publicId}` }),
    },
    {
      method: 'POST',
      path: '/api/staff/sessions/CancelBooking',
      roles: ['recruiter'],
      prepare: async () => ({ body: { bookingId: (await bookingToday()).booking.id, reason: 'Tester asked' } }),
    },
    {
      method: 'POST',
      path: '/api/staff/sessions/CancelGroup',
      roles: ['recruiter'],
      prepare: async () => {
        const group = await emptyGroup();
        await createBooking(db(), {
          testerId: (await createTester(db())).id,
          studyNo: group.studyNo,
          groupId: group.id,
          startsAt: group.sessions[0]!.startsAt,
          endsAt: group.sessions[0]!.endsAt,
        });
        return { body: { groupId: group.publicId, reason: 'Client cancelled', notice: MESSAGE_NOTICE } };
      },
    },
    {
      method: 'POST',
      path: '/api/staff/messages/Preview',
      roles: ['recruiter'],
      readsOnly: true,
      prepare: async () => ({
        body: { ...MESSAGE_NOTICE, scope: 'study', studyNo: (await bookingToday()).study.studyNo, recipients: 'booked' },
      }),
    },
    {
      method: 'POST',
      path: '/api/staff/messages/Send',
      roles: ['recruiter'],
      prepare: async () => ({
        body: {
          ...MESSAGE_NOTICE,
          scope: 'study',
          studyNo: (await bookingToday()).study.studyNo,
          recipients: 'booked',
          requestId: randomUUID(),
        },
      }),
    },
    {
      method: 'GET',
      path: '/api/staff/messages/Sent',
      roles: ['recruiter'],
      prepare: async () => ({ query: `?studyNo=${(await createStudy(db())).studyNo}` }),
    },
    {
      method: 'POST',
      path: '/api/staff/sessions/MoveBooking',
      roles: ['recruiter'],
      prepare: async () => {
        const { booking, study } = await bookingToday();
        const later = await createSessionGroup(db(), { studyNo: study.studyNo });
        return { body: { bookingId: booking.id, groupId: later.publicId, reason: 'Tester asked' } };
      },
    },
    {
      method: 'POST',
      path: '/api/staff/sessions/SeatTester',
      roles: ['recruiter'],
      prepare: async () => ({
        body: { groupId: (await emptyGroup()).publicId, email: (await createTester(db())).email, reason: 'Client asked' },
      }),
    },
    {
      method: 'GET',
      path: '/api/staff/sessions/Groups',
      roles: ['recruiter'],
      prepare: async () => ({ query: `?studyNo=${(await createStudy(db())).studyNo}` }),
    },
    {
      method: 'POST',
      path: '/api/staff/sessions/CreateGroup',
      roles: ['recruiter'],
      prepare: async () => ({ body: { studyNo: (await createStudy(db())).studyNo, ...GROUP_FIELDS } }),
    },
    {
      method: 'POST',
      path: '/api/staff/sessions/UpdateGroup',
      roles: ['recruiter'],
      prepare: async () => ({ body: { groupId: (await emptyGroup()).publicId, ...GROUP_FIELDS, seats: 5 } }),
    },
    {
      method: 'POST',
      path: '/api/staff/sessions/SetGroupStatus',
      roles: ['recruiter'],
      prepare: async () => ({ body: { groupId: (await emptyGroup()).publicId, status: 'Closed' } }),
    },
    {
      method: 'GET',
      path: '/api/staff/study-results/Summary',
      roles: ['recruiter'],
      prepare: async () => ({ query: `?studyNo=${(await createStudy(db())).studyNo}` }),
    },
    {
      method: 'GET',
      path: '/api/staff/study-results/Export',
      roles: ['recruiter'],
      prepare: async () => ({ query: `?studyNo=${(await createStudy(db())).studyNo}` }),
    },
    { method: 'GET', path: '/api/staff/reports/Payments', roles: ['recruiter'], request: () => ({ query: '?month=2026-01' }) },
    { method: 'GET', path: '/api/staff/reports/PaymentsExport', roles: ['recruiter'], request: () => ({ query: '?month=2026-01' }) },
    {
      method: 'GET',
      path: '/api/staff/reports/Funnel',
      roles: ['recruiter'],
      prepare: async () => ({ query: `?studyNo=${(await createStudy(db())).studyNo}` }),
    },
    { method: 'GET', path: '/api/staff/testers/Search', roles: ['recruiter'], request: () => ({ query: '?q=fran' }) },
    {
      method: 'GET',
      path: '/api/staff/testers/Tester',
      roles: ['recruiter'],
      prepare: async () => ({ query: `?testerId=${(await createTester(db())).id}` }),
    },
    {
      method: 'GET',
      path: '/api/staff/testers/Export',
      roles: ['recruiter'],
      prepare: async () => ({ query: `?testerId=${(await createTester(db())).id}` }),
    },
    {
      method: 'POST',
      path: '/api/staff/testers/AdjustCoins',
      roles: ['recruiter'],
      prepare: async () => ({ body: { testerId: (await createTester(db())).id, coins: 25, reason: 'Goodwill' } }),
    },
    {
      method: 'POST',
      path: '/api/staff/testers/SetBlackList',
      roles: ['recruiter'],
      prepare: async () => ({ body: { testerId: (await createTester(db())).id, blackList: true, reason: 'Abuse' } }),
    },
    {
      method: 'POST',
      path: '/api/staff/testers/LiftSuspension',
      roles: ['recruiter'],
      prepare: async () => ({
        body: { testerId: (await createTester(db(), { suspendedUntil: new Date(Date.now() + 86_400_000) })).id, reason: 'Excused' },
      }),
    },
    {
      method: 'POST',
      path: '/api/staff/testers/Delete',
      roles: ['recruiter'],
      prepare: async () => {
        const tester = await createTester(db());
        return { body: { testerId: tester.id, confirmation: tester.username, reason: 'Asked by e-mail' } };
      },
    },
    { method: 'GET', path: '/api/staff/testers/Duplicates', roles: ['recruiter'], request: () => ({ query: '?page=1' }) },
    {
      method: 'GET',
      path: '/api/staff/testers/MergePreview',
      roles: ['recruiter'],
      prepare: async () => ({ query: `?testerId=${(await createTester(db())).id}&otherTesterId=${(await createTester(db())).id}` }),
    },
    {
      method: 'POST',
      path: '/api/staff/testers/ReviewDuplicate',
      roles: ['recruiter'],
      prepare: async () => ({
        body: { testerIds: [(await createTester(db())).id, (await createTester(db())).id], outcome: 'blockNewer', reason: 'Same person' },
      }),
    },
    {
      method: 'GET',
      path: '/api/staff/testers/Notes',
      roles: ['recruiter'],
      prepare: async () => ({ query: `?testerId=${(await createTester(db())).id}` }),
    },
    {
      method: 'POST',
      path: '/api/staff/testers/AddNote',
      roles: ['recruiter'],
      prepare: async () => ({ body: { testerId: (await createTester(db())).id, text: 'Prefers morning sessions.' } }),
    },
    {
      method: 'POST',
      path: '/api/staff/testers/DeleteNote',
      roles: ['recruiter'],
      // Only the author deletes a note: the admitted caller's own, just written.
      prepare: async (callerId) => {
        const tester = await createTester(db());
        const [note] = await db()
          .insert(testerNotes)
          .values({ testerId: tester.id, staffId: callerId ?? (await newTarget()), text: 'Written in error.' })
          .returning();
        return { body: { testerId: tester.id, noteId: note!.id } };
      },
    },
    { method: 'GET', path: '/api/staff/studies/List', roles: ['recruiter'], request: () => ({ query: '?status=all&q=Factory' }) },
    {
      method: 'GET',
      path: '/api/staff/studies/Study',
      roles: ['recruiter'],
      prepare: async () => ({ query: `?studyNo=${(await createStudy(db())).studyNo}` }),
    },
    { method: 'GET', path: '/api/staff/studies/FormOptions', roles: ['recruiter'] },
    { method: 'POST', path: '/api/staff/studies/CreateStudy', roles: ['recruiter'], request: () => ({ body: studyForm(++tableStudyNo) }) },
    {
      method: 'POST',
      path: '/api/staff/studies/SaveStudy',
      roles: ['recruiter'],
      prepare: async () => {
        const study = await createStudy(db());
        return { body: { ...studyForm(study.studyNo), version: study.version } };
      },
    },
    {
      method: 'POST',
      path: '/api/staff/studies/SetOpen',
      roles: ['recruiter'],
      prepare: async () => ({ body: { studyNo: (await createStudy(db())).studyNo, version: 1, open: false } }),
    },
    {
      method: 'POST',
      path: '/api/staff/studies/PreviewScreener',
      roles: ['recruiter'],
      readsOnly: true,
      request: () => ({ body: { screener: studyForm(1).screener, answers: { pets: 'dog' }, complete: true } }),
    },
    { method: 'GET', path: '/api/staff/children/Queue', roles: ['recruiter'], request: () => ({ query: '?page=1' }) },
    {
      method: 'POST',
      path: '/api/staff/children/RecordCall',
      roles: ['recruiter'],
      prepare: async () => {
        const parent = await createTester(db());
        const child = await createChild(db(), { parentId: parent.id, birthDate: '2018-01-01', confirmedAt: null });
        return { body: { childId: child.publicId, outcome: 'noAnswer', note: 'Route table' } };
      },
    },
    { method: 'GET', path: '/api/staff/referrals/List', roles: ['recruiter'], request: () => ({ query: '?status=Complete&page=1' }) },
    {
      method: 'POST',
      path: '/api/staff/referrals/SetStatus',
      roles: ['recruiter'],
      prepare: async () => {
        const referral = await createReferral(db(), { referrerId: (await createTester(db())).id, status: 'Complete' });
        return { body: { referralId: referral.id, status: 'Paid' } };
      },
    },
    { method: 'GET', path: '/api/staff/rewards/Catalogue', roles: ['rewards'] },
    {
      method: 'POST',
      path: '/api/staff/rewards/AddReward',
      roles: ['rewards'],
      request: () => ({ body: { name: 'Route table reward', coins: 120, imagePath: '/media/rewards/gift-card-5.svg', sortOrder: 9 } }),
    },
    {
      method: 'POST',
      path: '/api/staff/rewards/EditReward',
      roles: ['rewards'],
      prepare: async () => {
        const reward = await createRewardItem(db(), { coins: 100 });
        return {
          body: { itemNo: reward.id, version: 1, name: 'Edited', coins: 150, imagePath: '/media/rewards/tote-bag.svg', sortOrder: 1 },
        };
      },
    },
    {
      method: 'POST',
      path: '/api/staff/rewards/SetRewardActive',
      roles: ['rewards'],
      prepare: async () => ({ body: { itemNo: (await createRewardItem(db(), { coins: 100 })).id, active: false } }),
    },
    { method: 'GET', path: '/api/staff/content/Faqs', roles: ['content'] },
    {
      method: 'POST',
      path: '/api/staff/content/AddFaq',
      roles: ['content'],
      request: () => ({ body: { type: 1, question: 'Route table question?', answer: '<p>Yes.</p>' } }),
    },
    {
      method: 'POST',
      path: '/api/staff/content/EditFaq',
      roles: ['content'],
      prepare: async () => ({ body: { id: await aFaq(), revision: 1, type: 1, question: 'Edited?', answer: '<p>Yes.</p>', hidden: true } }),
    },
    {
      method: 'POST',
      path: '/api/staff/content/MoveFaq',
      roles: ['content'],
      prepare: async () => ({ body: { id: await aFaq(), revision: 1, direction: 'up' } }),
    },
    { method: 'GET', path: '/api/staff/content/TermsVersions', roles: ['content'] },
    {
      method: 'POST',
      path: '/api/staff/content/PublishTerms',
      roles: ['content'],
      prepare: async () => {
        const [latest] = await db().select().from(termsVersions).orderBy(desc(termsVersions.version)).limit(1);
        return { body: { basedOnVersion: latest?.version ?? null, summaryEn: 'Route table change.', summaryEs: 'Cambio.' } };
      },
    },
    { method: 'GET', path: '/api/staff/content/LegalTexts', roles: ['content'] },
    { method: 'GET', path: '/api/staff/content/LegalTextVersions', roles: ['content'], request: () => ({ query: '?page=privacy' }) },
    {
      method: 'POST',
      path: '/api/staff/content/PublishLegalText',
      roles: ['content'],
      prepare: async () => {
        const [latest] = await db()
          .select()
          .from(legalTextVersions)
          .where(eq(legalTextVersions.page, 'community-terms'))
          .orderBy(desc(legalTextVersions.version))
          .limit(1);
        return { body: { page: 'community-terms', basedOnVersion: latest?.version ?? 0, bodyHtml: '<p>Route table text.</p>' } };
      },
    },
    {
      method: 'POST',
      path: '/api/staff/content/RestoreBuiltInLegalText',
      roles: ['content'],
      prepare: async () => {
        const [latest] = await db()
          .select()
          .from(legalTextVersions)
          .where(eq(legalTextVersions.page, 'cancellation-policy'))
          .orderBy(desc(legalTextVersions.version))
          .limit(1);
        const version = (latest?.version ?? 0) + 1;
        await db()
          .insert(legalTextVersions)
          .values({ page: 'cancellation-policy', version, bodyHtml: '<p>Published.</p>', publishedAt: new Date(), publishedBy: null });
        return { body: { page: 'cancellation-policy', basedOnVersion: version } };
      },
    },
    { method: 'GET', path: '/api/staff/content/Winners', roles: ['content'] },
    {
      method: 'POST',
      path: '/api/staff/content/AddWinner',
      roles: ['content'],
      request: () => ({
        body: { winnerTypeDesc: 'Online25', periodStart: '2020-01-01', winnerTime: 'January', winner: `Table ${++emailCounter}` },
      }),
    },
    {
      method: 'POST',
      path: '/api/staff/content/EditWinner',
      roles: ['content'],
      prepare: async () => ({
        body: {
          id: await aWinner(),
          revision: 1,
          winnerTypeDesc: 'Online25',
          periodStart: '2020-02-01',
          winnerTime: 'February',
          winner: `Edited ${++emailCounter}`,
        },
      }),
    },
    {
      method: 'POST',
      path: '/api/staff/content/RemoveWinner',
      roles: ['content'],
      prepare: async () => ({ body: { id: await aWinner(), revision: 1 } }),
    },
    { method: 'GET', path: '/api/staff/content/ReferralEvents', roles: ['content'] },
    {
      method: 'POST',
      path: '/api/staff/content/SaveReferralEvent',
      roles: ['content'],
      request: () => ({ body: { month: '2090-01', referralComment: `Table offer ${++emailCounter}`, sortOrder: 0 } }),
    },
    {
      method: 'POST',
      path: '/api/staff/content/RemoveReferralEvent',
      roles: ['content'],
      prepare: async () => ({ body: { id: await aReferralEvent(), revision: 1 } }),
    },
    { method: 'GET', path: '/api/staff/content/TestSites', roles: ['content'] },
    {
      method: 'POST',
      path: '/api/staff/content/AddTestSite',
      roles: ['content'],
      request: () => ({
        body: {
          name: 'Table site',
          city: 'Austin',
          address: '1 Main St',
          phone: '(512) 555-0100',
          fax: '',
          tollFree: '',
          airportDirections: [],
          timeZone: 'America/Chicago',
        },
      }),
    },
    {
      method: 'POST',
      path: '/api/staff/content/EditTestSite',
      roles: ['content'],
      prepare: async () => {
        const [site] = await db().select().from(testSites).where(eq(testSites.siteId, '00001'));
        const { siteId, revision, name, city, address, phone, fax, tollFree, airportDirections } = site!;
        return { body: { siteId, revision, name, city, address, phone, fax, tollFree, airportDirections } };
      },
    },
    { method: 'GET', path: '/api/staff/content/SiteZipPrefixes', roles: ['content'] },
    {
      method: 'POST',
      path: '/api/staff/content/AddZipPrefix',
      roles: ['content'],
      prepare: async () => {
        const prefix = String(300 + (++emailCounter % 300));
        await db().delete(zipPrefixSites).where(eq(zipPrefixSites.prefix, prefix));
        return { body: { siteId: '00001', prefix } };
      },
    },
    {
      method: 'POST',
      path: '/api/staff/content/RemoveZipPrefix',
      roles: ['content'],
      prepare: async () => {
        const prefix = String(300 + (++emailCounter % 300));
        await db()
          .insert(zipPrefixSites)
          .values({ prefix, siteId: '00001' })
          .onConflictDoUpdate({ target: zipPrefixSites.prefix, set: { siteId: '00001' } });
        return { body: { siteId: '00001', prefix } };
      },
    },
    {
      method: 'POST',
      path: '/api/staff/content/SetSiteMapCode',
      roles: ['content'],
      prepare: async () => {
        const [site] = await db().select().from(testSites).where(eq(testSites.siteId, '00001'));
        return { body: { siteId: '00001', revision: site!.revision, mapCode: 'ch' } };
      },
    },
    {
      method: 'POST',
      path: '/api/staff/content/MoveTestSite',
      roles: ['content'],
      prepare: async () => {
        const sites = await db().select().from(testSites).orderBy(testSites.sortOrder, testSites.siteId);
        const at = sites.findIndex((site) => site.siteId === '00002');
        return { body: { siteId: '00002', revision: sites[at]!.revision, direction: at === 0 ? 'down' : 'up' } };
      },
    },
    {
      method: 'POST',
      path: '/api/staff/content/RemoveTestSite',
      roles: ['content'],
      prepare: async () => {
        const siteId = String(70000 + ++emailCounter);
        await db().insert(testSites).values({
          siteId,
          name: 'Table site',
          city: 'Austin',
          address: '1 Main St',
          phone: '1',
          fax: '',
          tollFree: '',
          timeZone: 'America/Chicago',
          airportDirections: [],
        });
        await db()
          .insert(zipPrefixSites)
          .values({ prefix: String(300 + (++emailCounter % 300)), siteId })
          .onConflictDoNothing();
        return { body: { siteId, revision: 1 } };
      },
    },
    { method: 'GET', path: '/api/staff/content/Callouts', roles: ['content'] },
    {
      method: 'POST',
      path: '/api/staff/content/AddCallout',
      roles: ['content'],
      request: () => ({ body: { ...CALLOUT_FIELDS, title: `Table call-out ${++emailCounter}` } }),
    },
    {
      method: 'POST',
      path: '/api/staff/content/EditCallout',
      roles: ['content'],
      prepare: async () => ({ body: { ...CALLOUT_FIELDS, id: await aCallout(), revision: 1, active: false } }),
    },
    { method: 'GET', path: '/api/staff/invitations/Options', roles: ['recruiter'] },
    {
      method: 'POST',
      path: '/api/staff/invitations/Preview',
      roles: ['recruiter'],
      readsOnly: true,
      prepare: async () => ({ body: { studyNo: (await createStudy(db())).studyNo, filters: { minAge: 18 } } }),
    },
    {
      method: 'POST',
      path: '/api/staff/invitations/TargetCount',
      roles: ['recruiter'],
      readsOnly: true,
      request: () => ({ body: { answerIds: [], siteId: '00001' } }),
    },
    {
      method: 'POST',
      path: '/api/staff/invitations/Send',
      roles: ['recruiter'],
      prepare: async () => {
        const site = `RT${++emailCounter}`;
        await createTester(db(), { siteId: site });
        return { body: { studyNo: (await createStudy(db())).studyNo, filters: { siteIds: [site] }, requestId: randomUUID() } };
      },
    },
    { method: 'GET', path: '/api/staff/invitations/List', roles: ['recruiter'], request: () => ({ query: '?page=1' }) },
    {
      method: 'GET',
      path: '/api/staff/invitations/Detail',
      roles: ['recruiter'],
      prepare: async () => {
        const [send] = await db()
          .insert(invitationSends)
          .values({
            requestId: randomUUID(),
            studyNo: (await createStudy(db())).studyNo,
            filters: {},
            matched: 0,
            createdBy: 'table',
            createdAt: new Date(),
          })
          .returning();
        return { query: `?invitationId=${send!.id}` };
      },
    },
    { method: 'GET', path: '/api/staff/content/DailyCalendar', roles: ['content'] },
    {
      method: 'POST',
      path: '/api/staff/content/SaveDailyCalendar',
      roles: ['content'],
      prepare: async () => ({
        body: {
          version: (await loyaltyVersions()).calendar,
          days: demoDailyRewardDays().map(({ day, coins, experience }) => ({ day, coins, exp: experience })),
        },
      }),
    },
    { method: 'GET', path: '/api/staff/content/WheelAndDrawing', roles: ['content'] },
    {
      method: 'POST',
      path: '/api/staff/content/SaveWheel',
      roles: ['content'],
      prepare: async () => ({
        body: {
          version: (await loyaltyVersions()).wheel,
          spinCost: 50,
          spinsPerWeek: 3,
          segments: DEMO_WHEEL.map(({ coins, rate }) => ({ coins, percent: rate / 1000 })),
        },
      }),
    },
    {
      method: 'POST',
      path: '/api/staff/content/SaveDrawing',
      roles: ['content'],
      prepare: async () => ({
        body: { version: (await loyaltyVersions()).drawing, goldCardCost: 100, goldCardPrize: '$25 e-gift card', drawingDay: 1 },
      }),
    },
    { method: 'GET', path: '/api/staff/content/Levels', roles: ['content'] },
    {
      method: 'POST',
      path: '/api/staff/content/SaveLevels',
      roles: ['content'],
      prepare: async () => ({
        body: { version: (await loyaltyVersions()).levels, levels: demoLevels.map(({ expRequired }) => ({ expRequired })) },
      }),
    },
    { method: 'GET', path: '/api/staff/content/Avatars', roles: ['content'] },
    {
      method: 'POST',
      path: '/api/staff/content/SaveAvatar',
      roles: ['content'],
      prepare: async () => {
        const [picture] = await db().select().from(avatars).where(eq(avatars.fileName, 'avatar-06.svg'));
        return { body: { imageId: picture!.imageId, version: picture!.version, requireLevel: picture!.requireLevel, hidden: false } };
      },
    },
    {
      method: 'POST',
      path: '/api/staff/content/AddAvatar',
      roles: ['content'],
      // Hidden, so the pictures each admitted caller adds change no tester's choice.
      request: () => ({ body: { image: makePng(64, 64).toString('base64'), requireLevel: 2, hidden: true } }),
    },
    { method: 'GET', path: '/api/staff/content/Perks', roles: ['content'] },
    {
      method: 'POST',
      path: '/api/staff/content/SavePerk',
      roles: ['content'],
      // The first perk saved as it is stored, at its version now.
      prepare: async () => {
        const [perk] = await db().select().from(skillTypes).orderBy(skillTypes.id).limit(1);
        const rows = await db().select().from(skillLevels).where(eq(skillLevels.skillTypeId, perk!.id)).orderBy(skillLevels.level);
        return {
          body: {
            version: perk!.version,
            skillTypeId: perk!.id,
            name: perk!.name,
            description: perk!.description,
            levels: rows.map(({ effect, effectValue, requireLevel, requireCoins, requireConditionsDesc }) => ({
              effect,
              effectValue,
              requireLevel,
              requireCoins,
              requireConditionsDesc,
            })),
          },
        };
      },
    },
  ];
}

/** The public staff calls (login and set-up): outside the scope on purpose. */
export const PUBLIC_STAFF_ROUTES = [
  '/api/staff/Login',
  '/api/staff/LoginCode',
  '/api/staff/setup/Check',
  '/api/staff/setup/Password',
  '/api/staff/setup/Confirm',
];

type Caller = { kind: 'role'; role: StaffRole } | { kind: 'tester' } | { kind: 'none' };
const CALLERS: Caller[] = [...STAFF_ROLES.map((role) => ({ kind: 'role' as const, role })), { kind: 'tester' }, { kind: 'none' }];
const callerName = (caller: Caller) =>
  caller.kind === 'role' ? caller.role : caller.kind === 'tester' ? 'a tester session' : 'no session';

/**
 * The cases of one part of the table (every `count`-th route from `index`), each route with every
 * role, a tester session and no session; call inside a describe. An admitted call gets a staff
 * member of its own (a call may log them out, change their password or spend their TOTP code), and
 * its audit row is read by that caller. A refused call is made by the file's one refused-only staff
 * member of the role (never admitted anywhere, so their audit log stays empty: the check is as
 * strict as with a new member per call) or the file's one tester, and all the refused calls of a
 * route send the one valid request prepared for them (a refused call changes nothing): some 500
 * caller set-ups and 250 preparations fewer.
 */
export function staffRouteTableCases(part: FuzzPart) {
  const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, STUDY_LINK_SECRET: LINK_SECRET } });
  const db = () => testApp.database.db;
  const table = staffRouteTable(db, () => testApp.app);
  const refusedCallers = new Map<string, Promise<{ staffId?: string; cookie: string }>>();
  const refusedCaller = (caller: Caller) => {
    const key = callerName(caller);
    let made = refusedCallers.get(key);
    if (!made) {
      made =
        caller.kind === 'role'
          ? createStaffMember(db(), { roles: [caller.role] }).then(async ({ staff }) => ({
              staffId: staff.id,
              cookie: await staffCookieFor(db(), staff.id),
            }))
          : createLoggedInTester(db()).then(({ cookie }) => ({ cookie }));
      refusedCallers.set(key, made);
    }
    return made;
  };

  const requestFor = async (route: StaffRouteCase, callerCode: string, callerId?: string) =>
    route.prepare ? route.prepare(callerId) : (route.request?.(callerCode) ?? {});
  // A route's refused callers send one valid request, prepared once: a refused call changes nothing, so it stays valid.
  const refusedRequests = new Map<StaffRouteCase, Promise<{ body?: unknown; query?: string }>>();
  const refusedRequest = (route: StaffRouteCase) => {
    let made = refusedRequests.get(route);
    if (!made) {
      made = requestFor(route, '000000');
      refusedRequests.set(route, made);
    }
    return made;
  };

  table.forEach((route, position) => {
    if (position % part.count !== part.index - 1) return;
    for (const caller of CALLERS) {
      const admitted = caller.kind === 'role' && staffRouteAdmits(route.roles, [caller.role]);
      it(`${route.method} ${route.path} with ${callerName(caller)}: ${admitted ? 'answered' : 'refused'}`, async () => {
        let cookie: string | undefined;
        let callerId: string | undefined;
        let callerCode = '000000';
        if (admitted) {
          const { staff, totpSecret } = await createStaffMember(db(), { roles: [caller.role] });
          callerId = staff.id;
          callerCode = totpCode(totpSecret, Date.now());
          cookie = await staffCookieFor(db(), staff.id);
        } else if (caller.kind !== 'none') {
          ({ staffId: callerId, cookie } = await refusedCaller(caller));
        }
        const request = admitted ? await requestFor(route, callerCode, callerId) : await refusedRequest(route);
        const since = new Date(Date.now() - 1000);
        const answer = await testApp.app.inject({
          method: route.method,
          url: `${route.path}${request.query ?? ''}`,
          headers: { ...(cookie ? { cookie } : {}), ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          ...(route.method === 'POST' ? { payload: JSON.stringify(request.body ?? {}) } : {}),
        });
        if (!admitted) {
          expect(answer.statusCode, answer.body).toBe(caller.kind === 'role' ? 403 : 401);
          if (callerId) expect(await db().select().from(staffAuditLog).where(eq(staffAuditLog.staffId, callerId))).toHaveLength(0);
          return;
        }
        expect(answer.statusCode, answer.body).toBe(200);
        if (route.method !== 'GET' && route.readsOnly) {
          expect(answer.json()).toMatchObject({ status: 'succeed' });
          expect(await db().select().from(staffAuditLog).where(eq(staffAuditLog.staffId, callerId!))).toHaveLength(0);
        } else if (route.method !== 'GET') {
          expect(answer.json()).toMatchObject({ status: 'succeed' });
          const rows = await db()
            .select()
            .from(staffAuditLog)
            .where(and(eq(staffAuditLog.staffId, callerId!), gte(staffAuditLog.at, since)));
          expect(rows.length, `${route.path} wrote no audit row`).toBeGreaterThanOrEqual(1);
        }
      });
    }
  });

  return { testApp, db, table };
}
