import { expect, test } from './fixtures';
import { clockBaseURL, setServerClock } from './support/server-clock';
import { createBooking } from './support/test-support';
import { expectStaffPageSound, openStaffConsole } from './support/staff';
import { lockServerClock } from './support/terms-lock';

/**
 * The staff dashboard (issue 12 section 6; decision 058): a tester booked today at the Chicago
 * site (today by the fake-clock listener's clock, which this spec sets) shows in that site's
 * sessions; once site staff mark the booking attended, the dashboard counts the check-in. The
 * weekly charts are tables a screen reader can read. axe, at 360 px.
 */

const chicagoTime = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/Chicago' });

test('the dashboard shows today’s session at the site and counts its check-in', async ({ browser, baseURL, request, testerSession }) => {
  // The clock's lock may be held by staff-chain.spec.ts or server-clock.spec.ts for a while.
  const started = Date.now();
  test.setTimeout(660_000);
  const unlockClock = await lockServerClock();
  test.setTimeout(Date.now() - started + 120_000);
  try {
    // An odd minute, so this session's line is told apart from other tests' sessions of its day.
    const startsAt = new Date(Math.floor((Date.now() - 17 * 60_000) / 60_000) * 60_000).toISOString();
    const { bookingId } = await createBooking(request, {
      testerId: testerSession.tester.testerId,
      studyNo: 24101,
      startsAt,
      siteId: '00001',
    });

    // "Today" is the site's day on the server's clock: the dashboard is read on the fake-clock listener
    // (decision 042) set a minute into the session, so the session is today's at any hour, even when it
    // began before the site's midnight.
    const clock = clockBaseURL();
    await setServerClock(request, new Date(Date.parse(startsAt) + 60_000).toISOString());
    const { page } = await openStaffConsole(browser, baseURL!, request, { roles: ['site-staff'], siteIds: ['00001'] });
    await page.goto(`${clock}/staff`);
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const chicago = page.getByRole('region', { name: /^Chicago Test Center: / });
    const mine = chicago
      .getByTestId('dashboard-session')
      .filter({ hasText: `${chicagoTime(startsAt)}–` })
      .filter({ hasText: 'study 24101' });
    await expect(mine).toContainText('Checked in 0 of 1');
    await expect(page.getByRole('table', { name: 'Sign-ups' }).getByRole('row')).toHaveCount(13);
    await expect(page.getByRole('table', { name: 'No-show rate' })).toBeVisible();
    await expectStaffPageSound(page);

    const marked = await page.request.post(`${clock}/api/staff/check-in/MarkAttended`, {
      data: { bookingId },
      headers: { 'x-requested-with': 'TesterHub' },
    });
    expect((await marked.json()).status).toBe('succeed');
    await page.reload();
    await expect(mine).toContainText('Checked in 1 of 1');
  } finally {
    unlockClock();
  }
});
