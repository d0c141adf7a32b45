import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { apiErrorSchema } from '@testerhub/shared/api-errors';
import { DEMO, loginCookie } from './account-helpers.ts';
import { FUZZ_SEED, fuzzRuns, readApiRoutes, requestFor, routesOfPart, sendFuzzed, type FuzzPart, type Route } from './route-fuzz.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from './staff-helpers.ts';
import { useTestApp } from './test-app.ts';

/**
 * The route fuzzing's properties, one part of the routes per test file (core/http/route-fuzz*.test.ts
 * for the testers' routes, core/http/staff-route-fuzz*.test.ts for the staff console's): every part
 * gets the same seed and runs per route, so the split changes which file sends a request, not which
 * requests are sent. The first file of each says what the property proves and checks that every part's file exists.
 */

/** How many files each fuzzing run is split into: each file about 3 to 4 s of one core on this machine. */
export const TESTER_FUZZ_PARTS = 3;
export const STAFF_FUZZ_PARTS = 7;

/** Runs per route and method (FUZZ_RUNS=n for a deeper local run). */
const RUNS_PER_ROUTE = fuzzRuns(20);
/** The server's body limit (decision 013): a larger body is 413, not 400. */
const BODY_LIMIT = 100 * 1024;

/** Every /api route with and without a tester's session: never a 5xx. Call inside a describe. */
export function testerRouteFuzz(part: FuzzPart) {
  let routes: Route[] = [];
  let session = '';
  // Limits high enough that the run tests input handling, not the 429s (which would be fine too).
  const testApp = useTestApp({ env: { LOGIN_ATTEMPTS_PER_WINDOW: '100000' } });
  beforeAll(async () => {
    routes = await readApiRoutes(testApp.app);
    session = await loginCookie(testApp.app, DEMO.username, DEMO.password);
  });

  it(`never answers 5xx (routes, part ${part.index} of ${part.count})`, async () => {
    for (const route of routesOfPart(routes, part)) {
      await fc.assert(
        fc.asyncProperty(requestFor(route, { reachHandlers: true }), async (request) => {
          // Logging out would end the shared session: that run gets a session of its own.
          const cookie = request.withSession
            ? route.path === '/api/account/logout'
              ? await loginCookie(testApp.app, DEMO.username, DEMO.password)
              : session
            : undefined;
          const { response, described } = await sendFuzzed(testApp.app, route, request, cookie);
          expect(response.statusCode, `${described}\n${response.body}`).toBeLessThan(500);
        }),
        { seed: FUZZ_SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
  }, 300_000);

  return { testApp, routes: () => routes, session: () => session };
}

/**
 * Every staff console route with a signed-in admin's session: never a 5xx, every refusal JSON in the
 * contract's shape, a 400 naming the field, and a body that is not an object refused with 400.
 */
export function staffRouteFuzz(part: FuzzPart) {
  let routes: Route[] = [];
  let adminCookie = '';
  const testApp = useTestApp({ env: { LOGIN_ATTEMPTS_PER_WINDOW: '100000', STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
  const newAdminCookie = async () => {
    const { staff } = await createStaffMember(testApp.database.db, { roles: ['admin'] });
    return staffCookieFor(testApp.database.db, staff.id);
  };
  beforeAll(async () => {
    routes = (await readApiRoutes(testApp.app)).filter((route) => route.path.startsWith('/api/staff/'));
    adminCookie = await newAdminCookie();
  });

  it(`never answers 5xx, refuses in the contract shape, and refuses a body that is not an object with 400 (routes, part ${part.index} of ${part.count})`, async () => {
    for (const route of routesOfPart(routes, part)) {
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

  return { testApp, routes: () => routes, adminCookie: () => adminCookie };
}

/** The body as the server parses it, or undefined when it is not JSON at all. */
function parsedBody(payload: string | undefined): unknown {
  try {
    return payload === undefined ? undefined : JSON.parse(payload);
  } catch {
    return undefined;
  }
}
