import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The server's second listener, on a clock the tests set (decision 042): the same process and
 * database as the suite's server (playwright.config.ts starts it with TEST_CLOCK_PORT), with the
 * test-support routes /api/test-support/clock and /api/test-support/scheduled-job. Setting its
 * clock moves no other test's time. One clock for the whole run: a spec uses this listener only
 * while it holds the clock's lock (lockServerClock in terms-lock.ts).
 */
export function clockBaseURL(): string {
  const port = process.env.E2E_CLOCK_PORT;
  if (!port) throw new Error('E2E_CLOCK_PORT is not set: run the tests with e2e/playwright.config.ts');
  return `http://127.0.0.1:${port}`;
}

function secretHeader(): Record<string, string> {
  const secret = process.env.E2E_TEST_SUPPORT_SECRET;
  if (!secret) throw new Error('E2E_TEST_SUPPORT_SECRET is not set: run the tests with e2e/playwright.config.ts');
  return { 'x-test-support-secret': secret };
}

/** Sets the listener's clock to `at` (an instant with its offset); answers it. */
export async function setServerClock(request: APIRequestContext, at: string): Promise<string> {
  const response = await request.post(`${clockBaseURL()}/api/test-support/clock`, { headers: secretHeader(), data: { at } });
  expect(response.status(), await response.text()).toBe(200);
  const { now } = (await response.json()) as { now: string };
  expect(now).toBe(new Date(at).toISOString());
  return now;
}

/** Moves the listener's clock on by `ms`; answers the new time. */
export async function advanceServerClock(request: APIRequestContext, ms: number): Promise<string> {
  const response = await request.post(`${clockBaseURL()}/api/test-support/clock`, { headers: secretHeader(), data: { advanceMs: ms } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { now: string }).now;
}

/**
 * Runs a scheduled job's own work (the function the job queue runs) at the listener's time. The
 * server refuses (409) in a minute the job's schedule does not fire; the answer says which.
 */
export async function runScheduledJob(
  request: APIRequestContext,
  name: string,
): Promise<{ status: 200; result: unknown } | { status: 409; message: string }> {
  const response = await request.post(`${clockBaseURL()}/api/test-support/scheduled-job`, { headers: secretHeader(), data: { name } });
  const body = (await response.json()) as { result?: unknown; message?: string };
  if (response.status() === 200) return { status: 200, result: body.result };
  expect(response.status(), JSON.stringify(body)).toBe(409);
  return { status: 409, message: body.message ?? '' };
}
