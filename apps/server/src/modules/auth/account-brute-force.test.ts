import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@testerhub/shared/api-errors';
import { useTestApp } from '../../../test/test-app.ts';
import { CHANGE_ME, DEMO, login } from '../../../test/account-helpers.ts';
import { createFakeClock } from '../../core/clock.ts';

/**
 * Repeated wrong passwords for one account are refused with 429 before 100 attempts, and the
 * right password works for the owner once the window is over (issue 3, section 5). The window
 * is moved past on a fake clock, so a busy machine cannot stretch it; this file has its own app
 * so no other test shares the counters.
 */

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const ATTEMPTS_PER_WINDOW = 5;
const WINDOW_SECONDS = 900;

const clock = createFakeClock(Date.now());

const testApp = useTestApp({
  clock,
  env: { LOGIN_ATTEMPTS_PER_WINDOW: String(ATTEMPTS_PER_WINDOW), RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS) },
});

function expectTooMany(response: Awaited<ReturnType<typeof login>>) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = apiErrorSchema.parse(response.json());
  expect(body.statusCode).toBe(429);
  expect(body.message).toBe(TOO_MANY);
  expect(response.cookies.filter((cookie) => cookie.value)).toHaveLength(0);
}

describe('brute force on one account', () => {
  it('refuses repeated wrong passwords with 429 well before 100 attempts, refuses the right one during the block, and lets the owner in after the window', async () => {
    // Every attempt from a different address, as a spread-out attack would: the per-account limit must hold alone.
    let attempts = 0;
    let refused: Awaited<ReturnType<typeof login>> | undefined;
    while (attempts < 100) {
      attempts += 1;
      const response = await login(testApp.app, DEMO.username, `Wrong#Pass${attempts}`, { remoteAddress: `10.1.${attempts}.1` });
      if (response.statusCode === 429) {
        refused = response;
        break;
      }
      expect(response.json().status).toBe('failed');
    }
    expect(refused, 'no 429 within 100 attempts').toBeDefined();
    expectTooMany(refused!);
    expect(attempts).toBeLessThanOrEqual(ATTEMPTS_PER_WINDOW + 1);

    // The owner with the right password, from yet another address, while the block lasts; in another case too.
    expectTooMany(await login(testApp.app, DEMO.username, DEMO.password, { remoteAddress: '10.2.0.1' }));
    expectTooMany(await login(testApp.app, DEMO.username.toUpperCase(), DEMO.password, { remoteAddress: '10.2.0.2' }));
    // Another account is not blocked by it.
    expect((await login(testApp.app, CHANGE_ME.username, CHANGE_ME.password, { remoteAddress: '10.2.0.3' })).json().status).toBe(
      'changePassword',
    );

    clock.advance(WINDOW_SECONDS * 1000 + 1);
    const after = await login(testApp.app, DEMO.username, DEMO.password, { remoteAddress: '10.2.0.4' });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().status).toBe('succeed');
  });

  it('counts wrong passwords sent all at once: a burst of 100 in parallel is refused with 429 after the limit', async () => {
    const burst = 100;
    const responses = await Promise.all(
      Array.from({ length: burst }, (_, index) =>
        login(testApp.app, DEMO.username, `Wrong#Burst${index}`, { remoteAddress: `10.3.${index}.1` }),
      ),
    );
    const checked = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode === 429);
    for (const response of checked) expect(response.json().status).toBe('failed');
    for (const response of refused) expectTooMany(response);
    expect(checked.length + refused.length).toBe(burst);
    // Only the attempts the window allows may be checked against the password at all.
    expect(checked.length, `${checked.length} of ${burst} parallel wrong passwords were checked`).toBeLessThanOrEqual(ATTEMPTS_PER_WINDOW);
    expectTooMany(await login(testApp.app, DEMO.username, DEMO.password, { remoteAddress: '10.4.0.1' }));
    // While the limit lets every attempt through, each one costs an argon2 check: allow for that.
  }, 60_000);
});
