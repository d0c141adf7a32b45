import fs from 'node:fs';
import { randomInt } from 'node:crypto';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { randomSuffix } from './support/accounts';
import { expectStaffPageSound, followStaffNav, openStaffConsole } from './support/staff';
import { bookGroup, createGroup, createTester } from './support/test-support';

/**
 * Issue 29, the calendar of sessions (decision 120): a recruiter sees a week with a group's seats
 * taken and free on the Chicago site's clock; site staff of that site, on a 360 px phone, open the
 * list of the day, find a booked tester with their child, phone and the child's age, and download
 * the list as CSV. axe on every page.
 */

const STUDY = 24101;
const DAY = 24 * 3600_000;
const CHICAGO = 'America/Chicago';

/** The calendar day (YYYY-MM-DD) of an instant on the Chicago site's clock. */
const chicagoDay = (instant: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: CHICAGO, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));

/** A two-hour session `days` days ahead at a random five-minute mark (parallel runs do not overlap a tester's bookings). */
function session(days: number) {
  const fiveMinutes = 5 * 60_000;
  const startsAt = new Date(Math.floor((Date.now() + days * DAY) / fiveMinutes) * fiveMinutes + randomInt(0, 200) * fiveMinutes);
  return { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 2 * 3600_000).toISOString() };
}

test('a recruiter sees the week with each group’s seats taken and free, on the site’s clock', async ({ request, browser, baseURL }) => {
  test.setTimeout(120_000);
  const cell = `CW-${randomSuffix(5)}`;
  const times = session(20);
  const group = await createGroup(request, { studyNo: STUDY, color: 'Teal', cell, seats: 3, sessions: [times] });
  const tester = await createTester(request, { lastName: `Week${randomSuffix(4)}` });
  await bookGroup(request, { testerId: tester.testerId, groupId: group.groupId });

  const { page } = await openStaffConsole(browser, baseURL!, request, { roles: ['recruiter'], viewport: { width: 1280, height: 900 } });
  await followStaffNav(page, 'Calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await page.goto(`/staff/calendar?from=${chicagoDay(times.startsAt)}&site=00001`);
  const grid = page.getByRole('table', { name: 'Sessions by site and day' });
  await expect(grid.getByRole('rowheader', { name: /Chicago Test Center/ })).toContainText(CHICAGO);
  const item = grid.getByTestId('calendar-session').filter({ hasText: cell });
  await expect(item).toContainText('1 of 3 seats taken · 2 free');
  await expect(item).toContainText(`cell ${cell}, Teal · In person`);
  await expect(item.getByRole('link')).toHaveAttribute('href', `/staff/studies/${STUDY}/sessions`);
  await expectNoAxeViolations(page);
});

test('site staff on a phone open the list of the day, see a booked tester with their child, and download it as CSV', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const lastName = `Daylist${randomSuffix(5)}`;
  const times = session(3);
  const day = chicagoDay(times.startsAt);
  const group = await createGroup(request, { studyNo: STUDY, color: 'Teal', cell: `CD-${randomSuffix(5)}`, seats: 2, sessions: [times] });
  const phone = `312555${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  const parent = await createTester(request, { firstName: 'Paula', lastName, phone });
  // The child turns 8 on the day after the session: 7 on the list.
  const dayAfter = new Date(Date.parse(`${day}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
  const birthDate = `${Number(dayAfter.slice(0, 4)) - 8}${dayAfter.slice(4)}`;
  await bookGroup(request, { testerId: parent.testerId, groupId: group.groupId });
  await bookGroup(request, { testerId: parent.testerId, groupId: group.groupId, child: { firstName: 'Kit', lastName, birthDate } });

  const { page } = await openStaffConsole(browser, baseURL!, request, { roles: ['site-staff'], siteIds: ['00001'] });
  await page.goto(`/staff/calendar/day?date=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: 'List of the day' })).toBeVisible();
  const list = page.getByRole('table', { name: /^Chicago Test Center: / });
  const row = list.getByRole('row').filter({ hasText: `Paula ${lastName}` });
  await expect(row).toContainText(phone);
  await expect(row).toContainText(`Kit ${lastName} (7)`);
  await expect(row).toContainText('Booked');
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectStaffPageSound(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`day-list-00001-${day}.csv`);
  const lines = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(lines[0]).toBe('Time,Ends,Tester,Phone,Tester booked,Children,Study,Cell,Status');
  expect(lines.find((line) => line.includes(`Paula ${lastName}`))).toContain(`,Yes,Kit ${lastName} (7),`);

  // The calendar on the phone: the week as a list of days under headings, no sideways scroll.
  await followStaffNav(page, 'Calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expectStaffPageSound(page);
});
