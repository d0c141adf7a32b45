import { and, eq, gte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES, staffRouteAdmits, type StaffRole } from '@testerhub/shared/staff-schemas';
import {
  createBooking,
  createLoggedInTester,
  createRewardItem,
  createSessionGroup,
  createStudy,
  createTester,
} from '../../../test/factories.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { dailyRewardDays, eventSettings, redemptionOrders, staffAuditLog } from '../../core/db/schema.ts';
import { demoDailyRewardDays } from '../daily-bonus/daily-bonus-seed.ts';
import { DEMO_WHEEL } from '../events/events-seed.ts';
import { signCheckInToken } from '../scheduling/check-in-token.ts';

/**
 * The staff scope's route table (issue 12, "What shows it is done"): every staff route against
 * every role, a tester session and no session, refused unless the route admits the role; every
 * state-changing staff call writes an audit row by its caller. A staff route missing from this
 * table fails the first test, so a new route cannot go unchecked.
 */

const db = () => testApp.database.db;

const LINK_SECRET = 'route-table-link-secret-0123456789abcdef';
const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, STUDY_LINK_SECRET: LINK_SECRET } });

/** A call that succeeds for an admitted caller: a fresh target account where it needs one. */
interface StaffRouteCase {
  method: 'GET' | 'POST';
  path: string;
  roles: readonly StaffRole[] | 'any';
  /** The body (or query) for an admitted call, given a fresh account to act on (and a fresh pending order). */
  request?: (targetId: string, orderId: number) => { body?: unknown; query?: string };
  /** Instead of `request`: a call that needs rows made first (a booking today at site 00001, the site staff's default). */
  prepare?: () => Promise<{ body?: unknown; query?: string }>;
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
async function bookingToday() {
  const tester = await createTester(db());
  const study = await createStudy(db());
  const startsAt = new Date(Date.now() - 1800_000);
  const endsAt = new Date(startsAt.getTime() + 7200_000);
  const group = await createSessionGroup(db(), { studyNo: study.studyNo, siteId: '00001', sessions: [{ startsAt, endsAt }] });
  const booking = await createBooking(db(), { testerId: tester.id, studyNo: study.studyNo, groupId: group.id, startsAt, endsAt });
  return { booking, token: signCheckInToken({ bookingId: booking.id, testerId: tester.id, studyNo: study.studyNo }, LINK_SECRET) };
}

let emailCounter = 0;
const STAFF_ROUTE_TABLE: StaffRouteCase[] = [
  { method: 'GET', path: '/api/staff/Me', roles: 'any' },
  { method: 'POST', path: '/api/staff/Logout', roles: 'any', request: () => ({ body: {} }) },
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
    request: (targetId) => ({ body: { staffId: targetId, roles: ['rewards'] } }),
  },
  {
    method: 'POST',
    path: '/api/staff/admin/SetDisabled',
    roles: ['admin'],
    request: (targetId) => ({ body: { staffId: targetId, disabled: true } }),
  },
  { method: 'GET', path: '/api/staff/admin/AuditLog', roles: ['admin'], request: () => ({ query: '?page=1' }) },
  { method: 'GET', path: '/api/staff/rewards/Orders', roles: ['rewards'], request: () => ({ query: '?status=pending&page=1' }) },
  {
    method: 'POST',
    path: '/api/staff/rewards/FulfilOrder',
    roles: ['rewards'],
    request: (_targetId, orderId) => ({ body: { orderId, code: 'GIFT-1234' } }),
  },
  {
    method: 'POST',
    path: '/api/staff/rewards/RejectOrder',
    roles: ['rewards'],
    request: (_targetId, orderId) => ({ body: { orderId, reason: 'Out of stock' } }),
  },
  {
    method: 'POST',
    path: '/api/staff/check-in/Scan',
    roles: ['site-staff'],
    prepare: async () => ({ body: { token: (await bookingToday()).token } }),
  },
  { method: 'GET', path: '/api/staff/check-in/Search', roles: ['site-staff'], request: () => ({ query: '?name=Factory' }) },
  {
    method: 'POST',
    path: '/api/staff/check-in/MarkAttended',
    roles: ['site-staff'],
    prepare: async () => ({ body: { bookingId: (await bookingToday()).booking.id } }),
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
    prepare: async () => ({ body: { version: (await loyaltyVersions()).drawing, goldCardCost: 100, goldCardPrize: '$25 e-gift card' } }),
  },
];

/** The loyalty settings' versions as they are now, for a save that is not stale. */
async function loyaltyVersions() {
  const [day] = await db().select({ version: dailyRewardDays.version }).from(dailyRewardDays).limit(1);
  const [events] = await db().select().from(eventSettings).limit(1);
  return { calendar: day?.version ?? 0, wheel: events?.wheelVersion ?? 0, drawing: events?.drawingVersion ?? 0 };
}

/** The public staff calls (login and set-up): outside the scope on purpose. */
const PUBLIC_STAFF_ROUTES = [
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

describe('the staff route table', () => {
  it('lists every staff route the app serves', () => {
    const table = testApp.app.printRoutes({ commonPrefix: false });
    const served = [...table.matchAll(/(\/api\/staff\/\S*) \(([^)]+)\)/g)]
      .flatMap(([, path, methods]) => methods!.split(', ').map((method) => `${method} ${path}`))
      .filter(
        (route) =>
          !route.startsWith('HEAD ') &&
          !PUBLIC_STAFF_ROUTES.some((path) => route.endsWith(` ${path.toLowerCase()}`) || route.endsWith(` ${path}`)),
      );
    const listed = STAFF_ROUTE_TABLE.map((route) => `${route.method} ${route.path}`);
    expect(served.map((route) => route.toLowerCase()).sort()).toEqual(listed.map((route) => route.toLowerCase()).sort());
  });

  for (const route of STAFF_ROUTE_TABLE) {
    for (const caller of CALLERS) {
      const admitted = caller.kind === 'role' && staffRouteAdmits(route.roles, [caller.role]);
      it(`${route.method} ${route.path} with ${callerName(caller)}: ${admitted ? 'answered' : 'refused'}`, async () => {
        const { staff: target } = await createStaffMember(db(), { roles: ['recruiter'] });
        let cookie: string | undefined;
        let callerId: string | undefined;
        if (caller.kind === 'role') {
          const { staff } = await createStaffMember(db(), { roles: [caller.role] });
          callerId = staff.id;
          cookie = await staffCookieFor(db(), staff.id);
        } else if (caller.kind === 'tester') {
          cookie = (await createLoggedInTester(db())).cookie;
        }
        const request = route.prepare
          ? await route.prepare()
          : (route.request?.(target.id, route.path.includes('/rewards/') ? await pendingOrder() : 0) ?? {});
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
        if (route.method !== 'GET') {
          expect(answer.json()).toMatchObject({ status: 'succeed' });
          const rows = await db()
            .select()
            .from(staffAuditLog)
            .where(and(eq(staffAuditLog.staffId, callerId!), gte(staffAuditLog.at, since)));
          expect(rows.length, `${route.path} wrote no audit row`).toBeGreaterThanOrEqual(1);
        }
      });
    }
  }
});

describe('a staff session on the testers’ calls', () => {
  it('opens none of them: every other /api route answers a staff session exactly as it answers no session (401 for the portal)', async () => {
    const { staff } = await createStaffMember(db(), { roles: [...STAFF_ROLES] });
    const cookie = await staffCookieFor(db(), staff.id);
    const table = testApp.app.printRoutes({ commonPrefix: false });
    const routes = [...table.matchAll(/(\/api\/\S*) \(([^)]+)\)/g)]
      .flatMap(([, path, methods]) => methods!.split(', ').map((method) => ({ method, path: path! })))
      .filter((route) => (route.method === 'GET' || route.method === 'POST') && !/^\/api\/(staff|test-support|docs)/i.test(route.path));
    expect(routes.length).toBeGreaterThan(50);
    let refused = 0;
    for (const route of routes) {
      const call = (headers: Record<string, string>) =>
        testApp.app.inject({
          method: route.method as 'GET' | 'POST',
          url: route.path,
          headers: { ...headers, ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          ...(route.method === 'POST' ? { payload: '{}' } : {}),
        });
      const anonymous = await call({});
      const withStaff = await call({ cookie });
      expect(withStaff.statusCode, `${route.method} ${route.path}`).toBe(anonymous.statusCode);
      if (withStaff.statusCode === 401) refused += 1;
    }
    // The portal's calls that need no body (those with one answer 400 to {} before the session is checked, alike both ways).
    expect(refused).toBeGreaterThan(25);
  });
});
