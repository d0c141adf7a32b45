import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { BOOKING_CONTROL_TEXTS } from '@testerhub/shared/booking-control-schemas';
import { instantToWallClock, wallClockToInstant } from '@testerhub/shared/wall-clock';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { randomSuffix } from './support/accounts';
import { DAY, SITE_ZONE, startToday } from './support/site-clock';
import { openStaffConsole, PHONE } from './support/staff';
import { bookGroup, createBooking, createGroup, createTester } from './support/test-support';

/**
 * Issue 29, booking controls (decision 111), on a phone's 360 px: a recruiter opens a group's people
 * on the sessions page of the seeded cereal study (24101), is asked for a reason before anything
 * changes, cancels one tester's booking, moves another to a second group, seats a third by e-mail
 * address and marks them a no-show, then overbooks the full second group by one and seats the first
 * tester there. Each answer is read from the page; axe on every state.
 */

const STUDY = 24101;

const noHorizontalScroll = async (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/**
 * A two-hour session `days` days ahead on the Chicago site's clock, at a random five-minute mark from
 * 8:00 to 19:55 (so parallel runs do not overlap a tester's bookings). It ends the same day there: the
 * group form edits a session as one date with a start and an end, so one that crossed midnight would
 * read as ending before it starts, and the form would refuse to save the group at all.
 */
function session(days: number) {
  const date = instantToWallClock(new Date(Date.now() + days * DAY), SITE_ZONE).date;
  const minutes = 8 * 60 + randomInt(0, 144) * 5;
  const start = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const startsAt = wallClockToInstant(date, start, SITE_ZONE);
  return { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 2 * 3600_000).toISOString() };
}

test('a recruiter cancels, moves, seats, marks a no-show and overbooks from a group’s people, each with a reason', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const cellA = `BC-${randomSuffix(5)}`;
  const cellB = `BD-${randomSuffix(5)}`;
  const groupA = await createGroup(request, { studyNo: STUDY, color: 'Teal', cell: cellA, seats: 3, sessions: [session(30)] });
  await createGroup(request, { studyNo: STUDY, color: 'Teal', cell: cellB, seats: 1, sessions: [session(33)] });
  const [cara, milo, sia] = await Promise.all(
    ['Cara', 'Milo', 'Sia'].map((firstName) => createTester(request, { firstName, lastName: `Control${randomSuffix(4)}` })),
  );
  await bookGroup(request, { testerId: cara!.testerId, groupId: groupA.groupId });
  await bookGroup(request, { testerId: milo!.testerId, groupId: groupA.groupId });
  const name = (tester: typeof cara) => `${tester!.firstName} ${tester!.lastName}`;

  const { page: staff } = await openStaffConsole(browser, baseURL!, request, {
    roles: ['recruiter'],
    name: `Rui Recruiter ${randomSuffix()}`,
  });
  await staff.goto(`/staff/studies/${STUDY}/sessions`);
  const card = (cell: string) =>
    staff
      .getByTestId('session-groups')
      .getByRole('listitem')
      .filter({ has: staff.getByRole('heading', { level: 2, name: `Group ${cell} (Teal)` }) });
  await card(cellA)
    .getByRole('button', { name: `People in group ${cellA}` })
    .click();
  const people = card(cellA).getByRole('region', { name: `People in group ${cellA}` });
  await expect(people.getByTestId('group-people').getByRole('listitem')).toHaveCount(2);
  await expectNoAxeViolations(staff);
  await noHorizontalScroll(staff);

  // Nothing changes without a reason.
  await people.getByRole('button', { name: `Cancel ${name(cara)}’s booking` }).click();
  await expect(people.getByText(BOOKING_CONTROL_TEXTS.reasonRequired)).toBeVisible();
  await expect(people.getByLabel('Reason for the change')).toBeFocused();
  await expectNoAxeViolations(staff);

  // Cancel.
  await people.getByLabel('Reason for the change').fill('Called: cannot make it any more');
  await people.getByRole('button', { name: `Cancel ${name(cara)}’s booking` }).click();
  await expect(people.getByRole('status')).toHaveText(BOOKING_CONTROL_TEXTS.cancelled(name(cara)));
  await expect(people.getByRole('listitem').filter({ hasText: name(cara) })).toContainText('Cancelled');
  await expect(card(cellA).getByTestId('group-seats')).toHaveText('1 booked of 3');

  // Move to the other group's one seat.
  await people.getByLabel(`Move ${name(milo)} to`).selectOption({ label: `Group ${cellB}: 0 booked of 1` });
  await people.getByLabel('Reason for the change').fill('Asked for the later day');
  await people.getByRole('button', { name: `Move ${name(milo)}`, exact: true }).click();
  await expect(people.getByRole('status')).toHaveText(BOOKING_CONTROL_TEXTS.moved(name(milo)));
  await expect(card(cellB).getByTestId('group-seats')).toHaveText('1 booked of 1');

  // Seat a tester by e-mail address, then mark them a no-show (they called to say they will not come).
  const seat = people.getByRole('form', { name: `Seat a tester in group ${cellA}` });
  await seat.getByLabel('Seat a tester (e-mail address)').fill(sia!.email);
  await people.getByLabel('Reason for the change').fill('Client asked for her');
  await seat.getByRole('button', { name: 'Seat tester' }).click();
  await expect(people.getByRole('status')).toHaveText(BOOKING_CONTROL_TEXTS.seated(name(sia)));
  await people.getByLabel('Reason for the change').fill('Phoned: ill');
  await people.getByRole('button', { name: `Mark ${name(sia)} a no-show` }).click();
  await expect(people.getByRole('status')).toHaveText(BOOKING_CONTROL_TEXTS.noShowMarked(name(sia)));
  await expect(people.getByRole('listitem').filter({ hasText: name(sia) })).toContainText('No-show');
  await expectNoAxeViolations(staff);
  await noHorizontalScroll(staff);

  // Group B is full; overbooking it by one lets staff seat one more.
  await card(cellB)
    .getByRole('button', { name: `People in group ${cellB}` })
    .click();
  const peopleB = card(cellB).getByRole('region', { name: `People in group ${cellB}` });
  const seatB = peopleB.getByRole('form', { name: `Seat a tester in group ${cellB}` });
  await seatB.getByLabel('Seat a tester (e-mail address)').fill(cara!.email);
  await peopleB.getByLabel('Reason for the change').fill('Client wants one more');
  await seatB.getByRole('button', { name: 'Seat tester' }).click();
  await expect(peopleB.getByRole('alert')).toHaveText(BOOKING_CONTROL_TEXTS.groupFull);
  await card(cellB)
    .getByRole('button', { name: `Edit group ${cellB}` })
    .click();
  const form = card(cellB).getByRole('form', { name: `Edit group ${cellB}` });
  await form.getByLabel('Overbook (extra places only staff fill)').fill('1');
  await form.getByRole('button', { name: 'Save group' }).click();
  await expect(card(cellB).getByTestId('group-seats')).toHaveText('1 booked of 1 (+1 overbooked by staff)');
  await seatB.getByLabel('Seat a tester (e-mail address)').fill(cara!.email);
  await peopleB.getByLabel('Reason for the change').fill('Client wants one more');
  await seatB.getByRole('button', { name: 'Seat tester' }).click();
  await expect(peopleB.getByRole('status')).toHaveText(BOOKING_CONTROL_TEXTS.seated(name(cara)));
  await expect(card(cellB).getByTestId('group-seats')).toHaveText('2 booked of 1 (+1 overbooked by staff)');
  await expectNoAxeViolations(staff);
  await noHorizontalScroll(staff);
});

test('site staff at the door undo a mistaken check-in and mark a tester who phoned a no-show, each with a reason, at 360 px', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const lastName = `Door${randomSuffix(6)}`;
  const tester = await createTester(request, { firstName: 'Dora', lastName });
  // A session at the Chicago site that began half an hour ago (or begins in half an hour, just past its midnight).
  const startsAt = startToday(30);
  await createBooking(request, { testerId: tester.testerId, studyNo: 24101, startsAt, siteId: '00001', coOpCostCents: 4500 });

  const { page } = await openStaffConsole(browser, baseURL!, request, { roles: ['site-staff'], siteIds: ['00001'] });
  await page.goto('/staff/check-in');
  await page.getByLabel('Tester’s or child’s name').fill(`Dora ${lastName}`);
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.getByRole('article', { name: `Dora ${lastName}` });
  await card.getByRole('button', { name: 'Mark attended' }).click();
  await expect(card.getByTestId('check-in-status')).toHaveText('Checked in');

  // Undo needs a reason first.
  const undo = card.getByRole('form', { name: `Undo Dora ${lastName}’s check-in` });
  await undo.getByRole('button', { name: 'Undo check-in' }).click();
  await expect(undo.getByText(BOOKING_CONTROL_TEXTS.reasonRequired)).toBeVisible();
  await expectNoAxeViolations(page);
  await undo.getByLabel('Reason').fill('Checked in the wrong Dora');
  await undo.getByRole('button', { name: 'Undo check-in' }).click();
  await expect(page.getByRole('status')).toContainText(`Dora ${lastName}’s check-in is undone`);
  await expect(card.getByTestId('check-in-status')).toHaveText('Expected');

  // She phones: she will not come after all.
  const noShow = card.getByRole('form', { name: `Mark Dora ${lastName} a no-show` });
  await noShow.getByLabel('Reason').fill('Phoned: not coming');
  await noShow.getByRole('button', { name: 'Mark a no-show' }).click();
  await expect(page.getByRole('status')).toHaveText(BOOKING_CONTROL_TEXTS.noShowMarked(`Dora ${lastName}`));
  await expect(card.getByTestId('check-in-status')).toHaveText('No-show');
  await expectNoAxeViolations(page);
  await noHorizontalScroll(page);
});
