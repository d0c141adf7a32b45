import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@testerhub/shared/api-errors';
import { OUR_PAGE } from '../../../test/account-helpers.ts';
import { STAFF_FUZZ_PARTS, staffRouteFuzz } from '../../../test/route-fuzz-parts.ts';

/**
 * Property: every staff console route, called with a signed-in admin's session (admins are admitted
 * everywhere, decision 049) and the testers' fuzz generator (test/route-fuzz.ts), never answers
 * 5xx; every refusal is JSON in the contract's shape (GUIDE section 3), a 400 naming the field; and
 * a JSON body that is not an object, sent to a route whose body has fields, is refused with 400
 * (decision 062). The routes are read from the app, so a new staff route is fuzzed without a change here.
 *
 * About 60 staff routes, 20 runs each: some 1,200 requests, split over this file and
 * staff-route-fuzz-2.test.ts to staff-route-fuzz-7.test.ts (test/route-fuzz-parts.ts), which run side by side.
 */

describe('every staff route under generated input, as an admin', () => {
  const fuzz = staffRouteFuzz({ index: 1, count: STAFF_FUZZ_PARTS });

  it('reads the staff console routes from the app, fuzzed by a file for each part', () => {
    const paths = fuzz.routes().map((route) => `${route.method} ${route.path}`);
    expect(paths).toEqual(
      expect.arrayContaining(['GET /api/staff/me', 'POST /api/staff/admin/setroles', 'POST /api/staff/studies/savestudy']),
    );
    expect(fuzz.routes().length).toBeGreaterThan(40);
    for (let index = 2; index <= STAFF_FUZZ_PARTS; index++) {
      expect(fs.existsSync(new URL(`./staff-route-fuzz-${index}.test.ts`, import.meta.url)), `staff-route-fuzz-${index}.test.ts`).toBe(
        true,
      );
    }
  });

  // What this fuzzing found, kept as plain cases: each answered 500 before its fix.
  it('refuses a booking number larger than the integer column holds with 400 naming it (MarkAttended)', async () => {
    const response = await fuzz.testApp.app.inject({
      method: 'POST',
      url: '/api/staff/check-in/MarkAttended',
      payload: { bookingId: 4_234_835_329_242_470 },
      headers: { ...OUR_PAGE, cookie: fuzz.adminCookie() },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ statusCode: 400, field: 'bookingId' });
  });
});
