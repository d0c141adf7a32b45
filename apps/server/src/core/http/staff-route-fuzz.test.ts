import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@testerhub/shared/api-errors';
import { OUR_PAGE } from '../../../test/account-helpers.ts';
import { FUZZ_SEED, fuzzRuns, readApiRoutes, requestFor, sendFuzzed, type Route } from '../../../test/route-fuzz.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';

/**
 * Property: every staff console route, called with a signed-in admin's session (admins are admitted
 * everywhere, decision 049) and the testers' fuzz generator (test/route-fuzz.ts), never answers
 * 5xx; every refusal is JSON in the contract's shape (GUIDE section 3), a 400 naming the field; and
 * a JSON body that is not an object, sent to a route whose body has fields, is refused with 400
 * (decision 062). The routes are read from the app, so a new staff route is fuzzed without a change here.
 */

/** Runs per route and method: about 60 staff routes, some 1,200 requests (FUZZ_RUNS=n for a deeper local run). */
const RUNS_PER_ROUTE = fuzzRuns(20);
/** The server's body limit (decision 013): a larger body is 413, not 400. */
const BODY_LIMIT = 100 * 1024;

let routes: Route[];
let adminCookie: string;

const testApp = useTestApp({ env: { LOGIN_ATTEMPTS_PER_WINDOW: '100000', STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const newAdminCookie = async () => {
  const { staff } = await createStaffMember(testApp.database.db, { roles: ['admin'] });
  return staffCookieFor(testApp.database.db, staff.id);
};

beforeAll(async () => {
  routes = (await readApiRoutes(testApp.app)).filter((route) => route.path.startsWith('/api/staff/'));
  adminCookie = await newAdminCookie();
});

/** The body as the server parses it, or undefined when it is not JSON at all. */
function parsedBody(payload: string | undefined): unknown {
  try {
    return payload === undefined ? undefined : JSON.parse(payload);
  } catch {
    return undefined;
  }
}

describe('every staff route under generated input, as an admin', () => {
  it('reads the staff console routes from the app', () => {
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    expect(paths).toEqual(
      expect.arrayContaining(['GET /api/staff/me', 'POST /api/staff/admin/setroles', 'POST /api/staff/studies/savestudy']),
    );
    expect(routes.length).toBeGreaterThan(40);
  });

  it('never answers 5xx, refuses in the contract shape, and refuses a body that is not an object with 400', async () => {
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestFor(route, { reachHandlers: true }), async (request) => {
          // Logging out would end the shared session: that run gets a session of its own.
          const cookie = route.path === '/api/staff/logout' ? await newAdminCookie() : adminCookie;
          const { response, payload, hasBody, described } = await sendFuzzed(testApp.app, route, request, cookie);
          const context = `${described}\n${response.body.slice(0, 500)}`;
          expect(response.statusCode, context).toBeLessThan(500);
          // A HEAD answer has no body to check.
          if (response.statusCode >= 400 && route.method !== 'HEAD') {
            expect(response.headers['content-type'], context).toMatch(/^application\/json/);
            const error = apiErrorSchema.safeParse(parsedBody(response.body));
            expect(error.success, context).toBe(true);
            expect(error.data?.statusCode, context).toBe(response.statusCode);
            expect(error.data?.message, context).not.toBe('');
            if (response.statusCode === 400) expect(error.data?.field, context).toBeTruthy();
          }
          const json = request.contentType?.startsWith('application/json');
          const body = parsedBody(payload);
          const notAnObject = typeof body !== 'object' || body === null || Array.isArray(body);
          if (hasBody && json && route.fields.length > 0 && notAnObject && (payload?.length ?? 0) <= BODY_LIMIT) {
            expect(response.statusCode, context).toBe(400);
          }
        }),
        { seed: FUZZ_SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
  }, 300_000);

  // What this fuzzing found, kept as plain cases: each answered 500 before its fix.
  it('refuses a booking number larger than the integer column holds with 400 naming it (MarkAttended)', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/staff/check-in/MarkAttended',
      payload: { bookingId: 4_234_835_329_242_470 },
      headers: { ...OUR_PAGE, cookie: adminCookie },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ statusCode: 400, field: 'bookingId' });
  });
});
