import { createHmac, randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { createGroup, type GroupFields, type SupportGroup } from './support/test-support';
import { MINUTE, siteSession, slot } from './support/site-clock';

/**
 * Issue 10, section 2: the self-schedule page (decision 025) in Chromium on the production build,
 * against the real server and database. Each test makes its own tester and its own session groups in
 * the seeded studies, and finds its rows by their dates (other tests' groups share the tables).
 * Expected dates are computed here from the instants with Intl in the test site's zone.
 */

const NAME = {
  24101: 'Breakfast cereal taste test, 90 minutes, $60',
  24106: 'Online screener: household cleaning habits, 10 minutes',
  24107: 'Online survey: streaming habits, 15 minutes (opens our survey partner)',
} as const;

const SELF = '/community/main/schedule/self';
const CHECK = '/community/main/schedule/check';
const SCREENER_LIST = '/community/main/screener';

const TEXTS = {
  congratulations: 'Congratulations!',
  bringId: /Bring a government-issued photo ID/,
  arrive: /Arrive 15 minutes before your session starts/,
  thankYou: 'Thank you!',
  reasons: [
    'You are already scheduled for another study.',
    'You took part in a similar study recently.',
    'The study was booked up while you were completing the screener.',
    'The quota for this study has been filled.',
  ],
  sorry: 'We are sorry',
  external: 'Thank you for completing the screener!',
  externalText: /Your schedule information will be available in 30 minutes/,
  completed: 'You have already completed this prescreening',
  rewardFailed: 'Failed to retrieve reward from external screener',
} as const;

function secretHeader(): Record<string, string> {
  return { 'x-test-support-secret': process.env.E2E_TEST_SUPPORT_SECRET! };
}

/** The tester qualified for the study (as a passed screener records it) and its self-schedule address. */
async function selfScheduleLink(request: APIRequestContext, testerId: string, studyNo: number): Promise<string> {
  const response = await request.post('/api/test-support/self-schedule-link', { headers: secretHeader(), data: { testerId, studyNo } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

/** An outside screener's token for the tester and study; with returnedMinutesAgo the return is already recorded. */
async function externalToken(request: APIRequestContext, testerId: string, studyNo: number, returnedMinutesAgo?: number): Promise<string> {
  const response = await request.post('/api/test-support/external-screener-token', {
    headers: secretHeader(),
    data: { testerId, studyNo, returnedMinutesAgo },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { ex: string }).ex;
}

/**
 * The partner's side of the return (docs/outside-screener-return.md): HMAC-SHA256 of the token with
 * the study's return secret, in hex. The demo seed's secret of 24107
 * (apps/server/src/modules/studies/studies-seed.ts DEMO_EXTERNAL_RETURN_SECRET).
 */
const DEMO_RETURN_SECRET = 'demo-partner-return-secret-24107-change-me';
const partnerSignature = (ex: string) => createHmac('sha256', DEMO_RETURN_SECRET).update(ex).digest('hex');

/** A group of its own in a seeded study, with room. */
async function ownGroup(request: APIRequestContext, fields: GroupFields): Promise<SupportGroup> {
  return createGroup(request, { seats: 4, ...fields });
}

/** The tester's coins, as the shell reads them. */
async function coins(page: Page): Promise<number> {
  const response = await page.request.get('/api/account/GetPKTesterInfo');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { coins: number }).coins;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

async function storedLink(page: Page) {
  return page.evaluate(() => Object.fromEntries(['s', 't', 'd', 'e', 'k', 'ex'].map((key) => [key, sessionStorage.getItem(key)])));
}

/** The reward popup: its coins, then Close. */
async function closeReward(page: Page, coinsText: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('reward-coins')).toHaveText(coinsText);
  // The level check has run when the title is no longer 'Reward earned'.
  await expect(dialog.getByRole('heading', { name: /Task complete|Level up!/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('self-schedule from a passed screener', () => {
  test('the hosted screener passed, the choices (view 1), Schedule Me, the reward, then the booking on the schedule check @postgres', async ({
    loggedInPage: page,
    request,
  }) => {
    const group = await ownGroup(request, { studyNo: 24101, color: 'Purple', coOpCostCents: 6000, sessions: [slot(12, 90)] });
    const closed = await ownGroup(request, { studyNo: 24101, status: 'Closed', sessions: [slot(14, 90)] });
    await page.goto('/community/main/screener/24101');
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

    await expect(page).toHaveURL(/\/community\/main\/schedule\/self\?s=/);
    await expect(heading(page, TEXTS.congratulations)).toBeFocused();
    await expect(page.getByText(TEXTS.bringId)).toBeVisible();
    await expect(page.getByText(TEXTS.arrive)).toBeVisible();
    const table = page.getByRole('table', { name: `Times for ${NAME[24101]}` });
    await expect(table).toBeVisible();
    const select = page.getByRole('radio', { name: `Select ${siteSession(group.sessions[0]!)}`, exact: true });
    const notify = page.getByRole('radio', { name: `Notify me ${siteSession(closed.sessions[0]!)} (Closed)`, exact: true });
    await expect(select).toBeVisible();
    await expect(notify).toBeVisible();
    const row = page.getByRole('row').filter({ has: select });
    await expect(row).toContainText('$60');
    await expectNoAxeViolations(page);

    const scheduleMe = page.getByRole('button', { name: 'Schedule Me' });
    await expect(scheduleMe).toBeDisabled();
    await notify.check();
    await expect(page.getByRole('button', { name: 'Wait for this time' })).toBeEnabled();
    await select.check();
    const before = await coins(page);
    await scheduleMe.click();
    await closeReward(page, '+100 coins');
    expect(await coins(page)).toBe(before + 100);

    await expect(page).toHaveURL(CHECK);
    expect(await storedLink(page)).toEqual({ s: null, t: null, d: null, e: null, k: null, ex: null });
    const card = page.getByTestId('booking-card').filter({ has: page.getByRole('heading', { level: 2, name: NAME[24101] }) });
    await expect(card).toContainText(siteSession(group.sessions[0]!));
    await expectNoAxeViolations(page);
  });

  test('a forged d: the mismatch apology (view 3)', async ({ loggedInPage: page, testerSession, request }) => {
    const url = new URL(await selfScheduleLink(request, testerSession.tester.testerId, 24101), 'http://x');
    const [payload, signature] = url.searchParams.get('d')!.split('.');
    url.searchParams.set('d', `${payload}.${signature!.slice(0, -4)}AAAA`);
    await page.goto(`${SELF}${url.search}`);
    await expect(heading(page, TEXTS.sorry)).toBeFocused();
    await expect(page.getByText(/does not match your account/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('times inside the notice window (issue 29, defect 1)', () => {
  test('at 1280 px a time starting within 24 hours, seats free, says "Booking closed" and why, with no Select or Notify me; a later time is picked as usual', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // Six hours ahead on the five-minute mark: not started, well inside the server's 24-hour notice window.
    const start = Math.floor((Date.now() + 6 * 60 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE + randomInt(0, 12) * 5 * MINUTE;
    const soon = await ownGroup(request, {
      studyNo: 24101,
      sessions: [{ startsAt: new Date(start).toISOString(), endsAt: new Date(start + 90 * MINUTE).toISOString() }],
    });
    const later = await ownGroup(request, { studyNo: 24101, sessions: [slot(16, 90)] });
    await page.goto(await selfScheduleLink(request, testerSession.tester.testerId, 24101));
    await expect(heading(page, TEXTS.congratulations)).toBeVisible();

    const table = page.getByRole('table', { name: `Times for ${NAME[24101]}` });
    // Another test's group of the study may start at the same five-minute mark (staff-sessions.spec.ts
    // makes one six hours ahead too), and its row reads the same: every row at that time is inside the
    // notice window, so each one is held to it.
    const rows = table.getByRole('row').filter({ hasText: siteSession(soon.sessions[0]!) });
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) {
      await expect(row.getByRole('cell').first()).toHaveText('Booking closed');
      await expect(row.getByRole('radio')).toHaveCount(0);
      await expect(row).not.toContainText('Notify me');
    }
    await expect(
      page.getByText(
        'Booking closes 24 hours before a time starts, so times marked Booking closed can no longer be chosen. To ask about one, call Tester Services at (800) 555-0142.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('radio', { name: new RegExp(`^(Select|Notify me) ${siteSession(soon.sessions[0]!)}`) })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: `Select ${siteSession(later.sessions[0]!)}`, exact: true })).toBeVisible();
    // The table fits the 1280-pixel window: no sideways scrolling.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await expectNoAxeViolations(page);
  });
});

test.describe('cancelling a self-scheduled booking (decision 080)', () => {
  test('the question says the coins go back; after Yes the screener list says how many, and the balance is where it was @postgres', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    const group = await ownGroup(request, { studyNo: 24101, sessions: [slot(36, 90)] });
    await page.goto(await selfScheduleLink(request, testerSession.tester.testerId, 24101));
    await expect(heading(page, TEXTS.congratulations)).toBeVisible();
    const before = await coins(page);
    await page.getByRole('radio', { name: `Select ${siteSession(group.sessions[0]!)}`, exact: true }).check();
    await page.getByRole('button', { name: 'Schedule Me' }).click();
    await closeReward(page, '+100 coins');
    await expect(page).toHaveURL(CHECK);
    expect(await coins(page)).toBe(before + 100);

    await page.getByRole('button', { name: `Cancel Schedule: ${NAME[24101]}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Schedule' });
    await expect(dialog).toContainText('The coins and experience a booking paid you are taken back when it is cancelled.');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(SCREENER_LIST);
    await expect(page.getByRole('status').filter({ hasText: 'The 100 coins for this booking have been taken back.' })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await coins(page)).toBe(before);
  });
});

test.describe('the waiting list', () => {
  test("Notify me turns the button into 'Wait for this time', which returns to the screener list saying so (issue 28, item 3)", async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    const closed = await ownGroup(request, { studyNo: 24101, status: 'Closed', sessions: [slot(16, 60)] });
    await page.goto(await selfScheduleLink(request, testerSession.tester.testerId, 24101));
    await expect(heading(page, TEXTS.congratulations)).toBeVisible();
    await page.getByRole('radio', { name: `Notify me ${siteSession(closed.sessions[0]!)} (Closed)`, exact: true }).check();
    await expect(page.getByRole('button', { name: 'Schedule Me' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Wait for this time' }).click();

    await expect(page).toHaveURL(SCREENER_LIST);
    await expect(page.getByRole('status').filter({ hasText: 'You are on the waiting list for' })).toContainText(NAME[24101]);
    await expectNoAxeViolations(page);
    // On the waiting list: the link now answers view 2 at once.
    await page.goBack();
    await expect(heading(page, TEXTS.thankYou)).toBeVisible();
    await expect(page.getByRole('region', { name: TEXTS.thankYou }).getByRole('listitem')).toHaveText([...TEXTS.reasons]);
  });

  test('Not interested returns to the screener list saying so (issue 28, item 3)', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    await ownGroup(request, { studyNo: 24101, sessions: [slot(18, 60)] });
    await page.goto(await selfScheduleLink(request, testerSession.tester.testerId, 24101));
    await expect(heading(page, TEXTS.congratulations)).toBeVisible();
    await page.getByRole('button', { name: 'Not interested' }).click();
    await expect(page).toHaveURL(SCREENER_LIST);
    await expect(page.getByRole('status').filter({ hasText: 'not interested in' })).toContainText(NAME[24101]);
    await expectNoAxeViolations(page);
  });
});

test.describe('several studies', () => {
  test('Next (1 of 2), then Schedule Me books both; the schedule check lists both @postgres', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    const testerId = testerSession.tester.testerId;
    const cereal = await ownGroup(request, { studyNo: 24101, sessions: [slot(20, 90)] });
    const cleaning = await ownGroup(request, { studyNo: 24106, kind: 'virtual', siteId: null, sessions: [slot(22, 30)] });
    await selfScheduleLink(request, testerId, 24101);
    await selfScheduleLink(request, testerId, 24106);

    // From the menu: every study waiting for the tester.
    await page.goto(SCREENER_LIST);
    await page.getByRole('navigation', { name: 'Portal menu' }).getByRole('link', { name: 'Self-schedule' }).click();
    await expect(page.getByText('Study 1 of 2', { exact: true })).toBeVisible();
    const next = page.getByRole('button', { name: 'Next (1 of 2)' });
    await expect(next).toBeDisabled();
    await expectNoAxeViolations(page);
    await page.getByRole('radio', { name: `Select ${siteSession(cereal.sessions[0]!)}`, exact: true }).check();
    await next.click();

    await expect(page.getByText('Study 2 of 2', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: NAME[24106] })).toBeFocused();
    await page.getByRole('radio', { name: `Select ${siteSession(cleaning.sessions[0]!)}`, exact: true }).check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Schedule Me' }).click();
    await closeReward(page, '+200 coins');

    await expect(page).toHaveURL(CHECK);
    await expect(page.getByTestId('booking-card')).toHaveCount(2);
    await expect(page.getByRole('heading', { level: 2, name: NAME[24101] })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: NAME[24106] })).toBeVisible();
  });
});

test.describe('the outside screener', () => {
  test('the return with ex and the partner’s sig: unsigned, nothing; signed, the reward once, view 4; again: view 5; the study is refused before 30 minutes @postgres', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    const ex = await externalToken(request, testerSession.tester.testerId, 24107);
    await ownGroup(request, { studyNo: 24107, kind: 'virtual', siteId: null, sessions: [slot(24, 30)] });
    const before = await coins(page);

    // The outbound token alone (the tester skipping the partner's screener) pays nothing (decision 077).
    await page.goto(`/ExternalScr.aspx?ex=${ex}`);
    await expect(page).toHaveURL(`${SELF}?ex=${ex}`);
    const unsigned = page.getByRole('dialog', { name: TEXTS.rewardFailed });
    await expect(unsigned).toBeVisible();
    await unsigned.getByRole('button', { name: 'Close' }).click();
    await expect(heading(page, TEXTS.completed)).toBeVisible();
    expect(await coins(page)).toBe(before);

    // The partner's signed return.
    const sig = partnerSignature(ex);
    await page.goto(`/ExternalScr.aspx?ex=${ex}&sig=${sig}`);
    await expect(page).toHaveURL(`${SELF}?ex=${ex}&sig=${sig}`);
    await closeReward(page, '+30 coins');
    await expect(heading(page, TEXTS.external)).toBeVisible();
    await expect(page.getByText(TEXTS.externalText)).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await coins(page)).toBe(before + 30);

    // The same signed return again: paid once, the failure text and view 5.
    await page.reload();
    const failed = page.getByRole('dialog', { name: TEXTS.rewardFailed });
    await expect(failed).toBeVisible();
    await expectNoAxeViolations(page);
    await failed.getByRole('button', { name: 'Close' }).click();
    await expect(heading(page, TEXTS.completed)).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await coins(page)).toBe(before + 30);

    // Before 30 minutes the study cannot be scheduled: view 4 again.
    await page.goto(SELF);
    await expect(heading(page, TEXTS.external)).toBeFocused();
    await expect(page.getByText(TEXTS.externalText)).toBeVisible();
  });

  test('31 minutes after the return the study opens', async ({ loggedInPage: page, testerSession, request }) => {
    await externalToken(request, testerSession.tester.testerId, 24107, 31);
    const group = await ownGroup(request, { studyNo: 24107, kind: 'virtual', siteId: null, sessions: [slot(26, 30)] });
    await page.goto(SELF);
    await expect(heading(page, TEXTS.congratulations)).toBeVisible();
    await expect(page.getByRole('radio', { name: `Select ${siteSession(group.sessions[0]!)}`, exact: true })).toBeVisible();
  });
});

test.describe('coming back', () => {
  test('the session ends while choosing: the login page says so, and the link is kept for after the login', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    const group = await ownGroup(request, { studyNo: 24101, sessions: [slot(32, 60)] });
    const url = await selfScheduleLink(request, testerSession.tester.testerId, 24101);
    await page.goto(url);
    await page.getByRole('radio', { name: `Select ${siteSession(group.sessions[0]!)}`, exact: true }).check();
    // The session ends (another tab logged out): the next call meets a 401.
    await page.context().clearCookies({ name: testerSession.cookie.name });
    await page.getByRole('button', { name: 'Schedule Me' }).click();

    await expect(page).toHaveURL('/community/login');
    const notice = page.getByRole('dialog', { name: 'Session expired' });
    await expect(notice).toHaveText(
      /Your session has expired, Please log in again to complete the scheduling process and get your coins and xp\./,
    );
    await expectNoAxeViolations(page);
    const link = new URL(url, 'http://x').searchParams;
    expect(await storedLink(page)).toMatchObject({ s: link.get('s'), t: link.get('t'), d: link.get('d') });
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(notice).toBeHidden();
  });

  test("nothing scheduled but a study waits: the schedule check's 'Schedule my study' leads back to it", async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    const group = await ownGroup(request, { studyNo: 24101, sessions: [slot(34, 60)] });
    await selfScheduleLink(request, testerSession.tester.testerId, 24101);
    await page.goto(CHECK);
    await expect(page.getByText('Nothing currently scheduled')).toBeVisible();
    await expect(page.getByText('You have a study waiting to be scheduled.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Schedule my study' }).click();
    await expect(heading(page, TEXTS.congratulations)).toBeVisible();
    await expect(page.getByRole('radio', { name: `Select ${siteSession(group.sessions[0]!)}`, exact: true })).toBeVisible();
  });
});

test.describe('at 360 px (a phone)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the choices fit the screen, and Schedule Me books', async ({ loggedInPage: page, testerSession, request }) => {
    const group = await ownGroup(request, { studyNo: 24101, sessions: [slot(28, 90)] });
    await ownGroup(request, { studyNo: 24101, status: 'Closed', sessions: [slot(30, 90)] });
    await page.goto(await selfScheduleLink(request, testerSession.tester.testerId, 24101));
    await expect(heading(page, TEXTS.congratulations)).toBeVisible();
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await notice.getByRole('button', { name: 'Accept' }).click();
    await expect(notice).toBeHidden();
    const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await expect.poll(noSideScroll).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole('radio', { name: `Select ${siteSession(group.sessions[0]!)}`, exact: true }).check();
    await page.getByRole('button', { name: 'Schedule Me' }).click();
    await closeReward(page, '+100 coins');
    await expect(page).toHaveURL(CHECK);
    await expect.poll(noSideScroll).toBe(true);
  });
});
