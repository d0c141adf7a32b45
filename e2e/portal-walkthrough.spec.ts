import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { waitForMessage } from './support/mailbox';
import { addSessionCookie, attendStudy, createGroup, createTester, startSession } from './support/test-support';
import { DAY, MINUTE, siteMoment, siteSession, slot } from './support/site-clock';

/**
 * Issue 28, items 1 to 6: what the walk-through of the tester portal against specs 2 and 3 found
 * wrong or misleading, each at the width where it was found (1280 px, the config's viewport).
 * Each test makes its own tester and its own session groups in the seeded studies.
 */

const SELF = '/community/main/schedule/self';
const CHECK = '/community/main/schedule/check';
const SCREENER_LIST = '/community/main/screener';
const CEREAL = 'Breakfast cereal taste test, 90 minutes, $60';
function secretHeader(): Record<string, string> {
  return { 'x-test-support-secret': process.env.E2E_TEST_SUPPORT_SECRET! };
}

/** The tester qualified for the study (as a passed screener records it) and its self-schedule address. */
async function selfScheduleLink(request: APIRequestContext, testerId: string, studyNo: number): Promise<string> {
  const response = await request.post('/api/test-support/self-schedule-link', { headers: secretHeader(), data: { testerId, studyNo } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** The reward popup a booking or a screener opens: checked by axe, then closed. */
async function closeReward(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /Task complete|Level up!/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('item 1: a pick-up study names its curb-side pick-up and its video session', () => {
  test('self-schedule, My schedule and the booking e-mail each show both dates, each under its own name', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    const video = slot(40, 30);
    // The pick-up two weeks before the video session, as in the demo's Orange study.
    const pickUpAt = new Date(Date.parse(video.startsAt) - 14 * DAY - 2 * 60 * MINUTE).toISOString();
    await createGroup(request, {
      studyNo: 24103,
      kind: 'pickUp',
      color: 'Orange',
      videoLink: 'https://video.testerhub.example/room/item-1',
      pickUpAt,
      seats: 4,
      sessions: [video],
    });
    const pickUp = `Curb-side pick-up: ${siteMoment(pickUpAt)}`;
    const session = `Virtual video session: ${siteSession(video)}`;

    await page.goto(await selfScheduleLink(request, testerSession.tester.testerId, 24103));
    await expect(heading(page, 'Congratulations!')).toBeVisible();
    const choice = page.getByRole('radio', { name: `Select ${pickUp}`, exact: true });
    const row = page.getByRole('row').filter({ has: choice });
    await expect(row.getByRole('listitem')).toHaveText([pickUp, session]);
    await expectNoAxeViolations(page);

    await choice.check();
    await page.getByRole('button', { name: 'Schedule Me' }).click();
    await closeReward(page);
    await expect(page).toHaveURL(CHECK);
    const card = page.getByTestId('booking-card');
    await expect(card).toContainText(`Curb-side pick-up${siteMoment(pickUpAt)}`);
    await expect(card).toContainText(`Virtual video session${siteMoment(video.startsAt)}`);
    await expectNoAxeViolations(page);

    const booked = await waitForMessage({ to: testerSession.tester.email, subject: 'You are booked' });
    expect(booked.text).toContain(`${pickUp}.`);
    expect(booked.text).toContain(`${session}.`);
    expect(booked.text).not.toContain('When:');
  });
});

test.describe('item 2: Self-schedule from the menu shows what is bookable now', () => {
  test('after a link with nothing to book, the menu offers the study still waiting, not that link again', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    const testerId = testerSession.tester.testerId;
    const teal = await createGroup(request, { studyNo: 24106, kind: 'virtual', siteId: null, seats: 4, sessions: [slot(44, 30)] });
    const tealChoice = page.getByRole('radio', { name: `Select ${siteSession(teal.sessions[0]!)}`, exact: true });

    // Qualified for Teal, which has a time: the tester looks and leaves without booking.
    await page.goto(await selfScheduleLink(request, testerId, 24106));
    await expect(tealChoice).toBeVisible();
    // Qualified for Navy, which has no times: 'could not schedule you'.
    await page.goto(await selfScheduleLink(request, testerId, 24110));
    await expect(heading(page, 'Thank you!')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('navigation', { name: 'Portal menu' }).getByRole('link', { name: 'Self-schedule' }).click();
    await expect(page).toHaveURL(SELF);
    await expect(heading(page, 'Congratulations!')).toBeVisible();
    await expect(tealChoice).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('item 3: "Wait for this time" and "Not interested" say what happened and return to the screener list', () => {
  const reasons = (page: Page) => page.getByText('You are already scheduled for another study.');

  test('Wait for this time: the screener list confirms the waiting list, with no unrelated reasons', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    const closed = await createGroup(request, { studyNo: 24101, status: 'Closed', seats: 4, sessions: [slot(46, 60)] });
    await page.goto(await selfScheduleLink(request, testerSession.tester.testerId, 24101));
    await page.getByRole('radio', { name: `Notify me ${siteSession(closed.sessions[0]!)} (Closed)`, exact: true }).check();
    await page.getByRole('button', { name: 'Wait for this time' }).click();

    await expect(page).toHaveURL(SCREENER_LIST);
    await expect(page.getByRole('status').filter({ hasText: 'You are on the waiting list for' })).toHaveText(
      `You are on the waiting list for ${CEREAL}. We will contact you if a place opens at the time you chose.`,
    );
    await expect(reasons(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('Not interested: the screener list confirms it, with no unrelated reasons', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    await createGroup(request, { studyNo: 24101, seats: 4, sessions: [slot(48, 60)] });
    await page.goto(await selfScheduleLink(request, testerSession.tester.testerId, 24101));
    await expect(heading(page, 'Congratulations!')).toBeVisible();
    await page.getByRole('button', { name: 'Not interested' }).click();

    await expect(page).toHaveURL(SCREENER_LIST);
    await expect(page.getByRole('status').filter({ hasText: 'not interested' })).toHaveText(
      `You told us you are not interested in ${CEREAL}. We will not offer you its times again.`,
    );
    await expect(reasons(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('item 4: one coin balance on every place that shows it', () => {
  test("entering the gift-card drawing and spinning: the wheel's coins follow the bar's", async ({ page, context, request, baseURL }) => {
    const tester = await createTester(request, { coins: 270 });
    await addSessionCookie(context, baseURL!, await startSession(request, { testerId: tester.testerId }));
    await page.goto('/community/main/winners/try-your-luck');
    const bar = page.getByTestId('level-progress-button');
    const wheelCoins = page.getByTestId('wheel-panel').getByTestId('wheel-coins');
    await expect(wheelCoins).toHaveText('270');
    await expect(bar).toContainText('270 coins');

    await page.getByRole('button', { name: 'Enter for 100 coins' }).click();
    await expect(bar).toContainText('170 coins');
    await expect(wheelCoins).toHaveText('170');
    await expectNoAxeViolations(page);

    // A spin (the suite's reduced motion stops the wheel at once): both show the same balance after it.
    await page.getByTestId('wheel-panel').getByRole('button', { name: 'Spin for 50 coins' }).click();
    const result = page.getByTestId('wheel-result');
    await expect(result).toBeVisible();
    const reward = Number((await result.textContent())!.match(/[\d,]+/)![0].replace(/,/g, ''));
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const after = (170 - 50 + reward).toLocaleString('en-US');
    await expect(wheelCoins).toHaveText(after);
    await expect(bar).toContainText(`${after} coins`);
  });
});

test.describe("item 5: a screener's coin promise and its payment agree", () => {
  test('the screener says its coins come with qualifying; ruled out, the tester is paid nothing, as it said', async ({
    loggedInPage: page,
  }) => {
    const balance = async () => ((await (await page.request.get('/api/account/GetPKTesterInfo')).json()) as { coins: number }).coins;
    const before = await balance();
    await page.goto('/community/main/screener/24101');
    await expect(page.getByText(/^Earn \d+ coins if you qualify for this study\.$/)).toBeVisible();
    await expect(page.getByText(/for completing this screener/)).toHaveCount(0);
    await expectNoAxeViolations(page);

    // 'Never' rules the tester out of the cereal study.
    await page.getByRole('radio', { name: 'Never' }).check();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('spinbutton', { name: /How many people live in your household\?/ }).fill('3');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(heading(page, 'Thank you for your time')).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await balance()).toBe(before);
  });
});

test.describe('item 6: children, the first-visit rule said before the form', () => {
  const FIRST_VISIT_RULE = /Online registration of children opens after your first visit/;

  test('a tester who never came in hears the rule on the account tile and in the kid study\'s "Register your child?" prompt', async ({
    loggedInPage: page,
  }) => {
    await page.goto('/community/main/account/general');
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    const tile = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Register your kid(s)' }) });
    await expect(tile).toContainText(FIRST_VISIT_RULE);
    await expectNoAxeViolations(page);

    await page.goto(SCREENER_LIST);
    const card = page.getByTestId('screener-card').filter({ hasText: 'Parent and child snack test' });
    await card.getByRole('button', { name: /^Take the screener/ }).click();
    const prompt = page.getByRole('dialog', { name: 'Register your child?' });
    await expect(prompt).toContainText(FIRST_VISIT_RULE);
    await expectNoAxeViolations(page);
  });

  test('a child-confirmation link opened while logged out lands on the login page, which says why', async ({ page }) => {
    await page.goto(`/community?k=${crypto.randomUUID()}`);
    await expect(page).toHaveURL('/community/login');
    await expect(page.getByRole('status').filter({ hasText: 'confirm your child' })).toHaveText(
      "Log in to confirm your child's registration: the link you opened is kept and finishes the confirmation once you are logged in.",
    );
    await expectNoAxeViolations(page);
  });

  test('the registration success says plainly what happens in the next 24 hours', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    await attendStudy(request, testerSession.tester.testerId);
    await page.goto('/community/main/account/general');
    await page.getByRole('button', { name: 'Register your kid(s)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register your child' });
    await dialog.getByRole('textbox', { name: 'First name' }).fill(`Ava${randomLetters()}`);
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Example');
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill('3125550123');
    await dialog.getByRole('textbox', { name: 'Phone number' }).blur();
    await dialog.getByRole('combobox', { name: 'Race' }).selectOption({ label: 'Asian' });
    await dialog.getByRole('combobox', { name: 'Gender' }).selectOption({ label: 'Female' });
    await dialog.getByRole('combobox', { name: 'Year' }).selectOption(String(new Date().getFullYear() - 9));
    await dialog.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'February' });
    await dialog.getByRole('combobox', { name: 'Day' }).selectOption('3');
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();

    const done = page.getByRole('dialog', { name: 'Child registered' });
    await expect(done).toContainText('Tester Services will phone you to confirm your child: they try up to 3 times within 24 hours.');
    await expect(done).toContainText(
      "If they cannot confirm your child in that time, the registration is cancelled and your child's details are deleted; you can then register again.",
    );
    await expectNoAxeViolations(page);
  });
});

/** Letters only (a name must be), so that no two runs register the same child. */
function randomLetters(): string {
  return Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(0, 26))).join('');
}
