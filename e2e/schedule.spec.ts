import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { escapeRegExp } from './support/accounts';
import { decodeQr } from './support/qr';
import {
  addSessionCookie,
  bookGroup,
  createBooking,
  createGroup,
  createTester,
  startSession,
  type GroupFields,
  type SupportGroup,
} from './support/test-support';
import { DAY, MINUTE, ordinal, siteDate, siteMoment, siteSession, siteTime, slot } from './support/site-clock';

/**
 * Issue 10, section 3: the schedule check, change and cancel pages in Chromium on the production
 * build, against the real server and database. Each test makes its own tester and its own session
 * groups (test support) in a study of its own where it can, so the change page's tables of parallel
 * tests do not meet. Expected dates are computed here from the instants with Intl in the test
 * site's zone, never the machine's.
 */

/** The seeded studies' descriptions (studies-seed.ts): the name a booking goes by on the schedule pages. */
const NAME = {
  24101: 'Breakfast cereal taste test, 90 minutes, $60',
  24102: 'Sparkling water focus group, 2 hours, $90',
  24103: 'Take-home hair care study, 2 weeks, $75 gift card',
  24104: 'Parent and child snack test (ages 6-12), 1 hour, $50 each',
  24105: 'Coffee maker usage study, 3 visits, $150 (waiting list)',
  24106: 'Online screener: household cleaning habits, 10 minutes',
  24107: 'Online survey: streaming habits, 15 minutes (opens our survey partner)',
  24108: 'Frozen pizza taste test, 1 hour, $45 (all places taken)',
  24109: 'Holiday cookie taste test, 1 hour, $40 (closed)',
} as const;

const CHECK = '/community/main/schedule/check';
const CHANGE = '/community/main/schedule/change';
const SCREENER_LIST = '/community/main/screener';
const CHICAGO_SITE = 'Chicago Test Center, 200 W Monroe St, Suite 1200, Chicago, IL 60606';
const DALLAS_SITE = 'Dallas Test Center, 5000 Legacy Dr, Suite 300, Plano, TX 75024';
const SUPPORT = '(800) 555-0142';

/** Spec 3's texts (Schedule check, Schedule change, section 8), with the configured 24-hour window (decision 022). */
const TEXTS = {
  nothing: 'Nothing currently scheduled',
  cancelQuestion: 'Are you sure you want to cancel? Doing so will clear your schedule and you will not be able to reschedule these dates.',
  cancel101: 'Cancel schedule Failed - 101',
  cancel101Text: `Changes and cancellations must be made at least 24 hours before testing. Please call Tester Services at ${SUPPORT} (Monday to Friday, 9am-5pm CST).`,
  insideWindow: `This session is less than 24 hours away: to change or cancel it, please call Tester Services at ${SUPPORT}.`,
  notice: `Changes and cancellations must be made at least 24 hours before your session. After that, please call Tester Services at ${SUPPORT}.`,
  changed: 'Schedule Changed',
  changedText: 'Your schedule has been changed. We have e-mailed you the new dates.',
  unavailable: 'Study Schedule Unavailable',
  unavailableText: 'The time you selected is no longer available. Please check the updated list and choose another time.',
  cancel102: 'Cancel schedule Failed - 102',
  cancel102Text: 'Your e-mail address is invalid. Please update it under My Account, Change Contact Info, and try again.',
  invalidEmail: 'Invalid Email Address',
  invalidEmailText: 'Please update your e-mail address under My Account, Change Contact Info.',
} as const;

/** A logged-in tester whose e-mail address the site refuses (no domain dot): cancel answers 102, change changeEmailAddress. */
async function logInWithBadEmail(page: Page, request: APIRequestContext, baseURL: string | undefined) {
  const tester = await createTester(request, { email: `nobody${randomInt(1e9)}@localhost` });
  await addSessionCookie(page.context(), baseURL!, await startSession(request, { testerId: tester.testerId }));
  return tester;
}

/** An evening session in Chicago, `days` ahead, that is already the next day in UTC (01:30 UTC is 7:30 or 8:30 PM there). */
function eveningSlot(days: number, minutes: number) {
  const day = new Date(Date.now() + days * DAY);
  const start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 1, 30);
  return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + minutes * MINUTE).toISOString() };
}

interface Stamp {
  studyNo: number;
  groupId: string;
  scheduleStamp: string;
  checkInToken: string;
}

/** GET /api/schedule/GetCurrentSchedule as the page's tester (the context's cookie). */
async function currentSchedule(page: Page): Promise<Stamp[]> {
  const response = await page.request.get('/api/schedule/GetCurrentSchedule');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { status: string; scheduleStamps: Stamp[]; noticeHours: number };
  expect(body.noticeHours).toBe(24);
  return body.scheduleStamps;
}

/** A group made for this test and the tester booked into it. */
async function bookedGroup(request: APIRequestContext, testerId: string, fields: GroupFields): Promise<SupportGroup> {
  const group = await createGroup(request, { seats: 4, ...fields });
  await bookGroup(request, { testerId, groupId: group.groupId });
  return group;
}

async function openCheck(page: Page) {
  await page.goto(CHECK);
  await expect(page.getByRole('heading', { level: 1, name: 'My schedule' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'My schedule' })).toHaveAttribute('aria-busy', 'false');
}

const bookingCard = (page: Page, name: string) =>
  page.getByTestId('booking-card').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

const cancelDialog = (page: Page) => page.getByRole('dialog', { name: 'Cancel Schedule', exact: true });

test.describe('the schedule check', () => {
  // The browser reads the page from the far side of the date line: the times must still be the site's.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('shows each booking: location, colour, site-zone times, compensation, Day n of m, pick-up dates, and a QR code of its check-in token', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    const testerId = testerSession.tester.testerId;
    const inPerson = await bookedGroup(request, testerId, {
      studyNo: 24101,
      color: 'Purple',
      coOpCostCents: 6550,
      sessions: [eveningSlot(20, 90)],
    });
    const evening = inPerson.sessions[0]!;
    // The UTC date is not the site's date: a page that showed UTC, or the browser's zone, would be caught.
    expect(siteDate(evening.startsAt)).not.toContain(`${ordinal(new Date(evening.startsAt).getUTCDate())},`);
    expect(siteTime(evening.startsAt)).toMatch(/^[78]:30 PM$/);
    const multiDay = await bookedGroup(request, testerId, {
      studyNo: 24105,
      color: 'Red',
      coOpCostCents: 15000,
      sessions: [slot(26, 90), slot(22, 90), slot(24, 90)],
    });
    const pickUpAt = slot(28, 15).startsAt;
    const pickUp = await bookedGroup(request, testerId, {
      studyNo: 24103,
      kind: 'pickUp',
      color: 'Orange',
      coOpCostCents: 7500,
      pickUpAt,
      sessions: [slot(30, 30)],
    });

    await openCheck(page);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Pacific/Kiritimati');
    await expect(page.getByTestId('booking-card')).toHaveCount(3);
    await expect(page.getByText(TEXTS.notice)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cancellation policy' })).toBeVisible();

    const first = bookingCard(page, NAME[24101]);
    await expect(first).toContainText(`Location${CHICAGO_SITE}`);
    await expect(first).toContainText('ColourPurple');
    await expect(first).toContainText(`Date${siteSession(evening)}`);
    await expect(first).toContainText('Total compensation$65.50');
    await expect(first).not.toContainText('Day 1 of');

    const multi = bookingCard(page, NAME[24105]);
    await expect(multi).toContainText('ColourRed');
    await expect(multi).toContainText('Total compensation$150');
    // The sessions were given out of order: the days are numbered by time.
    const days = multi.locator('.booking-card__days li');
    await expect(days).toHaveText(multiDay.sessions.map((session, index) => `Day ${index + 1} of 3: ${siteSession(session)}`));

    const curbSide = bookingCard(page, NAME[24103]);
    await expect(curbSide).toContainText(`Location${CHICAGO_SITE}`);
    await expect(curbSide).toContainText(`Curb-side pick-up${siteMoment(pickUpAt)}`);
    await expect(curbSide).toContainText(`Virtual video session${siteMoment(pickUp.sessions[0]!.startsAt)}`);
    await expect(curbSide).toContainText('Total compensation$75');
    await expect(curbSide.getByRole('link', { name: /Join the video session/ })).toBeVisible();

    // Earliest first, as the tester reads them.
    await expect(page.getByTestId('booking-card').getByRole('heading', { level: 2 })).toHaveText([NAME[24101], NAME[24105], NAME[24103]]);

    // Each QR code is its booking's signed check-in token, as the server sends it.
    const stamps = await currentSchedule(page);
    expect(stamps).toHaveLength(5);
    for (const [name, studyNo] of [
      [NAME[24101], 24101],
      [NAME[24105], 24105],
      [NAME[24103], 24103],
    ] as const) {
      const token = stamps.find((stamp) => stamp.studyNo === studyNo)!.checkInToken;
      expect(token.length).toBeGreaterThan(20);
      const qr = bookingCard(page, name).getByRole('img', { name: `Check-in code for ${name}` });
      expect(await decodeQr(qr)).toBe(token);
    }
    await expectNoAxeViolations(page);
  });

  test('a tester without bookings: Nothing currently scheduled, on the check and the change page', async ({ loggedInPage: page }) => {
    await openCheck(page);
    await expect(page.getByText(TEXTS.nothing, { exact: true })).toBeVisible();
    await expect(page.getByTestId('booking-card')).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(await currentSchedule(page)).toEqual([]);

    await page.goto(CHANGE);
    await expect(page.getByRole('heading', { level: 1, name: 'Change my schedule' })).toBeVisible();
    await expect(page.getByText(TEXTS.nothing, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('at 360 px the check page fits the screen: no sideways scroll', async ({ loggedInPage: page, testerSession, request }) => {
    await bookedGroup(request, testerSession.tester.testerId, {
      studyNo: 24105,
      color: 'Red',
      sessions: [slot(22, 90), slot(24, 90), slot(26, 90)],
    });
    await page.setViewportSize({ width: 360, height: 800 });
    await openCheck(page);
    await expect(page.getByTestId('booking-card')).toHaveCount(1);
    await expect(page.getByTestId('check-in-qr')).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('cancelling', () => {
  test('before the notice window: the question, Yes, the booking is gone and the screener list opens', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    await bookedGroup(request, testerSession.tester.testerId, { studyNo: 24106, kind: 'virtual', color: 'Teal', sessions: [slot(20, 45)] });
    await openCheck(page);
    const card = bookingCard(page, NAME[24106]);
    await expect(card).toContainText('LocationVirtual session');
    // A single booking has no box to choose it.
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await card.getByRole('button', { name: `Cancel Schedule: ${NAME[24106]}` }).click();
    const dialog = cancelDialog(page);
    await expect(dialog).toContainText(TEXTS.cancelQuestion);
    await expect(dialog).toContainText(NAME[24106]);
    await expectNoAxeViolations(page);

    // No keeps the booking.
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toBeHidden();
    expect(await currentSchedule(page)).toHaveLength(1);

    await card.getByRole('button', { name: `Cancel Schedule: ${NAME[24106]}` }).click();
    await cancelDialog(page).getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(SCREENER_LIST);
    expect(await currentSchedule(page)).toEqual([]);
    await openCheck(page);
    await expect(page.getByText(TEXTS.nothing, { exact: true })).toBeVisible();
  });

  test('inside the notice window: refused with Cancel schedule Failed - 101 and its explanation, and the booking stays', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    const soon = new Date(Date.now() + 2 * 3600_000).toISOString();
    await createBooking(request, { testerId: testerSession.tester.testerId, studyNo: 24107, startsAt: soon });
    await openCheck(page);
    const card = bookingCard(page, NAME[24107]);
    await expect(card).toContainText(TEXTS.insideWindow);
    // The button stays, so that the server's answer explains the refusal.
    const button = card.getByRole('button', { name: `Cancel Schedule: ${NAME[24107]}` });
    await expect(button).toHaveAccessibleDescription(TEXTS.insideWindow);
    await button.click();
    await cancelDialog(page).getByRole('button', { name: 'Yes' }).click();
    const refused = page.getByRole('dialog', { name: TEXTS.cancel101 });
    await expect(refused).toContainText(TEXTS.cancel101Text);
    await expect(refused).toHaveClass(/modal-dialog--error/);
    await expectNoAxeViolations(page);
    await refused.getByRole('button', { name: 'Close' }).click();
    await expect(refused).toBeHidden();
    await expect(page).toHaveURL(CHECK);
    const stamps = await currentSchedule(page);
    expect(stamps.map((stamp) => stamp.studyNo)).toEqual([24107]);

    // The change page will not offer it either: the study's radio is disabled, with the reason.
    await page.goto(CHANGE);
    const study = page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(NAME[24107])}`) });
    await expect(study).toBeDisabled();
    await expect(study).toHaveAccessibleDescription(TEXTS.insideWindow);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Change Schedule' })).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test('with an e-mail address the site refuses: Cancel schedule Failed - 102 with its explanation, and the booking stays', async ({
    page,
    request,
    baseURL,
  }) => {
    const tester = await logInWithBadEmail(page, request, baseURL);
    await bookedGroup(request, tester.testerId, { studyNo: 24106, kind: 'virtual', color: 'Teal', sessions: [slot(21, 45)] });
    await openCheck(page);
    await bookingCard(page, NAME[24106])
      .getByRole('button', { name: `Cancel Schedule: ${NAME[24106]}` })
      .click();
    await cancelDialog(page).getByRole('button', { name: 'Yes' }).click();
    const refused = page.getByRole('dialog', { name: TEXTS.cancel102 });
    await expect(refused).toContainText(TEXTS.cancel102Text);
    await expect(refused).toHaveClass(/modal-dialog--error/);
    await expectNoAxeViolations(page);
    await refused.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(CHECK);
    expect((await currentSchedule(page)).map((stamp) => stamp.studyNo)).toEqual([24106]);
  });

  test('several at once: two chosen bookings cancelled in one go @postgres', async ({ loggedInPage: page, testerSession, request }) => {
    const testerId = testerSession.tester.testerId;
    await bookedGroup(request, testerId, { studyNo: 24108, color: 'Blue', sessions: [slot(20, 60)] });
    await bookedGroup(request, testerId, { studyNo: 24109, color: 'Green', siteId: '00002', sessions: [slot(22, 60)] });
    await openCheck(page);
    await expect(bookingCard(page, NAME[24109])).toContainText(`Location${DALLAS_SITE}`);
    const cancelChosen = page.getByRole('button', { name: /^Cancel chosen schedules/ });
    await expect(cancelChosen).toHaveText('Cancel chosen schedules (0)');
    await expect(cancelChosen).toBeDisabled();
    await page.getByRole('checkbox', { name: `Choose to cancel: ${NAME[24108]}` }).check();
    await page.getByRole('checkbox', { name: `Choose to cancel: ${NAME[24109]}` }).check();
    await expect(cancelChosen).toHaveText('Cancel chosen schedules (2)');
    await expectNoAxeViolations(page);

    const multiCancel = page.waitForRequest((req) => req.url().endsWith('/api/schedule/CancelMultiSchedule'));
    await cancelChosen.click();
    const dialog = cancelDialog(page);
    await expect(dialog).toContainText(TEXTS.cancelQuestion);
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    await expect(dialog).toContainText(NAME[24108]);
    await expect(dialog).toContainText(NAME[24109]);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    expect((await multiCancel).postDataJSON()).toEqual(expect.arrayContaining([24108, 24109]));
    await expect(page).toHaveURL(SCREENER_LIST);
    expect(await currentSchedule(page)).toEqual([]);
  });
});

test.describe('changing', () => {
  test('another group of the same study: Schedule Changed, and the new time on the check page @postgres', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    const testerId = testerSession.tester.testerId;
    const dallas = { studyNo: 24102, siteId: '00002', color: 'Green', coOpCostCents: 9000 } as const;
    const current = await bookedGroup(request, testerId, { ...dallas, sessions: [slot(20, 120)] });
    const other = await createGroup(request, { ...dallas, seats: 3, sessions: [slot(24, 120)] });
    const multi = await createGroup(request, { ...dallas, seats: 3, coOpCostCents: 20000, sessions: [slot(30, 60), slot(32, 60)] });

    await page.goto(CHANGE);
    await expect(page.getByRole('heading', { level: 1, name: 'Change my schedule' })).toBeVisible();
    // The only changeable booking is chosen at once.
    await expect(page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(NAME[24102])}`) })).toBeChecked();
    const table = page.getByRole('table', { name: `Other times for ${NAME[24102]}` });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText(['Select', 'Date', 'Total days', 'Total compensation', 'Multi-day']);
    const currentRadio = table.getByRole('radio', { name: `Select ${siteSession(current.sessions[0]!)} (Your current time)` });
    await expect(currentRadio).toBeDisabled();
    const multiRow = table.getByRole('row').filter({ hasText: siteSession(multi.sessions[1]!) });
    await expect(multiRow.getByRole('cell')).toHaveText([
      '',
      `${siteSession(multi.sessions[0]!)}${siteSession(multi.sessions[1]!)}`,
      '2',
      '$200',
      'Yes',
    ]);
    const submit = page.getByRole('button', { name: 'Change Schedule' });
    await expect(submit).toBeDisabled();
    await expectNoAxeViolations(page);

    await table.getByRole('radio', { name: `Select ${siteSession(other.sessions[0]!)}`, exact: true }).check();
    await expect(submit).toBeEnabled();
    await submit.click();
    const done = page.getByRole('dialog', { name: TEXTS.changed });
    await expect(done).toContainText(TEXTS.changedText);
    await expectNoAxeViolations(page);
    await done.getByRole('button', { name: 'Close' }).click();

    await expect(page).toHaveURL(CHECK);
    const card = bookingCard(page, NAME[24102]);
    await expect(card).toContainText(`Date${siteSession(other.sessions[0]!)}`);
    await expect(card).not.toContainText(siteSession(current.sessions[0]!));
    const stamps = await currentSchedule(page);
    expect(stamps.map((stamp) => [stamp.groupId, stamp.scheduleStamp])).toEqual([[other.groupId, other.sessions[0]!.startsAt]]);
    await expectNoAxeViolations(page);
  });

  test('with an e-mail address the site refuses: Invalid Email Address, and the old booking kept', async ({ page, request, baseURL }) => {
    const tester = await logInWithBadEmail(page, request, baseURL);
    const study = { studyNo: 24105, color: 'Orange' } as const;
    const current = await bookedGroup(request, tester.testerId, { ...study, sessions: [slot(20, 60)] });
    const other = await createGroup(request, { ...study, seats: 4, sessions: [slot(23, 60)] });

    await page.goto(CHANGE);
    const table = page.getByRole('table', { name: `Other times for ${NAME[24105]}` });
    await table.getByRole('radio', { name: `Select ${siteSession(other.sessions[0]!)}`, exact: true }).check();
    await page.getByRole('button', { name: 'Change Schedule' }).click();
    const refused = page.getByRole('dialog', { name: TEXTS.invalidEmail });
    await expect(refused).toContainText(TEXTS.invalidEmailText);
    await expectNoAxeViolations(page);
    await refused.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(CHANGE);
    const stamps = await currentSchedule(page);
    expect(stamps.map((stamp) => stamp.groupId)).toEqual([current.groupId]);
  });

  test('a group that fills meanwhile: Study Schedule Unavailable, the refreshed list, and the old booking kept @postgres', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    const testerId = testerSession.tester.testerId;
    const study = { studyNo: 24104, color: 'Yellow' } as const;
    const current = await bookedGroup(request, testerId, { ...study, sessions: [slot(20, 60)] });
    const lastSeat = await createGroup(request, { ...study, seats: 1, sessions: [slot(24, 60)] });
    const lastSeatName = `Select ${siteSession(lastSeat.sessions[0]!)}`;
    // Another open group, so that the refreshed list still has a choice (without one the page says there are no openings).
    const spare = await createGroup(request, { ...study, seats: 5, sessions: [slot(26, 60)] });

    await page.goto(CHANGE);
    const table = page.getByRole('table', { name: `Other times for ${NAME[24104]}` });
    await table.getByRole('radio', { name: lastSeatName, exact: true }).check();
    // Someone else takes the last seat after the page loaded.
    const rival = await createTester(request);
    await bookGroup(request, { testerId: rival.testerId, groupId: lastSeat.groupId });

    await page.getByRole('button', { name: 'Change Schedule' }).click();
    const refused = page.getByRole('dialog', { name: TEXTS.unavailable });
    await expect(refused).toContainText(TEXTS.unavailableText);
    await expectNoAxeViolations(page);
    await refused.getByRole('button', { name: 'Close' }).click();
    await expect(refused).toBeHidden();

    // The list is the server's refreshed one: the group is full now, and nothing is chosen.
    await expect(table.getByRole('radio', { name: `${lastSeatName} (Full)` })).toBeDisabled();
    await expect(table.getByRole('radio', { name: `Select ${siteSession(spare.sessions[0]!)}`, exact: true })).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Change Schedule' })).toBeDisabled();
    await expect(page).toHaveURL(CHANGE);
    await expectNoAxeViolations(page);
    const stamps = await currentSchedule(page);
    expect(stamps.map((stamp) => [stamp.groupId, stamp.scheduleStamp])).toEqual([[current.groupId, current.sessions[0]!.startsAt]]);
  });
});
