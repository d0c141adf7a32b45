import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@testerhub/shared/staff-schemas';
import { servedRoutes } from '../../../../test/served-routes.ts';
import { createStaffMember, staffCookieFor } from '../../../../test/staff-helpers.ts';
import { PUBLIC_STAFF_ROUTES, STAFF_ROUTE_TABLE_PARTS, staffRouteTableCases } from '../../../../test/staff-route-table.ts';

/**
 * The staff scope's route table (issue 12, "What shows it is done"): every staff route against
 * every role, a tester session and no session, refused unless the route admits the role; every
 * state-changing staff call writes an audit row by its caller. A staff route missing from the
 * table (test/staff-route-table.ts) fails the first test, so a new route cannot go unchecked.
 * The cases run in parts: this file holds part 1, staff-route-table-2.test.ts to -4 the others.
 */

const { testApp, db, table } = staffRouteTableCases({ index: 1, count: STAFF_ROUTE_TABLE_PARTS });

describe('the staff route table', () => {
  it('lists every staff route the app serves, its cases checked by a file for each part', () => {
    const served = servedRoutes(testApp.app)
      .filter((route) => route.path.startsWith('/api/staff/'))
      .map(({ method, path }) => `${method} ${path}`)
      .filter(
        (route) =>
          !route.startsWith('HEAD ') &&
          !PUBLIC_STAFF_ROUTES.some((path) => route.endsWith(` ${path.toLowerCase()}`) || route.endsWith(` ${path}`)),
      );
    const listed = table.map((route) => `${route.method} ${route.path}`);
    expect(served.map((route) => route.toLowerCase()).sort()).toEqual(listed.map((route) => route.toLowerCase()).sort());
    for (let index = 2; index <= STAFF_ROUTE_TABLE_PARTS; index++) {
      expect(fs.existsSync(new URL(`./staff-route-table-${index}.test.ts`, import.meta.url)), `staff-route-table-${index}.test.ts`).toBe(
        true,
      );
    }
  });
});

describe('a staff session on the testers’ calls', () => {
  it('opens none of them: every other /api route answers a staff session exactly as it answers no session (401 for the portal)', async () => {
    const { staff } = await createStaffMember(db(), { roles: [...STAFF_ROLES] });
    const cookie = await staffCookieFor(db(), staff.id);
    const routes = servedRoutes(testApp.app)
      .filter((route) => route.path.startsWith('/api/'))
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
