import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { COMPANY } from '@testerhub/shared/company';
import { formatDate, formatSession } from '@testerhub/shared/schedule-format';
import { SESSION_ADMIN_TEXTS } from '@testerhub/shared/session-admin-schemas';
import { STAFF_TESTER_TEXTS } from '@testerhub/shared/staff-testers-schemas';
import { ORDER_TEXTS, REDEEM_TEXTS } from '@testerhub/shared/redeem-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { bornYearsAgo, escapeRegExp, INVITATION_TEST_AGES, randomSuffix } from './support/accounts';
import { findLink, waitForMessage } from './support/mailbox';
import { decodeQr } from './support/qr';
import { clockBaseURL, runScheduledJob, setServerClock } from './support/server-clock';
import { expectStaffPageSound, followStaffNav, openStaffConsole, PHONE, setUpStaffAccount } from './support/staff';
import { addSessionCookie, createTester, startSession, type SupportTester } from './support/test-support';
import { lockServerClock } from './support/terms-lock';

/**
 * Issue 12's whole cycle ("What shows it is done"), through the product's own pages: an admin
 * invites a recruiter and a site-staff member by e-mail, who set up with a TOTP code; the recruiter
 * creates a study with a hosted screener, two session groups at the Chicago site and sends the
 * invitation by filters; two testers follow the e-mail, screen in and book; site staff check one in
 * by the QR code; the session closes with the other a no-show (the dashboard counts both, the
 * attendee's earnings history shows the pay); a second no-show suspends that tester (the e-mail,
 * no studies, no booking) until a recruiter lifts it; a redemption is fulfilled by rewards staff.
 *
 * Time: a booking closes as a no-show by the sweep job (decision 046) two hours after its session
 * ends, and a session is bookable only more than 24 hours ahead. So the sessions lie in the hour
 * before the test's time `end`, the testers screen and book them on the server's fake-clock listener
 * (decision 042; the same app and database) set a day earlier, the sweep runs there too, two hours
 * after the sessions, at a quarter hour as its schedule fires, and the site's dashboard is read there
 * at `end`, on the sessions' day. Test support is used only for what has no page: the first admin
 * (the set-up command's service), the testers' accounts and log-ins, setting that clock and running
 * the sweep.
 *
 * `end` is the last quarter hour, or 23:45 at the site the evening before when the site's day began
 * less than 75 minutes ago, so that both groups lie in one site day at any hour. It stays within two
 * hours before now: the main listener's own sweep (real time) would close the bookings two hours after
 * they end, and the sweep run here closes every booking that ended before `end`, so `end` is never
 * after now, when another spec's booking may still be running.
 */

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 20_000 });

const ZONE = 'America/Chicago'; // the Chicago Test Center's zone
const SITE = 'Chicago Test Center';
const QUARTER = 15 * 60_000;
const HOUR = 3600_000;
const SWEEP_JOB = 'attendance-no-show-sweep';
const ATTENDANCE_COINS = 600;
const FIVE = '$5 e-gift card';

/** The site's day (YYYY-MM-DD) and time (HH:MM) of an instant. */
function siteClock(at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const siteTime = (at: Date) => at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: ZONE });

test('the whole cycle: staff invited, a study and its sessions, testers screened, booked, checked in, a no-show, a suspension lifted, a reward fulfilled @postgres', async ({
  browser,
  baseURL,
  request,
}) => {
  // The clock's lock may be held by server-clock.spec.ts for a while; then five minutes for the chain.
  const started = Date.now();
  test.setTimeout(660_000);
  const unlockClock = await lockServerClock();
  test.setTimeout(Date.now() - started + 300_000);
  try {
    // The sessions: group B the hour before `end`, group A the half hour before it, in one site day.
    let end = Math.floor(Date.now() / QUARTER) * QUARTER;
    while (siteClock(new Date(end - HOUR)).date !== siteClock(new Date(end)).date) end -= QUARTER;
    const groupA = { startsAt: new Date(end - 30 * 60_000), endsAt: new Date(end) };
    const groupB = { startsAt: new Date(end - HOUR), endsAt: new Date(end - 30 * 60_000) };
    const bookAAt = new Date(end - 25.5 * HOUR); // 25 hours before group A: outside the 24-hour notice
    const bookBAt = new Date(end - 25.25 * HOUR); // 24.25 hours before group B
    const sweepAt = new Date(end + 2 * HOUR + 30_000); // 120 minutes after group A, in a quarter-hour minute
    const clock = clockBaseURL();

    const suffix = randomSuffix(6);
    const studyNo = 700_000 + randomInt(0, 99_999);
    const studyName = `Chain tasting ${suffix}`;
    // An age no other test's testers have: the invitation's filter finds ours.
    const age = randomInt(INVITATION_TEST_AGES.staffChain.from, INVITATION_TEST_AGES.staffChain.below);
    const birthDate = bornYearsAgo(age);

    // 1. The admin invites a recruiter and a site-staff member; each sets up from the e-mailed link.
    const admin = await openStaffConsole(browser, baseURL!, request, { roles: ['admin'], name: `Ada Admin ${suffix}` });
    await followStaffNav(admin.page, 'Staff accounts', 'Administration');
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();
    await expectStaffPageSound(admin.page);
    const people = {
      recruiter: { name: `Rita Recruiter ${suffix}`, email: `rita.${suffix}@staff.example.test`, role: 'Recruiter' },
      site: { name: `Sam Site ${suffix}`, email: `sam.${suffix}@staff.example.test`, role: 'Site staff' },
    };
    for (const person of Object.values(people)) {
      const invite = admin.page.getByRole('form', { name: 'Invite someone' });
      await invite.getByLabel('Name').fill(person.name);
      await invite.getByLabel('E-mail address').fill(person.email);
      await invite.getByRole('checkbox', { name: person.role }).check();
      if (person.role === 'Site staff')
        await invite.getByRole('group', { name: 'Test sites they work at' }).getByRole('checkbox', { name: SITE }).check();
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await expect(invite.getByText(`${person.name} is invited.`)).toBeVisible();
    }
    await expectNoAxeViolations(admin.page);
    await admin.context.close();

    const setUp = async (person: { name: string; email: string; role: string }) => {
      const mail = await waitForMessage({ to: person.email, subject: 'staff console' });
      const context = await browser.newContext({ baseURL, viewport: PHONE, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await setUpStaffAccount(page, findLink(mail, '/staff/setup'), `Passphrase of ${person.name}`, person.name, { checkEachStep: true });
      await expect(page.getByTestId('staff-roles')).toHaveText(person.role);
      await expectNoAxeViolations(page);
      return { context, page };
    };
    const recruiter = (await setUp(people.recruiter)).page;
    const siteStaff = (await setUp(people.site)).page;

    // 2. The recruiter creates the study: open since five days, pays for attending, a screener where No
    // disqualifies (the preview shows it); and a second one for the second no-show, since a study booked
    // once is not offered to the same tester again.
    const createStudy = async (no: number, name: string, preview: boolean) => {
      await followStaffNav(recruiter, 'Studies');
      await expect(recruiter.getByRole('heading', { level: 1, name: 'Studies' })).toBeVisible();
      await expectNoAxeViolations(recruiter);
      await recruiter.getByRole('link', { name: 'New study' }).click();
      await expect(recruiter.getByRole('heading', { level: 1, name: 'New study' })).toBeVisible();
      await recruiter.getByLabel('Study number').fill(String(no));
      await recruiter.getByLabel('Name and basic information (what testers read)').fill(name);
      await recruiter.getByLabel('Colour name').fill('Teal');
      await recruiter.getByRole('combobox', { name: 'Project type' }).selectOption({ label: 'Taste test (1)' });
      await recruiter.getByRole('combobox', { name: 'Participant type' }).selectOption({ label: 'Adults (4)' });
      const opens = await recruiter.evaluate(
        (at) => {
          const local = new Date(at);
          const pad = (value: number) => String(value).padStart(2, '0');
          return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}`;
        },
        end - 5 * 24 * HOUR,
      );
      await recruiter.getByLabel('Opens').fill(opens);
      await recruiter.getByLabel('Coins for attending').fill(String(ATTENDANCE_COINS));
      await recruiter.getByLabel('Question 1 text').fill('Do you drink tea?');
      await recruiter.getByLabel('Option 1', { exact: true }).fill('Yes');
      await recruiter.getByLabel('Option 2', { exact: true }).fill('No');
      await recruiter.getByRole('checkbox', { name: 'Disqualifies' }).nth(1).check();
      if (preview) {
        const region = recruiter.getByRole('region', { name: 'Preview' });
        await region.getByRole('button', { name: 'Start the preview' }).click();
        await region.getByRole('radio', { name: 'No' }).check();
        await region.getByRole('button', { name: 'Finish as a tester' }).click();
        await expect(region.getByTestId('preview-outcome')).toHaveText(/^Not qualified/);
        await expectStaffPageSound(recruiter);
      }
      await recruiter.getByRole('button', { name: 'Create the study' }).click();
      await expect(recruiter.getByRole('heading', { level: 1, name: `Study ${no}: ${name}` })).toBeVisible();
      await expect(recruiter.getByTestId('study-state')).toHaveText('Open');
      await expectNoAxeViolations(recruiter);
    };
    // A session group at the Chicago site with two seats, from the study's page.
    const addGroup = async (name: string, cell: string, times: { startsAt: Date; endsAt: Date }) => {
      await recruiter.getByRole('link', { name: 'Session groups' }).click();
      await expect(recruiter.getByRole('heading', { level: 1, name: `Sessions: ${name}` })).toBeVisible();
      await recruiter.getByRole('button', { name: 'Add a session group' }).click();
      const form = recruiter.getByRole('form', { name: 'Add a session group' });
      await form.getByLabel('Test site').selectOption({ label: SITE });
      await form.getByLabel('Cell').fill(cell);
      await form.getByLabel('Colour').fill('Teal');
      await form.getByLabel('Compensation (US$, all days)').fill('60');
      await form.getByLabel('Seats').fill('2');
      await form.getByLabel('Day 1 date').fill(siteClock(times.startsAt).date);
      await form.getByLabel('Day 1 starts').fill(siteClock(times.startsAt).time);
      await form.getByLabel('Day 1 ends').fill(siteClock(times.endsAt).time);
      await expectStaffPageSound(recruiter);
      await form.getByRole('button', { name: 'Add group' }).click();
      await expect(recruiter.getByRole('status')).toContainText(SESSION_ADMIN_TEXTS.created);
      const card = recruiter
        .getByTestId('session-groups')
        .getByRole('listitem')
        .filter({ has: recruiter.getByRole('heading', { name: `Group ${cell} (Teal)` }) });
      await expect(card.getByTestId('group-seats')).toHaveText('0 booked of 2');
      await expectNoAxeViolations(recruiter);
    };
    const secondStudyNo = studyNo + 1;
    const secondStudyName = `Chain follow-up ${suffix}`;
    await createStudy(studyNo, studyName, true);
    await addGroup(studyName, `A-${suffix}`, groupA);
    await createStudy(secondStudyNo, secondStudyName, false);
    await addGroup(secondStudyName, `B-${suffix}`, groupB);
    // The testers, of the chosen age; the recruiter invites by that filter.
    const ann = await createTester(request, { firstName: 'Ann', lastName: `Attends${suffix}`, birthDate });
    const bob = await createTester(request, { firstName: 'Bob', lastName: `Absent${suffix}`, birthDate });
    await followStaffNav(recruiter, 'Invitations');
    await expect(recruiter.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();
    await recruiter.getByLabel('Study', { exact: true }).selectOption(String(studyNo));
    await recruiter.getByLabel('Lowest age').fill(String(age));
    await recruiter.getByLabel('Highest age').fill(String(age));
    // The count follows the filters as they are typed (decision 121): no button to ask for it.
    await expect(recruiter.getByTestId('invitation-preview')).toContainText(/\d+ testers match/);
    await expectStaffPageSound(recruiter);
    await recruiter.getByRole('button', { name: /^Send to \d+ testers$/ }).click();
    await expect(recruiter.getByText(/Invitation queued for \d+ testers\./)).toBeVisible();
    await recruiter.getByRole('link', { name: /^Follow invitation #\d+$/ }).click();
    await expect(recruiter.getByRole('heading', { level: 1, name: /^Invitation #\d+: / })).toBeVisible();
    // The recipients table pages on the server (decision 136): its filter finds each tester on any page.
    for (const tester of [ann, bob]) {
      await recruiter.getByRole('searchbox', { name: 'Find a username' }).fill(tester.username);
      await expect(
        recruiter.getByTestId('recipient').filter({ has: recruiter.getByRole('rowheader', { name: tester.username, exact: true }) }),
      ).toBeVisible();
    }
    await expectNoAxeViolations(recruiter);

    // 3. Each tester follows the e-mail's link, then screens and books on the day before the sessions.
    const screenAndBook = async (tester: SupportTester, at: Date, times: { startsAt: Date; endsAt: Date }) => {
      const context = await browser.newContext({ baseURL, viewport: PHONE, reducedMotion: 'reduce' });
      await context.addCookies([{ name: 'loginBonusLater', value: '1', url: baseURL!, expires: Math.floor(Date.now() / 1000) + 86_400 }]);
      await addSessionCookie(context, baseURL!, await startSession(request, { testerId: tester.testerId }));
      const page = await context.newPage();
      const mail = await waitForMessage({ to: tester.email, subject: 'You are invited to a new', timeoutMs: 60_000 });
      const link = findLink(mail, '/community');
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page).toHaveURL(`/community/main/screener/${studyNo}`);
      // On a phone the cookie notice covers the page's foot: the tester accepts it, as on any first visit.
      await page.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Accept' }).click();
      await expect(page.getByText('Do you drink tea?')).toBeVisible();

      await setServerClock(request, at.toISOString());
      await page.goto(`${clock}/community/main/screener/${studyNo}`);
      await page.getByRole('radio', { name: 'Yes' }).check();
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(page).toHaveURL(/\/community\/main\/schedule\/self\?/);
      await bookOn(page, times);
      return { context, page };
    };
    const bookOn = async (page: Page, times: { startsAt: Date; endsAt: Date }, name = studyName) => {
      const label = `Select ${formatSession(times.startsAt.toISOString(), times.endsAt.toISOString(), ZONE)}`;
      await page.getByRole('radio', { name: label, exact: true }).check();
      await page.getByRole('button', { name: 'Schedule Me' }).click();
      // The study pays nothing for scheduling, so no task popup: straight to the tester's schedule.
      await expect(page).toHaveURL(/\/community\/main\/schedule\/check$/);
      await expect(page.getByRole('list', { name: 'Scheduled studies' }).getByRole('listitem', { name })).toBeVisible();
    };
    const annSide = await screenAndBook(ann, bookAAt, groupA);
    const qr = annSide.page.getByTestId('check-in-qr').first();
    await expect(qr).toBeVisible();
    const token = await decodeQr(qr);
    expect(token).toBeTruthy();
    const bobSide = await screenAndBook(bob, bookAAt, groupA);

    // 4. Site staff check Ann in by her code; Bob does not come.
    await followStaffNav(siteStaff, 'Check-in');
    await expect(siteStaff.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
    await expectStaffPageSound(siteStaff);
    await siteStaff.getByLabel(/Or enter the code/).fill(token!);
    await siteStaff.getByRole('button', { name: 'Find the booking' }).click();
    const card = siteStaff.getByRole('article', { name: `${ann.firstName} ${ann.lastName}` });
    await expect(card).toContainText(studyName);
    await expect(card).toContainText(`A-${suffix}`);
    await expect(card.getByText(/Day 1: .* (CST|CDT)/)).toBeVisible();
    await expect(card.getByTestId('check-in-status')).toHaveText('Expected');
    await expectStaffPageSound(siteStaff);
    await card.getByRole('button', { name: 'Mark attended' }).click();
    await expect(siteStaff.getByRole('status')).toContainText('is checked in');
    await expect(card.getByTestId('check-in-status')).toHaveText('Checked in');
    await expectNoAxeViolations(siteStaff);

    // 5. Two hours after the session the sweep closes it: Bob's booking is a no-show (one: no suspension yet).
    await setServerClock(request, sweepAt.toISOString());
    const first = await runScheduledJob(request, SWEEP_JOB);
    expect(first.status).toBe(200);
    expect((first as { result: { suspended: string[] } }).result.suspended).not.toContain(bob.testerId);

    // The dashboard shows the site's day on the server's clock: read on the fake-clock listener, set to `end`.
    await setServerClock(request, new Date(end).toISOString());
    await siteStaff.goto(`${clock}/staff`);
    await followStaffNav(siteStaff, 'Dashboard');
    await expect(siteStaff.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const session = siteStaff
      .getByRole('region', { name: new RegExp(`^${SITE}: `) })
      .getByTestId('dashboard-session')
      .filter({ hasText: `${siteTime(groupA.startsAt)}–` })
      .filter({ hasText: `study ${studyNo}` });
    await expect(session).toContainText('Checked in 1 of 2, 1 no-show');
    await expectStaffPageSound(siteStaff);

    // Ann's earnings history shows the attendance's coins and the compensation owed.
    const annPage = annSide.page;
    await annPage.goto('/community/main/account/coins');
    await annPage.getByRole('link', { name: 'Earnings history' }).click();
    await expect(
      annPage.getByRole('table', { name: 'Coin and experience changes' }).getByRole('row').filter({ hasText: 'Study session attended' }),
    ).toContainText('600');
    await expect(annPage.getByRole('table', { name: 'Study compensation' }).getByRole('row').filter({ hasText: studyName })).toContainText(
      '$60',
    );

    // 6. Bob screens for the second study and books its group, misses it too, and the sweep suspends him.
    await setServerClock(request, bookBAt.toISOString());
    await bobSide.page.goto(`${clock}/community/main/screener/${secondStudyNo}`);
    await bobSide.page.getByRole('radio', { name: 'Yes' }).check();
    await bobSide.page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(bobSide.page).toHaveURL(/\/community\/main\/schedule\/self\?/);
    await bookOn(bobSide.page, groupB, secondStudyName);
    await setServerClock(request, sweepAt.toISOString());
    const second = await runScheduledJob(request, SWEEP_JOB);
    expect(second.status).toBe(200);
    expect((second as { result: { suspended: string[] } }).result.suspended).toContain(bob.testerId);

    const notice = await waitForMessage({ to: bob.email, subject: 'Your TesterHub account is suspended until' });
    expect(notice.text).toContain('You did not come to 2 booked studies within 3 months');
    // Six months from the sweep's time, the company's date (decision 046).
    const until = new Date(sweepAt);
    until.setUTCMonth(until.getUTCMonth() + 6);
    expect(notice.text).toContain(`Your account is suspended until ${formatDate(until.toISOString(), COMPANY.timeZone)}.`);

    const bobPage = bobSide.page;
    await bobPage.goto('/community/main/screener');
    await expect(bobPage.getByRole('complementary', { name: 'Account suspended' })).toContainText('Your account is suspended until');
    await expect(bobPage.getByTestId('screener-card')).toHaveCount(0);
    await bobPage.goto('/community/main/schedule/self');
    await expect(bobPage.getByRole('heading', { name: 'Scheduling is paused' })).toBeVisible();

    // The recruiter finds Bob and lifts the suspension with a reason.
    await followStaffNav(recruiter, 'Testers');
    await expect(recruiter.getByRole('heading', { level: 1, name: 'Testers' })).toBeVisible();
    await recruiter.getByLabel('Name, username, e-mail or phone').fill(bob.email);
    await recruiter.getByRole('button', { name: 'Search' }).click();
    const found = recruiter
      .getByTestId('tester-result')
      .filter({ has: recruiter.getByRole('rowheader', { name: `${bob.firstName} ${bob.lastName}` }) });
    await expect(found).toContainText('Suspended until');
    await expectNoAxeViolations(recruiter);
    await found.getByRole('link').click();
    await expect(recruiter.getByTestId('tester-suspension')).toContainText('Suspended until');
    await expectStaffPageSound(recruiter);
    const lift = recruiter.getByRole('form', { name: 'Lift the suspension' });
    await lift.getByLabel('Reason for lifting the suspension').fill('Hospital stay, letter seen');
    await lift.getByRole('button', { name: 'Lift the suspension' }).click();
    await expect(recruiter.getByText(STAFF_TESTER_TEXTS.suspensionLifted)).toBeVisible();
    await expect(recruiter.getByTestId('tester-suspension')).toHaveText('None in force');
    await expect(recruiter.getByTestId('tester-suspensions')).toContainText('Hospital stay, letter seen');
    await expectNoAxeViolations(recruiter);
    await bobPage.goto('/community/main/screener');
    await expect(bobPage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(bobPage.getByRole('complementary', { name: 'Account suspended' })).toHaveCount(0);

    // 7. Ann redeems her coins for a gift card; rewards staff fulfil it and the code reaches her.
    await annPage.goto('/community/main/account/coins');
    await annPage.getByRole('link', { name: 'redeem a reward' }).click();
    const dialog = annPage.getByRole('dialog', { name: 'Redeem a reward' });
    await dialog.getByRole('radio', { name: new RegExp(`^${escapeRegExp(FIVE)}`) }).check();
    await dialog.getByRole('button', { name: 'Get a reward' }).click();
    await expect(annPage.getByRole('dialog', { name: REDEEM_TEXTS.succeeded })).toBeVisible();

    const rewards = await openStaffConsole(browser, baseURL!, request, { roles: ['rewards'], name: `Rex Rewards ${suffix}` });
    await rewards.page.getByRole('main').getByRole('link', { name: 'Orders' }).click();
    await expect(rewards.page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const order = rewards.page
      .getByTestId('order-row')
      .filter({ has: rewards.page.getByRole('cell', { name: FIVE, exact: true }) })
      .filter({ hasText: ann.username });
    await expect(order).toContainText('Pending');
    await expectStaffPageSound(rewards.page);
    const code = `GIFT-${suffix}`;
    await order.getByLabel('Gift code or note').fill(code);
    await order.getByRole('button', { name: 'Fulfil' }).click();
    await expect(rewards.page.getByText(new RegExp(`Order #\\d+: ${escapeRegExp(ORDER_TEXTS.fulfilled)}`))).toBeVisible();
    const sent = await waitForMessage({ to: ann.email, subject: 'Your reward has been sent' });
    expect(sent.text).toContain(code);

    for (const context of [recruiter.context(), siteStaff.context(), annSide.context, bobSide.context, rewards.context])
      await context.close();
  } finally {
    unlockClock();
  }
});
