import { randomInt } from 'node:crypto';
import { formatTime } from '@testerhub/shared/schedule-format';
import { instantToWallClock, wallClockToInstant } from '@testerhub/shared/wall-clock';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { randomSuffix } from './support/accounts';
import { startToday } from './support/site-clock';
import { expectStaffPageSound, followStaffNav, openStaffConsole } from './support/staff';
import { bookGroup, createBooking, createGroup, createTester } from './support/test-support';

/**
 * Issue 29, the calendar of sessions (decisions 120 and 145), what staff-calendar.spec.ts leaves out:
 * a recruiter's week across all sites, each site's groups on its own clock with its zone named; site
 * staff's day view on a 360 px phone, one day's sessions only and kept in the address; and a group's
 * check-in count going from 0 to 1 when site staff mark a booked tester attended at the door, and
 * back to 0 when they undo it, read again on going back to the calendar. axe on every view.
 */

const STUDY = 24101;
const DAY = 24 * 3600_000;
const CHICAGO = { siteId: '00001', name: 'Chicago Test Center', zone: 'America/Chicago' };
const NEW_YORK = { siteId: '00003', name: 'New York Test Center', zone: 'America/New_York' };

/** A Chicago calendar day `days` ahead plus a random few weeks, so reruns rarely share a day. */
const dayAhead = (days: number) => instantToWallClock(new Date(Date.now() + (days + 7 * randomInt(0, 8)) * DAY), CHICAGO.zone).date;

/** YYYY-MM-DD arithmetic on calendar days (no zone: a day is a name). */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** Where `day` falls in its week, from 0 on Monday (the company’s weeks run Monday to Sunday). */
const weekdayIndex = (day: string) => (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;

/** 'Monday, February 15, 2027', as the calendar names a day. */
const dayName = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A two-hour session from `start` (HH:MM) on `day` on the given zone's clock. */
function sessionAt(day: string, start: string, zone: string) {
  const startsAt = wallClockToInstant(day, start, zone);
  return { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 2 * 3600_000).toISOString() };
}

test('a recruiter’s week across all sites shows each site’s groups on its own clock, its zone named, with seats taken and free', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const day = dayAhead(45);
  const chicagoCell = `AC-${randomSuffix(5)}`;
  const newYorkCell = `AN-${randomSuffix(5)}`;
  // Both at 10:00 on their own site's clock: an hour apart as instants, the same time on each row.
  const chicago = await createGroup(request, {
    studyNo: STUDY,
    siteId: CHICAGO.siteId,
    color: 'Teal',
    cell: chicagoCell,
    seats: 3,
    sessions: [sessionAt(day, '10:00', CHICAGO.zone)],
  });
  const newYork = await createGroup(request, {
    studyNo: STUDY,
    siteId: NEW_YORK.siteId,
    color: 'Teal',
    cell: newYorkCell,
    seats: 2,
    sessions: [sessionAt(day, '10:00', NEW_YORK.zone)],
  });
  const [ana, ben, cy] = await Promise.all(
    ['Ana', 'Ben', 'Cy'].map((firstName) => createTester(request, { firstName, lastName: `Across${randomSuffix(4)}` })),
  );
  await bookGroup(request, { testerId: ana!.testerId, groupId: chicago.groupId });
  await bookGroup(request, { testerId: ben!.testerId, groupId: newYork.groupId });
  await bookGroup(request, { testerId: cy!.testerId, groupId: newYork.groupId });

  // From a browser in Tokyo: no time on the page may be the browser's.
  const { page } = await openStaffConsole(browser, baseURL!, request, {
    roles: ['recruiter'],
    viewport: { width: 1280, height: 900 },
    timezoneId: 'Asia/Tokyo',
  });
  await page.goto(`/staff/calendar?from=${day}&site=${CHICAGO.siteId}`);
  const grid = page.getByRole('table', { name: 'Sessions by site and day' });
  const siteRow = (site: typeof CHICAGO) =>
    grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(site.name) }) });
  await expect(siteRow(CHICAGO).getByTestId('calendar-session').filter({ hasText: chicagoCell })).toBeVisible();
  await expect(siteRow(NEW_YORK)).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Site' }).selectOption({ label: 'All sites' });
  await expect(page).not.toHaveURL(/site=/);
  for (const [site, cell, seats] of [
    [CHICAGO, chicagoCell, '1 of 3 seats taken · 2 free'],
    [NEW_YORK, newYorkCell, '2 of 2 seats taken · 0 free'],
  ] as const) {
    const row = siteRow(site);
    await expect(row.getByRole('rowheader')).toContainText(site.zone);
    // In the column of its day, at 10:00 on the site's clock.
    const item = row.getByRole('cell').nth(weekdayIndex(day)).getByTestId('calendar-session').filter({ hasText: cell });
    await expect(item).toContainText(`10:00 AM–12:00 PM`);
    await expect(item).toContainText(seats);
    await expect(item).toContainText('Checked in 0 · expected');
  }
  await expectNoAxeViolations(page);
});

test('site staff on a phone switch to one day: that day’s sessions only, and the address keeps the day', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ahead = dayAhead(40);
  const monday = addDays(ahead, -weekdayIndex(ahead));
  const tuesday = addDays(monday, 1);
  const mondayCell = `DM-${randomSuffix(5)}`;
  const tuesdayCell = `DT-${randomSuffix(5)}`;
  await createGroup(request, {
    studyNo: STUDY,
    color: 'Teal',
    cell: mondayCell,
    seats: 2,
    sessions: [sessionAt(monday, '10:00', CHICAGO.zone)],
  });
  await createGroup(request, {
    studyNo: STUDY,
    color: 'Teal',
    cell: tuesdayCell,
    seats: 2,
    sessions: [sessionAt(tuesday, '10:00', CHICAGO.zone)],
  });

  const { page } = await openStaffConsole(browser, baseURL!, request, { roles: ['site-staff'], siteIds: [CHICAGO.siteId] });
  await page.goto(`/staff/calendar?from=${monday}&site=${CHICAGO.siteId}`);
  // The week on a phone: both days' groups.
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(7);
  await expect(
    page
      .getByRole('region', { name: dayName(tuesday) })
      .getByTestId('calendar-session')
      .filter({ hasText: tuesdayCell }),
  ).toBeVisible();

  const sessionsShown = page.getByTestId('calendar-session');
  /** One day on screen: its heading, its group, not the other day's, and every session there links to that day's list. */
  const expectOnlyTheDay = async (day: string, cell: string, otherCell: string) => {
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(dayName(day));
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(1);
    await expect(sessionsShown.filter({ hasText: cell })).toBeVisible();
    await expect(sessionsShown.filter({ hasText: otherCell })).toHaveCount(0);
    for (const link of await sessionsShown.getByRole('link').all()) {
      await expect(link).toHaveAttribute('href', `/staff/calendar/day?date=${day}&site=${CHICAGO.siteId}`);
    }
  };

  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Day' });
  await expect(page).toHaveURL(new RegExp(`from=${monday}&view=day&site=${CHICAGO.siteId}`));
  await expectOnlyTheDay(monday, mondayCell, tuesdayCell);
  await expectStaffPageSound(page);

  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${tuesday}&view=day`));
  await expectOnlyTheDay(tuesday, tuesdayCell, mondayCell);

  // Reloaded (or shared): the same day, still the day view.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('day');
  await expectOnlyTheDay(tuesday, tuesdayCell, mondayCell);
  await expectStaffPageSound(page);
});

test('the calendar’s check-in count goes from 0 to 1 when site staff mark a booked tester attended at the door, and back when they undo it', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const lastName = `Count${randomSuffix(6)}`;
  const tester = await createTester(request, { firstName: 'Cleo', lastName });
  // A session that began a random 31 to 90 minutes ago (or begins as long from now, just past the site's
  // midnight): today at the site, and never at the minute of the other check-in tests' groups of this
  // study (startToday(30)), so its time names it.
  const startsAt = startToday(randomInt(31, 91));
  const booking = await createBooking(request, {
    testerId: tester.testerId,
    studyNo: STUDY,
    startsAt,
    siteId: CHICAGO.siteId,
    coOpCostCents: 4500,
  });
  const endsAt = new Date(Date.parse(booking.startsAt) + 3600_000).toISOString();

  const { page } = await openStaffConsole(browser, baseURL!, request, { roles: ['site-staff'], siteIds: [CHICAGO.siteId] });
  // Today on the site's clock: the server picks the day (decision 145).
  await page.goto(`/staff/calendar?view=day&site=${CHICAGO.siteId}`);
  const item = page
    .getByTestId('calendar-session')
    .filter({ hasText: `${formatTime(booking.startsAt, CHICAGO.zone)}–${formatTime(endsAt, CHICAGO.zone)}` })
    .filter({ hasText: `Study ${STUDY} · cell T` });
  await expect(item).toContainText('1 of 1 seats taken · 0 free');
  await expect(item).toContainText('Checked in 0 · expected 1');
  await expectStaffPageSound(page);

  await followStaffNav(page, 'Check-in');
  const card = page.getByRole('article', { name: `Cleo ${lastName}` });
  const findAtTheDoor = async () => {
    await page.getByLabel('Tester’s or child’s name').fill(`Cleo ${lastName}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(card).toBeVisible();
  };
  await findAtTheDoor();
  await card.getByRole('button', { name: 'Mark attended' }).click();
  await expect(card.getByTestId('check-in-status')).toHaveText('Checked in');

  // Back to the calendar, as site staff do between arrivals: the count the server now gives.
  await page.goBack();
  await expect(item).toContainText('Checked in 1');
  await expect(item).not.toContainText('expected');
  await expectStaffPageSound(page);

  // A mistaken check-in undone at the door (a booking control): back to 0, expected again.
  await page.goForward();
  await findAtTheDoor();
  const undo = card.getByRole('form', { name: `Undo Cleo ${lastName}’s check-in` });
  await undo.getByLabel('Reason').fill('Checked in the wrong Cleo');
  await undo.getByRole('button', { name: 'Undo check-in' }).click();
  await expect(card.getByTestId('check-in-status')).toHaveText('Expected');
  await page.goBack();
  await expect(item).toContainText('Checked in 0 · expected 1');
});
