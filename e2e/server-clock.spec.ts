import type { APIRequestContext, Page } from '@playwright/test';
import { DAILY_BONUS_TEXTS } from '@testerhub/shared/daily-bonus-schemas';
import { EVENT_TEXTS } from '@testerhub/shared/winners-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { nextBonusAnswer } from './support/daily-bonus';
import { messagesTo, waitForMessage } from './support/mailbox';
import { clockBaseURL, runScheduledJob, setServerClock } from './support/server-clock';
import { addSessionCookie, createTester, startSession, type SupportTester } from './support/test-support';
import { lockServerClock, lockTermsPublishing } from './support/terms-lock';

/**
 * Issue 11, sections 1 and 2 on the server's clock (decision 042): the daily bonus across company
 * days (decision 033) and the Monday gift-card drawing (decision 037), with time moved on the
 * server's second listener. Its clock is one for the whole run, so this file runs its tests one
 * after the other, holding the clock's lock (staff-chain.spec.ts is the other spec that sets it).
 */

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: clockBaseURL() });
let unlockClock: (() => void) | undefined;
let unlockTerms: (() => void) | undefined;
test.beforeAll(async () => {
  test.setTimeout(660_000);
  unlockClock = await lockServerClock();
  // Its testers come back over several company days: a terms version another spec published
  // meanwhile (staff-content.spec.ts) asks them to accept it before the daily calendar shows.
  unlockTerms = await lockTermsPublishing(600_000);
});
test.afterAll(() => {
  unlockTerms?.();
  unlockClock?.();
});

const ZONE = 'America/Chicago'; // LOYALTY_TIME_ZONE's default: the suite's server sets none
const SCREENER = '/community/main/screener';
const TRY_YOUR_LUCK = '/community/main/winners/try-your-luck';
const DRAWING_JOB = 'gold-card-drawing';

/** The day (YYYY-MM-DD) `days` after `day`. */
function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The company's day and time of an instant, as 'YYYY-MM-DD HH:MM'. */
function companyTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** The instant (ISO) of `time` (HH:MM) on `day` in the company's zone (Chicago is 6 or 5 hours behind UTC). */
function atCompanyTime(day: string, time: string): string {
  for (const offset of ['-06:00', '-05:00']) {
    const at = new Date(`${day}T${time}:00${offset}`);
    if (companyTime(at) === `${day} ${time}`) return at.toISOString();
  }
  throw new Error(`No ${day} ${time} in ${ZONE}`);
}

/** The Monday that starts the company week of `day`. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The tester comes to the site at `at` on the server's clock: a session written at that time (the
 * one of an earlier day is over, 2 hours idle), as a login would. Answers the instant.
 */
async function comeBackAt(page: Page, request: APIRequestContext, testerId: string, at: string): Promise<void> {
  await setServerClock(request, at);
  await addSessionCookie(page.context(), clockBaseURL(), await startSession(request, { testerId }));
}

test.describe('the daily bonus on company days', () => {
  test.use({ showLoginBonus: true });

  const calendar = (page: Page) => page.getByRole('dialog', { name: DAILY_BONUS_TEXTS.title });
  const day = (page: Page, n: number) => page.getByTestId(`daily-day-${n}`);

  /** Claims today's reward through the calendar, as a tester does: day `n`, worth `coins`. */
  async function claimInCalendar(page: Page, n: number, coins: number): Promise<void> {
    await expect(day(page, n)).toHaveAttribute('aria-current', 'date');
    await calendar(page).getByRole('button', { name: "Get today's reward" }).click();
    const coin = page.getByRole('dialog', { name: `Day ${n} reward` });
    await expect(coin.getByTestId('daily-today-coins')).toHaveText(`${coins} coins`);
    await coin.getByRole('button', { name: 'Collect' }).click();
    const result = page.getByRole('dialog');
    await expect(result.getByText(DAILY_BONUS_TEXTS.thanks)).toBeVisible();
    await expect(result.getByTestId('reward-coins')).toHaveText(`+${coins} coins`);
    await result.getByRole('button', { name: 'Close' }).click();
  }

  async function expectNoCalendar(page: Page): Promise<void> {
    // The page's answer first: the heading and the shell can show before it, and "no dialog" with them.
    const answered = nextBonusAnswer(page);
    await page.goto(SCREENER);
    expect(await answered, 'today still to claim').toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('level-progress-button')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  test('day 27 late in the evening, day 28 after the company midnight, then day 1 with nothing received @postgres', async ({
    page,
    request,
  }) => {
    // 2 January 2031 is a Thursday; Chicago is on standard time (UTC-6) all through.
    const first = '2031-01-02';
    await setServerClock(request, atCompanyTime(first, '10:00'));
    const tester = await createTester(request);

    // Days 1 to 26 claimed on 26 company days in a row, through the call the calendar makes.
    for (let n = 1; n <= 26; n += 1) {
      await comeBackAt(page, request, tester.testerId, atCompanyTime(addDays(first, n - 1), '10:00'));
      const response = await page.request.get('/api/reward/GetDailyReward', { headers: { 'x-requested-with': 'TesterHub' } });
      expect(await response.json()).toMatchObject({ status: 'succeed', day: n });
    }

    // Day 27 at 17:30 in Chicago (23:30 UTC): the calendar at entry, claimed in it.
    const day27 = addDays(first, 26);
    await comeBackAt(page, request, tester.testerId, atCompanyTime(day27, '17:30'));
    await page.goto(SCREENER);
    await expect(calendar(page)).toBeVisible();
    for (const received of [1, 14, 26]) await expect(day(page, received)).toContainText('received');
    await expect(day(page, 28)).not.toContainText('received');
    await claimInCalendar(page, 27, 20);

    // 21:00 in Chicago is the next day in UTC, still day 27's company day: no calendar.
    await comeBackAt(page, request, tester.testerId, atCompanyTime(day27, '21:00'));
    expect(new Date(atCompanyTime(day27, '21:00')).toISOString().slice(0, 10)).toBe(addDays(day27, 1));
    await expectNoCalendar(page);

    // Half past midnight in Chicago: the next company day, day 28, the special reward.
    await comeBackAt(page, request, tester.testerId, atCompanyTime(addDays(day27, 1), '00:30'));
    await page.goto(SCREENER);
    await expect(calendar(page)).toBeVisible();
    await expect(day(page, 27)).toContainText('received');
    await expectNoAxeViolations(page);
    await claimInCalendar(page, 28, 200);
    await expectNoCalendar(page);

    // The day after day 28: the cycle wraps to day 1, with nothing received.
    await comeBackAt(page, request, tester.testerId, atCompanyTime(addDays(day27, 2), '09:00'));
    await page.goto(SCREENER);
    await expect(calendar(page)).toBeVisible();
    await expect(day(page, 1)).toHaveAttribute('aria-current', 'date');
    await expect(calendar(page).getByText('received')).toHaveCount(0);
    await claimInCalendar(page, 1, 10);
  });

  test('a missed day does not reset the cycle: the next claim is the day after the last one @postgres', async ({ page, request }) => {
    const first = '2031-03-03';
    await setServerClock(request, atCompanyTime(first, '12:00'));
    const tester = await createTester(request);
    await comeBackAt(page, request, tester.testerId, atCompanyTime(first, '12:00'));
    await page.goto(SCREENER);
    await claimInCalendar(page, 1, 10);

    await comeBackAt(page, request, tester.testerId, atCompanyTime(addDays(first, 1), '12:00'));
    await page.goto(SCREENER);
    await claimInCalendar(page, 2, 10);

    // Two days away, then back: day 3, with days 1 and 2 received.
    await comeBackAt(page, request, tester.testerId, atCompanyTime(addDays(first, 4), '12:00'));
    await page.goto(SCREENER);
    await expect(calendar(page)).toBeVisible();
    await expect(day(page, 3)).toHaveAttribute('aria-current', 'date');
    for (const received of [1, 2]) await expect(day(page, received)).toContainText('received');
    await expect(calendar(page).getByText('received')).toHaveCount(2);
    await claimInCalendar(page, 3, 10);

    // The login count: the three company days of this month the tester came.
    await page.goto('/community/main/account/general');
    await expect(page.getByTestId('login-count')).toHaveText('3 days this month');
  });
});

test.describe("the gift-card drawing on Monday's schedule", () => {
  const enterButton = (page: Page) => page.getByRole('button', { name: 'Enter for 100 coins' });
  const comeBackMonday = (page: Page) => page.getByRole('button', { name: EVENT_TEXTS.comeBackMonday });

  /** Whenever the new-terms dialog covers what the test acts on, the tester accepts the terms. */
  function acceptNewTerms(page: Page): void {
    void page.addLocatorHandler(page.getByRole('dialog', { name: 'Our terms have changed' }), async (dialog) => {
      await dialog.getByRole('button', { name: 'I accept' }).click();
    });
  }

  /** Enters the drawing on the try-your-luck page, as a tester does. */
  async function enterDrawing(page: Page, coinsAfter: string): Promise<void> {
    await page.goto(TRY_YOUR_LUCK);
    await enterButton(page).click();
    await expect(comeBackMonday(page)).toBeDisabled();
    await expect(page.getByTestId('level-progress-button')).toContainText(coinsAfter);
  }

  test("entries in one company week, Monday's job draws one of them, e-mails and lists the winner, once; a new week's entry opens @postgres", async ({
    page,
    request,
    browser,
  }) => {
    // A week no earlier run drew: after every drawing in the database (this listener's weeks lie
    // ahead of today's), so a database kept between runs still has an undrawn week to use.
    const before = atCompanyTime(mondayOf(companyTime(new Date()).slice(0, 10)), '12:00');
    await setServerClock(request, before);
    const first = await createTester(request, { coins: 300 });
    await comeBackAt(page, request, first.testerId, before);
    const winners = await page.request.get('/api/event/GetWinnerList');
    expect(winners.status()).toBe(200);
    const { giftCardWinners } = (await winners.json()) as { giftCardWinners: { eventStamp: string }[] };
    const latest = Math.max(Date.now(), ...giftCardWinners.map((winner) => Date.parse(winner.eventStamp)));
    const monday = addDays(mondayOf(companyTime(new Date(latest)).slice(0, 10)), 14);
    const nextMonday = addDays(monday, 7);
    // A terms version another spec publishes meanwhile (the staff console's, decision 057) comes in
    // force on this listener's later days after the tester registered: they accept it, as a tester would.
    acceptNewTerms(page);

    // Wednesday: the first tester enters, once: 'come back next Monday'.
    await comeBackAt(page, request, first.testerId, atCompanyTime(addDays(monday, 2), '12:00'));
    await enterDrawing(page, '200');
    await page.reload();
    await expect(comeBackMonday(page)).toBeDisabled();

    // Monday 00:05 in UTC is Sunday evening in Chicago: the hourly job runs (decision 065), but this week has not ended.
    const mondayInUtc = `${nextMonday}T00:05:00.000Z`;
    expect(companyTime(new Date(mondayInUtc))).toMatch(new RegExp(`^${addDays(monday, 6)} 1[89]:05$`));
    await setServerClock(request, mondayInUtc);
    const early = await runScheduledJob(request, DRAWING_JOB);
    expect(early).toMatchObject({ status: 200 });
    expect(early).not.toMatchObject({ result: { week: monday } });

    // Sunday 23:30 in Chicago, the week's last half hour: a second tester enters, in another browser.
    const secondContext = await browser.newContext({ baseURL: clockBaseURL() });
    await secondContext.addCookies([
      { name: 'loginBonusLater', value: '1', url: clockBaseURL(), expires: Math.floor(Date.now() / 1000) + 86_400 },
    ]);
    const second = await createTester(request, { coins: 150 });
    const secondPage = await secondContext.newPage();
    acceptNewTerms(secondPage);
    await comeBackAt(secondPage, request, second.testerId, atCompanyTime(addDays(monday, 6), '23:30'));
    await enterDrawing(secondPage, '50');
    await secondContext.close();

    // Monday 00:05 in Chicago: the job's schedule fires, and its work draws last week.
    await setServerClock(request, atCompanyTime(nextMonday, '00:05'));
    const drawing = await runScheduledJob(request, DRAWING_JOB);
    expect(drawing).toMatchObject({ status: 200, result: { status: 'drawn', week: monday, entries: 2 } });
    const winnerId = (drawing as { result: { winnerId: string } }).result.winnerId;
    const [winner, other] = (winnerId === first.testerId ? [first, second] : [second, first]) as [SupportTester, SupportTester];
    expect([first.testerId, second.testerId]).toContain(winnerId);

    const mail = await waitForMessage({ to: winner.email, subject: 'You won the weekly drawing' });
    expect(mail.text).toContain(`the week of ${monday}`);
    expect(mail.text).toContain('$25 e-gift card');

    // The winners page lists the winner; the new week takes a new entry.
    await comeBackAt(page, request, first.testerId, atCompanyTime(nextMonday, '00:10'));
    await page.goto(TRY_YOUR_LUCK);
    await expect(page.getByTestId('gift-card-winners').getByRole('listitem').first()).toContainText(winner.username);
    await expectNoAxeViolations(page);
    await expect(enterButton(page)).toBeEnabled();
    await enterDrawing(page, '100');

    // The schedule fires again at 01:05 (hourly): last week is drawn, nothing new.
    await setServerClock(request, atCompanyTime(nextMonday, '01:05'));
    expect(await runScheduledJob(request, DRAWING_JOB)).toEqual({ status: 200, result: { status: 'alreadyDrawn' } });
    await page.reload();
    await expect(page.getByTestId('gift-card-winners').getByRole('listitem').first()).toContainText(winner.username);
    expect(messagesTo(winner.email).filter((message) => message.subject.includes('You won the weekly drawing'))).toHaveLength(1);
    expect(messagesTo(other.email).filter((message) => message.subject.includes('You won the weekly drawing'))).toHaveLength(0);
  });
});
