import fs from 'node:fs';
import { randomInt } from 'node:crypto';
import { BOOKING_CONTROL_TEXTS } from '@testerhub/shared/booking-control-schemas';
import { STAFF_TEXTS } from '@testerhub/shared/staff-schemas';
import { MESSAGE_TEXTS } from '@testerhub/shared/staff-message-schemas';
import { STAFF_TESTER_TEXTS } from '@testerhub/shared/staff-testers-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { bornYearsAgo, INVITATION_TEST_AGES, randomSuffix } from './support/accounts';
import { waitForMessage } from './support/mailbox';
import { runScheduledJob, setServerClock } from './support/server-clock';
import { DAY, MINUTE, slot, startToday } from './support/site-clock';
import { expectStaffPageSound, openStaffConsole, openStaffMenu, PHONE } from './support/staff';
import { totpNow } from './support/totp';
import { lockServerClock } from './support/terms-lock';
import {
  addSessionCookie,
  attendStudy,
  bookGroup,
  createBooking,
  createGroup,
  createTester,
  startSession,
  suspendTester,
} from './support/test-support';

/**
 * Issue 29's items that had no browser test of their own (docs/issue-29-checklist.md): the role gate
 * of check-in and the admin's roles (defect 4), what a suspended or warned tester is told (defect 6),
 * a 101 screener open again once the booking is over (defect 3), the list of the day on paper, the
 * quota fill on the results page and in its CSV, the time zone said beside a group's times and the
 * audit filters, the e-mails and audit rows of a move and a cancel, leaving out a kind of study, and
 * a wrong sign-in code in the audit log, a message to a whole study's people.
 * axe on every page; staff pages at 360 px.
 */

const CEREAL = 24101;
const ONLINE_CLEANING = 24106;
const CLEANING_NAME = 'Online screener: household cleaning habits, 10 minutes';
const SPARKLING = 24102; // seeded with quotas: Women 21-34 (2), Anyone 35-64 (4)
const SCREENER_LIST = '/community/main/screener';

test('a recruiter who opens check-in gets a page saying why, with the way back; an admin reaches check-in and orders (defect 4, the admin role)', async ({
  browser,
  baseURL,
  request,
}) => {
  const recruiter = await openStaffConsole(browser, baseURL!, request, { roles: ['recruiter'] });
  await recruiter.page.goto('/staff/check-in');
  await expect(recruiter.page.getByRole('heading', { level: 1, name: 'Not open to your role' })).toBeVisible();
  await expect(recruiter.page.getByRole('alert')).toHaveText('Only staff with the site staff role can open this page.');
  await expect(recruiter.page.getByText('Something went wrong')).toHaveCount(0);
  await expectStaffPageSound(recruiter.page);
  await recruiter.page.getByRole('link', { name: 'Back to the console home' }).click();
  await expect(recruiter.page.getByRole('heading', { level: 1, name: `Hello, ${recruiter.name}` })).toBeVisible();
  await recruiter.context.close();

  // Admins hold every role (decision 049): the door's page and the rewards team's orders alike.
  const admin = await openStaffConsole(browser, baseURL!, request, { roles: ['admin'] });
  for (const [path, heading] of [
    ['/staff/check-in', 'Check-in'],
    ['/staff/rewards/orders', 'Orders'],
  ] as const) {
    await admin.page.goto(path);
    await expect(admin.page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(admin.page.getByRole('heading', { name: 'Not open to your role' })).toHaveCount(0);
    await expectStaffPageSound(admin.page);
  }
  await admin.context.close();
});

test('a suspended tester sees no call-outs; a recruiter lifts the suspension, the tester is e-mailed and the call-outs come back (defect 6)', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const tester = await createTester(request, { lastName: `Lifted${randomSuffix(4)}` });
  await suspendTester(request, tester.testerId);
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  await context.addCookies([{ name: 'loginBonusLater', value: '1', url: baseURL!, expires: Math.floor(Date.now() / 1000) + 86_400 }]);
  await addSessionCookie(context, baseURL!, await startSession(request, { testerId: tester.testerId }));
  const portal = await context.newPage();

  // The portal shows its page once the call-outs are known (decision 130): none for a suspended tester.
  await portal.goto(SCREENER_LIST);
  await expect(portal.getByRole('complementary', { name: 'Account suspended' })).toContainText('Your account is suspended until');
  await expect(portal.getByRole('complementary', { name: 'Call-outs' })).toHaveCount(0);
  await expectNoAxeViolations(portal);

  const { page: staff } = await openStaffConsole(browser, baseURL!, request, { roles: ['recruiter'] });
  await staff.goto(`/staff/testers/${tester.testerId}`);
  await expect(staff.getByTestId('tester-suspension')).toContainText('Suspended until');
  const lift = staff.getByRole('form', { name: 'Lift the suspension' });
  await lift.getByLabel('Reason for lifting the suspension').fill('Family emergency, letter seen');
  await lift.getByRole('button', { name: 'Lift the suspension' }).click();
  await expect(staff.getByText(STAFF_TESTER_TEXTS.suspensionLifted)).toBeVisible();
  await expectStaffPageSound(staff);

  const told = await waitForMessage({ to: tester.email, subject: 'Your TesterHub account is active again' });
  expect(told.text).toContain('Tester Services has lifted the suspension of your account.');
  // Staff's reason stays in the audit log, not in the tester's e-mail.
  expect(told.text).not.toContain('Family emergency');

  await portal.reload();
  await expect(portal.getByRole('complementary', { name: 'Call-outs' })).toContainText('Holiday taste tests are open');
  await expect(portal.getByRole('complementary', { name: 'Account suspended' })).toHaveCount(0);
  await expectNoAxeViolations(portal);
  await context.close();
});

test('a first no-show marked at the door e-mails the tester the rule before any suspension (defect 6)', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const lastName = `Warned${randomSuffix(6)}`;
  const tester = await createTester(request, { firstName: 'Wes', lastName });
  // A session at the Chicago site that began half an hour ago (or begins in half an hour, just past its midnight).
  await createBooking(request, {
    testerId: tester.testerId,
    studyNo: CEREAL,
    startsAt: startToday(30),
    siteId: '00001',
  });

  const { page } = await openStaffConsole(browser, baseURL!, request, { roles: ['site-staff'], siteIds: ['00001'] });
  await page.goto('/staff/check-in');
  await page.getByLabel('Tester’s or child’s name').fill(`Wes ${lastName}`);
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.getByRole('article', { name: `Wes ${lastName}` });
  const noShow = card.getByRole('form', { name: `Mark Wes ${lastName} a no-show` });
  await noShow.getByLabel('Reason').fill('Phoned: not coming');
  await noShow.getByRole('button', { name: 'Mark a no-show' }).click();
  await expect(page.getByRole('status')).toHaveText(BOOKING_CONTROL_TEXTS.noShowMarked(`Wes ${lastName}`));
  await expectStaffPageSound(page);

  const warning = await waitForMessage({ to: tester.email, subject: 'We missed you at your TesterHub study' });
  expect(warning.text).toContain('you now have 1 no-show within 3 months');
  expect(warning.text).toMatch(/\d+ or more no-shows within 3 months lead to a \d+-month suspension/);
  // Staff's reason stays with staff.
  expect(warning.text).not.toContain('Phoned: not coming');
});

test('a screener answered while booked (101) opens again with its answers once the booking is cancelled (defect 3)', async ({
  loggedInPage: page,
  testerSession,
  request,
}) => {
  test.setTimeout(240_000);
  const group = await createGroup(request, {
    studyNo: ONLINE_CLEANING,
    kind: 'virtual',
    color: 'Teal',
    seats: 4,
    sessions: [slot(22, 45)],
  });
  await bookGroup(request, { testerId: testerSession.tester.testerId, groupId: group.groupId });

  // Booked for another study: the cereal screener ends in 101, and the study leaves the list.
  await page.goto(SCREENER_LIST);
  const cereal = page.getByTestId('screener-card').filter({ hasText: 'Breakfast cereal taste test' });
  await cereal.getByRole('button', { name: /^Take the screener/ }).click();
  await expect(page).toHaveURL(`/community/main/screener/${CEREAL}`);
  await page.getByRole('radio', { name: 'Every day' }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Flakes' }).check();
  await page.getByRole('checkbox', { name: 'Granola' }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('spinbutton', { name: /How many people live in your household\?/ }).fill('3');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const refused = page.getByRole('dialog', { name: 'Screener Failed - 101' });
  await expect(refused).toBeVisible();
  await refused.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(SCREENER_LIST);
  await expect(page.getByTestId('screener-card').first()).toBeVisible();
  await expect(cereal).toHaveCount(0);

  // The tester cancels the other booking on their schedule.
  await page.goto('/community/main/schedule/check');
  await page.getByRole('button', { name: `Cancel Schedule: ${CLEANING_NAME}` }).click();
  await page.getByRole('dialog', { name: 'Cancel Schedule', exact: true }).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(SCREENER_LIST);

  // The quarter-hour job reopens it (decision 104), run on the fake-clock listener at this quarter hour.
  const unlockClock = await lockServerClock();
  try {
    await setServerClock(request, new Date(Math.floor(Date.now() / (15 * MINUTE)) * 15 * MINUTE + 30_000).toISOString());
    const run = await runScheduledJob(request, 'screening-reopen-after-101');
    expect(run.status).toBe(200);
  } finally {
    unlockClock();
  }

  await page.reload();
  await expect(cereal).toBeVisible();
  await expectNoAxeViolations(page);
  await cereal.getByRole('button', { name: /^Take the screener/ }).click();
  // Every answer is kept: the screener opens at its last question, ready to submit, and decides afresh.
  await expect(page.getByText('Question 5 of 5')).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByText('Question 4 of 5')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page).toHaveURL(/\/community\/main\/schedule\/self\?/);
});

test('site staff print the list of the day: on paper only the people, a box to tick each, at a letter page’s width', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const lastName = `Paper${randomSuffix(5)}`;
  const fiveMinutes = 5 * MINUTE;
  const startsAt = new Date(Math.floor((Date.now() + 4 * DAY) / fiveMinutes) * fiveMinutes + randomInt(0, 200) * fiveMinutes);
  const times = { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 2 * 3600_000).toISOString() };
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    startsAt,
  );
  const group = await createGroup(request, { studyNo: CEREAL, color: 'Teal', cell: `PR-${randomSuffix(5)}`, seats: 2, sessions: [times] });
  const tester = await createTester(request, { firstName: 'Pia', lastName });
  await bookGroup(request, { testerId: tester.testerId, groupId: group.groupId });

  const { page } = await openStaffConsole(browser, baseURL!, request, { roles: ['site-staff'], siteIds: ['00001'] });
  await page.goto(`/staff/calendar/day?date=${day}&site=00001`);
  const list = page.getByRole('table', { name: /^Chicago Test Center: / });
  const row = list.getByRole('row').filter({ hasText: `Pia ${lastName}` });
  await expect(row).toContainText('Booked');
  await expectStaffPageSound(page);

  // A US letter page is 8.5 inches: 816 CSS pixels.
  await page.setViewportSize({ width: 816, height: 1056 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { level: 1, name: 'List of the day' })).toBeVisible();
  await expect(row).toBeVisible();
  await expect(list.getByRole('columnheader', { name: 'Came' })).toBeVisible();
  await expect(row.locator('.day-list-box')).toBeVisible();
  for (const screenOnly of [
    page.getByRole('banner'),
    page.getByRole('button', { name: 'Print' }),
    page.getByRole('link', { name: 'Download CSV' }),
    page.getByLabel('Day', { exact: true }),
    page.getByRole('link', { name: 'Back to the calendar' }),
  ])
    await expect(screenOnly).toBeHidden();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(816);
});

test('a study’s quota fill shows on its results page and in the results CSV, qualified of target', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const { page } = await openStaffConsole(browser, baseURL!, request, { roles: ['recruiter'] });
  await page.goto(`/staff/studies/${SPARKLING}/results`);
  const fill = page.getByTestId('quota-fill');
  await expect(fill.getByRole('row', { name: /Women 21-34/ })).toContainText(/\d+ of 2/);
  await expect(fill.getByRole('row', { name: /Anyone 35-64/ })).toContainText(/\d+ of 4/);
  await expectStaffPageSound(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download answers and bookings (CSV)' }).click();
  const csv = fs.readFileSync((await (await downloading).path())!, 'utf8').split('\r\n');
  expect(csv[0]).toContain(',Quota,Quota fill (qualified of target),Booking status,');
});

test('one time zone rule, said on screen from a browser in Tokyo: a session group’s times are its site’s, the audit log’s filters UTC', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const { page } = await openStaffConsole(browser, baseURL!, request, { roles: ['admin'], timezoneId: 'Asia/Tokyo' });
  await page.goto(`/staff/studies/${CEREAL}/sessions`);
  await page.getByRole('button', { name: 'Add a session group' }).click();
  const form = page.getByRole('form', { name: 'Add a session group' });
  await form.getByLabel('Test site').selectOption({ label: 'Chicago Test Center' });
  await expect(form.getByTestId('group-times-zone')).toHaveText(
    /^Times are in Chicago time \((CST, UTC−6|CDT, UTC−5)\), this site’s clock\.$/,
  );
  await expectStaffPageSound(page);

  await page.goto('/staff/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  for (const label of ['From (UTC)', 'To (UTC)'])
    await expect(page.getByLabel(label)).toHaveAccessibleDescription(
      'Days and times here are in UTC, as in the CSV: the log spans every site.',
    );
  await expect(page.getByTestId('audit-entries').getByRole('listitem').first()).toContainText(' UTC');
  await expectStaffPageSound(page);
});

test('a recruiter’s move and cancel reach the tester by e-mail with the calendar’s update, and the audit log names the tester and the reason', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const cellA = `MA-${randomSuffix(5)}`;
  const cellB = `MB-${randomSuffix(5)}`;
  const groupA = await createGroup(request, { studyNo: CEREAL, color: 'Teal', cell: cellA, seats: 2, sessions: [slot(34, 120)] });
  await createGroup(request, { studyNo: CEREAL, color: 'Teal', cell: cellB, seats: 2, sessions: [slot(37, 120)] });
  const tester = await createTester(request, { firstName: 'Mona', lastName: `Moved${randomSuffix(4)}` });
  await bookGroup(request, { testerId: tester.testerId, groupId: groupA.groupId });
  const name = `${tester.firstName} ${tester.lastName}`;

  // An admin holds the recruiter's role (decision 049) and reads the audit log too.
  const { page: staff } = await openStaffConsole(browser, baseURL!, request, { roles: ['admin'] });
  await staff.goto(`/staff/studies/${CEREAL}/sessions`);
  const card = (cell: string) =>
    staff
      .getByTestId('session-groups')
      .getByRole('listitem')
      .filter({ has: staff.getByRole('heading', { level: 2, name: `Group ${cell} (Teal)` }) });
  await card(cellA)
    .getByRole('button', { name: `People in group ${cellA}` })
    .click();
  const peopleA = card(cellA).getByRole('region', { name: `People in group ${cellA}` });
  await peopleA.getByLabel(`Move ${name} to`).selectOption({ label: `Group ${cellB}: 0 booked of 2` });
  await peopleA.getByLabel('Reason for the change').fill('Asked for a later day');
  await peopleA.getByRole('button', { name: `Move ${name}`, exact: true }).click();
  await expect(peopleA.getByRole('status')).toHaveText(BOOKING_CONTROL_TEXTS.moved(name));
  const changed = await waitForMessage({ to: tester.email, subject: 'Your booking has changed:' });
  expect(changed.calendar).toContain('BEGIN:VEVENT');
  expect(changed.text).not.toContain('Asked for a later day');

  await card(cellB)
    .getByRole('button', { name: `People in group ${cellB}` })
    .click();
  const peopleB = card(cellB).getByRole('region', { name: `People in group ${cellB}` });
  await peopleB.getByLabel('Reason for the change').fill('Client cut the sample');
  await peopleB.getByRole('button', { name: `Cancel ${name}’s booking` }).click();
  await expect(peopleB.getByRole('status')).toHaveText(BOOKING_CONTROL_TEXTS.cancelled(name));
  const cancelled = await waitForMessage({ to: tester.email, subject: 'Your booking is cancelled:' });
  expect(cancelled.calendar).toContain('METHOD:CANCEL');
  await expectStaffPageSound(staff);

  // Each change in the audit log, naming the tester, with the reason typed.
  for (const [action, reason] of [
    ['booking.move', 'Asked for a later day'],
    ['booking.cancel', 'Client cut the sample'],
  ] as const) {
    await staff.goto(`/staff/admin/audit?action=${action}`);
    const entry = staff.getByTestId('audit-entries').getByRole('listitem').filter({ hasText: name });
    await expect(entry).toContainText(reason);
    await expectStaffPageSound(staff);
  }
});

test('a recruiter leaves out who took part in any study of a kind within N months, and the live count drops', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  // An age no other test's testers have (invitations 97, filters 93, tables 91, the chain 82 to 96).
  const age = INVITATION_TEST_AGES.staffIssue29Gaps;
  await createTester(request, { firstName: 'Kay', birthDate: bornYearsAgo(age) });
  const tookPart = await createTester(request, { firstName: 'Kip', birthDate: bornYearsAgo(age) });
  await attendStudy(request, tookPart.testerId, SPARKLING); // a Focus group (2), six weeks ago

  const { page: staff } = await openStaffConsole(browser, baseURL!, request, { roles: ['recruiter'] });
  await staff.goto('/staff/invitations');
  await staff.getByLabel('Study', { exact: true }).selectOption(String(ONLINE_CLEANING));
  await staff.getByLabel('Lowest age').fill(String(age));
  await staff.getByLabel('Highest age').fill(String(age));
  const preview = staff.getByTestId('invitation-preview');
  const matched = async () => {
    await expect(preview).not.toContainText('Updating');
    return Number(/^(\d+) testers? match/.exec((await preview.textContent()) ?? '')?.[1] ?? Number.NaN);
  };
  await expect(preview).toContainText(/\d+ testers? match/);
  const everyone = await matched();
  expect(everyone).toBeGreaterThanOrEqual(2);

  await staff.getByRole('group', { name: 'Any study of these kinds' }).getByRole('checkbox', { name: 'Focus group (2)' }).check();
  await staff.getByLabel('Taking part within the last … months').fill('3');
  await expect(async () => expect(await matched()).toBeLessThan(everyone)).toPass({ timeout: 15_000 });
  await expectStaffPageSound(staff);
});

test('a wrong sign-in code is in the audit log, naming the member and by nobody signed in', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const member = await openStaffConsole(browser, baseURL!, request, { roles: ['content'] });
  await openStaffMenu(member.page);
  await member.page.getByRole('button', { name: 'Log out' }).click();
  await member.page.getByLabel('E-mail address').fill(member.email);
  await member.page.getByLabel('Password').fill(member.password);
  await member.page.getByRole('button', { name: 'Continue' }).click();
  const wrong = String((Number(totpNow(member.secret)) + 500_000) % 1_000_000).padStart(6, '0');
  await member.page.getByLabel('Code').fill(wrong);
  await member.page.getByRole('button', { name: 'Sign in' }).click();
  await expect(member.page.getByText(STAFF_TEXTS.codeWrong)).toBeVisible();
  await member.context.close();

  const { page } = await openStaffConsole(browser, baseURL!, request, { roles: ['admin'] });
  await page.goto('/staff/admin/audit?action=staff.code-wrong');
  const entry = page.getByTestId('audit-entries').getByRole('listitem').filter({ hasText: member.name });
  await expect(entry).toContainText('by Unknown (not signed in)');
  await expect(entry).not.toContainText(wrong);
  await expectStaffPageSound(page);
});

test('a recruiter messages a whole study’s people from a template, and the study’s messages sent list it', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  // A study of this test's own, so the message reaches no other test's testers.
  const studyNo = 900_000 + randomInt(0, 99_999);
  const name = `Soup tasting ${randomSuffix()}`;
  const { page: staff } = await openStaffConsole(browser, baseURL!, request, {
    roles: ['recruiter'],
    name: `Rae Recruiter ${randomSuffix()}`,
  });
  await staff.goto('/staff/studies/new');
  await staff.getByLabel('Study number').fill(String(studyNo));
  await staff.getByLabel('Name and basic information (what testers read)').fill(name);
  await staff.getByLabel('Colour name').fill('Red');
  await staff.getByLabel('Question 1 text').fill('Do you eat soup?');
  await staff.getByLabel('Option 1', { exact: true }).fill('Yes');
  await staff.getByLabel('Option 2', { exact: true }).fill('No');
  await staff.getByRole('button', { name: 'Create the study' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Study ${studyNo}: ${name}` })).toBeVisible();

  // Two groups, one booked tester in each.
  const testers = await Promise.all(
    ['Sol', 'Sue'].map((firstName) => createTester(request, { firstName, lastName: `Soup${randomSuffix(4)}` })),
  );
  for (const [index, tester] of testers.entries()) {
    const group = await createGroup(request, { studyNo, color: 'Red', cell: `S${index}`, seats: 2, sessions: [slot(40 + 3 * index, 60)] });
    await bookGroup(request, { testerId: tester.testerId, groupId: group.groupId });
  }

  await staff.goto(`/staff/studies/${studyNo}/sessions`);
  await staff.getByRole('button', { name: 'Message the study’s people' }).click();
  const composer = staff.getByRole('region', { name: `Message the people of study ${studyNo}` });
  await expect(composer.getByLabel('Template')).toHaveValue('reminder');
  await composer.getByRole('button', { name: 'Preview' }).click();
  await expect(composer.getByTestId('message-preview')).toContainText('2 people will be told.');
  await expectStaffPageSound(staff);
  await composer.getByRole('button', { name: 'Send to 2 people' }).click();
  await expect(staff.getByText(MESSAGE_TEXTS.sent(2, 0))).toBeVisible();
  for (const tester of testers) await waitForMessage({ to: tester.email, subject: `Reminder: ${name} on ` });

  await staff.getByRole('button', { name: 'Messages sent to this study’s people' }).click();
  const sent = staff.getByTestId('sent-messages').getByRole('listitem');
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText('to the whole study (booked): 2 sent.');
  await expectStaffPageSound(staff);
});
