import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@testerhub/shared/api-errors';
import { OUR_PAGE } from '../../../test/account-helpers.ts';
import { TESTER_FUZZ_PARTS, testerRouteFuzz } from '../../../test/route-fuzz-parts.ts';

/**
 * Property: no generated input makes any /api route answer 5xx (GUIDE section 6). The routes are
 * read from the app's own route table (test/route-fuzz.ts), so a new route is fuzzed without a
 * change here; each is called with and without a valid tester session, with arbitrary JSON, odd
 * strings (NUL, lone surrogates, huge), wrong types, raw text and query strings. A fixed seed keeps
 * it repeatable; half the bodies and queries follow the route's schema so that odd values reach the
 * handlers. The staff console's routes get the same with an admin's session in staff-route-fuzz.test.ts.
 *
 * About 40 routes and methods, 20 runs each: some 800 requests, split over this file and
 * route-fuzz-2.test.ts to route-fuzz-3.test.ts (test/route-fuzz-parts.ts), which run side by side.
 */

describe('every /api route under generated input', () => {
  const fuzz = testerRouteFuzz({ index: 1, count: TESTER_FUZZ_PARTS });

  it('reads a route table with the public and the portal calls, fuzzed by a file for each part', () => {
    const paths = fuzz.routes().map((route) => `${route.method} ${route.path}`);
    expect(paths).toEqual(
      expect.arrayContaining(['POST /api/account/login', 'GET /api/account/getpktesterinfo', 'POST /api/account/emailclicktrack']),
    );
    expect(fuzz.routes().length).toBeGreaterThan(30);
    for (let index = 2; index <= TESTER_FUZZ_PARTS; index++) {
      expect(fs.existsSync(new URL(`./route-fuzz-${index}.test.ts`, import.meta.url)), `route-fuzz-${index}.test.ts`).toBe(true);
    }
  });

  // What the schema-guided requests found (decision 062), kept as plain cases: each answered 500 before its fix.
  it.each(['/api/profile/SaveProfilePic', '/api/skill/GetDetailInfo', '/api/skill/SkillUp'])(
    'refuses an id larger than the integer column holds with 400 (%s)',
    async (url) => {
      const response = await fuzz.testApp.app.inject({
        method: 'POST',
        url,
        payload: '2830742441817303',
        headers: { ...OUR_PAGE, cookie: fuzz.session(), 'content-type': 'application/json' },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(apiErrorSchema.parse(response.json()).statusCode).toBe(400);
    },
  );
});
