import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { formatMoment, formatSession } from '@testerhub/shared/schedule-format';
import { SESSION_ADMIN_TEXTS, type StaffGroupsResponse } from '@testerhub/shared/session-admin-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { randomSuffix } from './support/accounts';
import { openStaffConsole, PHONE } from './support/staff';
import { bookGroup, createGroup, createTester } from './support/test-support';
import { readApi } from './support/api-read';

/**
 * Issue 12 section 2 (decision 051): a recruiter adds a session group to the seeded cereal study
 * (24101) by its address; a tester in a second browser context passes the study's screener and books
 * the group in the portal; a second tester takes the other seat; the recruiter cannot lower the
 * seats below the two bookings (the clear message), raises them instead, sees the bookings and the
 * answers on the results page, and downloads the CSV, whose content is checked. axe; 360 px.
 */

const STUDY = 24101;
const STUDY_NAME = 'Breakfast cereal taste test, 90 minutes, $60';
const SITE_ZONE = 'America/Chicago';
const DAY = 24 * 3600_000;

/** A date 20 to 40 days ahead on the Chicago clock and a start at a random five-minute mark between 8:00 and 17:55. */
function ownSlot() {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + randomInt(20, 41) * DAY),
  );
  const minutes = 8 * 60 + randomInt(0, 120) * 5;
  const clock = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  return { date, start: clock(minutes), end: clock(minutes + 90) };
}

const noHorizontalScroll = async (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

test('a recruiter adds a group, a tester books it, the seats stay above the bookings, and the results and CSV show them @postgres', async ({
  loggedInPage: tester,
  testerSession,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const cell = `E2E-${randomSuffix(5)}`;
  const slot = ownSlot();

  // The recruiter opens the study's sessions page by its address.
  const { page: staff } = await openStaffConsole(browser, baseURL!, request, {
    roles: ['recruiter'],
    name: `Rae Recruiter ${randomSuffix()}`,
  });
  await staff.goto(`/staff/studies/${STUDY}/sessions`);
  await expect(staff.getByRole('heading', { level: 1, name: `Sessions: ${STUDY_NAME}` })).toBeVisible();
  await expectNoAxeViolations(staff);
  await noHorizontalScroll(staff);

  // Adds a group of two seats; a missing field is named first.
  await staff.getByRole('button', { name: 'Add a session group' }).click();
  const form = staff.getByRole('form', { name: 'Add a session group' });
  await form.getByLabel('Test site').selectOption({ label: 'Chicago Test Center' });
  await form.getByLabel('Colour').fill('Orange');
  await form.getByRole('button', { name: 'Add group' }).click();
  await expect(form.getByText(SESSION_ADMIN_TEXTS.cellRequired)).toBeVisible();
  await form.getByLabel('Cell').fill(cell);
  await form.getByLabel('Compensation (US$, all days)').fill('60');
  await form.getByLabel('Seats').fill('2');
  await form.getByLabel('Day 1 date').fill(slot.date);
  await form.getByLabel('Day 1 starts').fill(slot.start);
  await form.getByLabel('Day 1 ends').fill(slot.end);
  await expectNoAxeViolations(staff);
  await noHorizontalScroll(staff);
  await form.getByRole('button', { name: 'Add group' }).click();
  await expect(staff.getByRole('status')).toContainText(SESSION_ADMIN_TEXTS.created);
  const card = staff
    .getByTestId('session-groups')
    .getByRole('listitem')
    .filter({ has: staff.getByRole('heading', { name: `Group ${cell} (Orange)` }) });
  await expect(card.getByTestId('group-seats')).toHaveText('0 booked of 2');
  await expect(card).toContainText('$60');

  // The tester passes the cereal screener in the portal and books the group's time.
  await tester.goto(`/community/main/screener/${STUDY}`);
  await tester.getByRole('radio', { name: 'Every day' }).check();
  await tester.getByRole('button', { name: 'Next', exact: true }).click();
  await tester.getByRole('checkbox', { name: 'Flakes' }).check();
  await tester.getByRole('checkbox', { name: 'Granola' }).check();
  await tester.getByRole('button', { name: 'Next', exact: true }).click();
  await tester.getByRole('spinbutton', { name: /How many people live in your household\?/ }).fill('3');
  await tester.getByRole('button', { name: 'Next', exact: true }).click();
  await tester.getByRole('radio', { name: 'No' }).check();
  await tester.getByRole('button', { name: 'Next', exact: true }).click();
  await tester.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(tester).toHaveURL(/\/community\/main\/schedule\/self\?s=/);
  const groups = await readApi<StaffGroupsResponse>(staff.request, `/api/staff/sessions/Groups?studyNo=${STUDY}`);
  const ours = groups.groups.find((group) => group.cell === cell)!;
  const session = ours.sessions[0]!;
  await tester.getByRole('radio', { name: `Select ${formatSession(session.startsAt, session.endsAt, SITE_ZONE)}`, exact: true }).check();
  await tester.getByRole('button', { name: 'Schedule Me' }).click();
  await expect(tester.getByRole('dialog').getByRole('heading', { name: /Task complete|Level up!/ })).toBeVisible();
  await tester.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(tester).toHaveURL('/community/main/schedule/check');

  // A second tester takes the other seat.
  const other = await createTester(request, { firstName: 'Otto', lastName: `Second${randomSuffix(4)}` });
  await bookGroup(request, { testerId: other.testerId, groupId: ours.groupId });

  // The recruiter cannot lower the seats below the two bookings, and raises them instead.
  await staff.reload();
  await expect(card.getByTestId('group-seats')).toHaveText('2 booked of 2');
  await card.getByRole('button', { name: `Edit group ${cell}` }).click();
  const edit = card.getByRole('form', { name: `Edit group ${cell}` });
  await edit.getByLabel('Seats').fill('1');
  await edit.getByRole('button', { name: 'Save group' }).click();
  await expect(edit.getByText(SESSION_ADMIN_TEXTS.seatsBelowBookings(2))).toBeVisible();
  await expect(edit.getByLabel('Seats')).toBeFocused();
  await expectNoAxeViolations(staff);
  await noHorizontalScroll(staff);
  await edit.getByLabel('Seats').fill('3');
  await edit.getByRole('button', { name: 'Save group' }).click();
  await expect(staff.getByRole('status')).toContainText(`Group ${cell}: ${SESSION_ADMIN_TEXTS.updated}`);
  await expect(card.getByTestId('group-seats')).toHaveText('2 booked of 3');

  // The results: the tester's answers and both bookings of the group.
  await card.getByRole('button', { name: `Close group ${cell}` }).click();
  await expect(card.getByTestId('group-status')).toHaveText('Closed');
  await staff.getByRole('link', { name: 'Screener results, waiting list and bookings' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Results: ${STUDY_NAME}` })).toBeVisible();
  const { firstName, lastName, username } = testerSession.tester;
  const screening = staff.getByTestId('screenings').getByRole('listitem').filter({ hasText: username });
  await expect(screening).toContainText(`${firstName} ${lastName}`);
  await expect(screening).toContainText('Qualified');
  await expect(screening).toContainText('Every day');
  await expect(screening).toContainText('Flakes; Granola');
  const booked = staff
    .getByTestId('group-bookings')
    .filter({ has: staff.getByRole('heading', { name: new RegExp(`^Group ${cell} \\(Orange\\)`) }) });
  await expect(booked).toContainText('2 booked of 3 seats');
  await expect(booked.getByRole('listitem').filter({ hasText: username })).toContainText('Booked');
  await expect(booked.getByRole('listitem').filter({ hasText: other.username })).toContainText('Booked');
  await expectNoAxeViolations(staff);
  await noHorizontalScroll(staff);

  // The CSV: a download named with the study, holding the answers and the booking.
  const [download] = await Promise.all([
    staff.waitForEvent('download'),
    staff.getByRole('link', { name: 'Download answers and bookings (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^study-${STUDY}-results-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const records = csv.split('\r\n');
  expect(records[0]).toMatch(/^Tester,Username,Child,Screener outcome,Screener started \(UTC\),Screener completed \(UTC\),/);
  expect(records[0]).toContain('How many people live in your household?');
  const row = records.find((record) => record.includes(username))!;
  expect(row).toContain(`${firstName} ${lastName},${username},,Qualified,`);
  expect(row).toContain('Every day');
  expect(row).toContain('Flakes; Granola');
  expect(row).toContain(`,Booked,`);
  expect(row).toContain(`,${cell},Orange,Chicago Test Center,${slot.date} ${slot.start} ${SITE_ZONE}`);
  expect(records.find((record) => record.includes(other.username))).toContain('Not screened here');
});

test('the recruiter sees when each open group stops taking bookings, and "Booking closed" for one starting within 24 hours (issue 29)', async ({
  request,
  browser,
  baseURL,
}) => {
  const HOUR = 3600_000;
  const at = (hours: number) => Math.floor((Date.now() + hours * HOUR) / (5 * 60_000)) * 5 * 60_000 + randomInt(0, 12) * 5 * 60_000;
  const session = (start: number) => ({ startsAt: new Date(start).toISOString(), endsAt: new Date(start + 90 * 60_000).toISOString() });
  const soonCell = `E2E-${randomSuffix(5)}`;
  const laterCell = `E2E-${randomSuffix(5)}`;
  const soon = await createGroup(request, { studyNo: STUDY, color: 'Teal', cell: soonCell, seats: 4, sessions: [session(at(6))] });
  const later = await createGroup(request, { studyNo: STUDY, color: 'Teal', cell: laterCell, seats: 4, sessions: [session(at(24 * 25))] });
  const closesAt = (group: { sessions: { startsAt: string }[] }) =>
    formatMoment(new Date(Date.parse(group.sessions[0]!.startsAt) - 24 * HOUR).toISOString(), SITE_ZONE);

  const { page: staff } = await openStaffConsole(browser, baseURL!, request, {
    roles: ['recruiter'],
    name: `Rae Recruiter ${randomSuffix()}`,
  });
  await staff.goto(`/staff/studies/${STUDY}/sessions`);
  await expect(staff.getByRole('heading', { level: 1, name: `Sessions: ${STUDY_NAME}` })).toBeVisible();
  const cardOf = (cell: string) =>
    staff
      .getByTestId('session-groups')
      .getByRole('listitem')
      .filter({ has: staff.getByRole('heading', { name: `Group ${cell} (Teal)` }) });
  await expect(cardOf(soonCell).getByTestId('group-status')).toHaveText('Open');
  await expect(cardOf(soonCell).getByTestId('group-booking-window')).toHaveText(`Booking closed (since ${closesAt(soon)})`);
  await expect(cardOf(laterCell).getByTestId('group-booking-window')).toHaveText(`Testers can book until ${closesAt(later)}`);
  await expectNoAxeViolations(staff);

  // Closed by the recruiter: the group takes no bookings anyway, so no time is shown.
  await cardOf(laterCell)
    .getByRole('button', { name: `Close group ${laterCell}` })
    .click();
  await expect(cardOf(laterCell).getByTestId('group-status')).toHaveText('Closed');
  await expect(cardOf(laterCell).getByTestId('group-booking-window')).toHaveCount(0);
});
