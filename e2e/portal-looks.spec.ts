import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { newTester } from './support/accounts';
import { attendStudy, bookGroup, createGroup } from './support/test-support';

/**
 * Issue 28, items 9 to 12: how the portal looks and behaves at the widths where the walk-through
 * found it wrong (1280 px desktop, 360 px phone). The tests measure the page (boxes, scroll widths,
 * computed styles) rather than compare pictures.
 */

const MAIN = '/community/main';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A session `days` ahead at a random five-minute mark within the next twelve hours, `minutes` long. */
function slot(days: number, minutes: number) {
  const start = Math.floor((Date.now() + days * DAY) / (5 * MINUTE)) * 5 * MINUTE + randomInt(0, 144) * 5 * MINUTE;
  return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + minutes * MINUTE).toISOString() };
}

/** The tester qualified for the study (as a passed screener records it) and its self-schedule address. */
async function selfScheduleLink(request: APIRequestContext, testerId: string, studyNo: number): Promise<string> {
  const response = await request.post('/api/test-support/self-schedule-link', {
    headers: { 'x-test-support-secret': process.env.E2E_TEST_SUPPORT_SECRET! },
    data: { testerId, studyNo },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

async function boxOf(page: Page, locator: ReturnType<Page['locator']>) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

/** The logged-in tester refers a new friend, whose referral is then not Complete. */
async function referFriend(page: Page) {
  const friend = newTester('frnd');
  const referred = await page.request.post('/api/account/UpdateReferralList', {
    headers: { 'x-requested-with': 'TesterHub' },
    data: {
      firstname: friend.firstName,
      lastname: friend.lastName,
      age: '40',
      emailAddress: friend.email,
      phoneNumber: `773${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
    },
  });
  expect(await referred.json()).toEqual({ status: 'succeed' });
  return friend;
}

test.describe('item 12: on desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a My account link stands beside the level badge and opens the account pages', async ({ loggedInPage: page }) => {
    await page.goto(`${MAIN}/screener`);
    await expect(page.getByRole('heading', { level: 1, name: 'Available studies' })).toBeVisible();
    const banner = page.getByRole('banner');
    const badgeButton = banner.getByTestId('level-progress-button');
    const account = banner.getByRole('link', { name: 'My account' });
    // Beside: on the badge's row, just after it. The header settles once the tester's level and coins
    // arrive, so both boxes are measured together until the layout says so.
    await expect
      .poll(async () => {
        const badge = await boxOf(page, badgeButton);
        const link = await boxOf(page, account);
        return {
          afterBadge: link.x >= badge.x + badge.width,
          closeToBadge: link.x - (badge.x + badge.width) < 40,
          sameRow: Math.abs(link.y + link.height / 2 - (badge.y + badge.height / 2)) < 8,
        };
      })
      .toEqual({ afterBadge: true, closeToBadge: true, sameRow: true });
    await expectNoAxeViolations(page);

    await account.click();
    await expect(page).toHaveURL(`${MAIN}/account/general`);
    await expect(account).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
  });
});

test.describe('item 10: the content card and the self-schedule page at 1280 x 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the card grows with a tall page: no scrolling inside it, the page background reaches the bottom', async ({
    loggedInPage: page,
  }) => {
    await page.goto(`${MAIN}/screener`);
    await expect(page.getByRole('heading', { level: 1, name: 'Available studies' })).toBeVisible();
    const card = page.getByTestId('portal-content');
    // A page taller than the window, whatever the studies listed today.
    await card.evaluate((element) => {
      const filler = document.createElement('div');
      filler.style.height = '1600px';
      element.append(filler);
    });
    // Measured until the layout has settled (the page may still be filling in below the heading).
    await expect
      .poll(() =>
        card.evaluate((element) => {
          const bottom = element.getBoundingClientRect().bottom + window.scrollY;
          const page = document.documentElement.scrollHeight;
          return {
            maxHeight: getComputedStyle(element).maxHeight,
            noInnerScroll: element.scrollHeight <= element.clientHeight + 1,
            pageTall: page > 1600,
            cardWithinPage: bottom <= page,
            bodyReachesCard: document.body.getBoundingClientRect().height + 1 >= bottom,
          };
        }),
      )
      .toEqual({ maxHeight: 'none', noInnerScroll: true, pageTall: true, cardWithinPage: true, bodyReachesCard: true });
  });

  test('an in-person study: its location in the table, the photo ID and arrive-early notes, and Schedule Me above the fold', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    await createGroup(request, { studyNo: 24101, seats: 4, sessions: [slot(40, 90)] });
    await page.goto(await selfScheduleLink(request, testerSession.tester.testerId, 24101));
    await expect(page.getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeVisible();
    const table = page.getByRole('table', { name: /^Times for / });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Choose',
      'Date',
      'Location',
      'Total days',
      'Total compensation',
      'Multi-day',
    ]);
    await expect(table.getByRole('cell', { name: /Chicago/ }).first()).toBeVisible();
    await expect(page.getByText(/Bring a government-issued photo ID/)).toBeVisible();
    await expect(page.getByText(/Arrive 15 minutes before your session starts/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Schedule Me' })).toBeInViewport();
    await expectNoAxeViolations(page);
  });

  test('a virtual study: "Virtual session" as its location, and no photo ID or arrive-early notes', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    await createGroup(request, { studyNo: 24106, kind: 'virtual', siteId: null, seats: 4, sessions: [slot(41, 30)] });
    await page.goto(await selfScheduleLink(request, testerSession.tester.testerId, 24106));
    await expect(page.getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeVisible();
    const table = page.getByRole('table', { name: /^Times for / });
    await expect(table.getByRole('cell', { name: 'Virtual session' }).first()).toBeVisible();
    await expect(page.getByText(/photo ID/)).toHaveCount(0);
    await expect(page.getByText(/Arrive 15 minutes/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Schedule Me' })).toBeInViewport();
    await expectNoAxeViolations(page);
  });
});

test.describe('item 9: disabled buttons', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  /** What makes a button look disabled: the same for every portal button, and unlike any action's colour. */
  const DISABLED_LOOK = { background: 'rgb(228, 231, 236)', color: 'rgb(71, 84, 103)', cursor: 'not-allowed' };
  const lookOf = (button: ReturnType<Page['locator']>) =>
    button.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, color: style.color, cursor: style.cursor };
    });

  test('child Register, Spin at 0 spins, Claim before Complete and Get a reward before a choice: one grey look, each with its reason beside it', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    // Register on the empty child form (a tester who has attended, so the form is offered).
    await attendStudy(request, testerSession.tester.testerId);
    await page.goto(`${MAIN}/account/general`);
    await page.getByRole('button', { name: 'Register your kid(s)' }).click();
    const childForm = page.getByRole('dialog', { name: 'Register your child' });
    const register = childForm.getByRole('button', { name: 'Register', exact: true });
    await expect(register).toBeDisabled();
    expect(await lookOf(register)).toEqual(DISABLED_LOOK);
    await expect(register).toHaveAccessibleDescription('Fill in every field to register.');
    await expect(childForm.getByText('Fill in every field to register.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(childForm).toBeHidden();

    // Spin with no spins left this week (the count as the server would send it then).
    await page.route('**/api/event/GetEventCount', async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: { ...(await answer.json()), count: 0 } });
    });
    await page.goto(`${MAIN}/winners/try-your-luck`);
    const spin = page.getByTestId('wheel-panel').getByRole('button', { name: /^Spin for \d+ coins$/ });
    await expect(spin).toBeDisabled();
    expect(await lookOf(spin)).toEqual(DISABLED_LOOK);
    await expect(spin).toHaveAccessibleDescription('You have used all your spins this week. Come back next Monday!');
    await expectNoAxeViolations(page);

    // Claim on a referral that is not Complete yet.
    const friend = await referFriend(page);
    await page.goto(`${MAIN}/referral/history`);
    const claim = page.getByRole('button', { name: `Claim the reward for ${friend.firstName} ${friend.lastName}` });
    await expect(claim).toBeDisabled();
    expect(await lookOf(claim)).toEqual(DISABLED_LOOK);
    await expect(claim).toHaveAccessibleDescription('Claimable once Complete');
    await expectNoAxeViolations(page);

    // Get a reward before a reward is chosen.
    await page.goto('/popup/redeem-item');
    const dialog = page.getByRole('dialog', { name: 'Redeem a reward' });
    const getReward = dialog.getByRole('button', { name: 'Get a reward' });
    await expect(getReward).toBeDisabled();
    expect(await lookOf(getReward)).toEqual(DISABLED_LOOK);
    await expect(getReward).toHaveAccessibleDescription('Choose a reward first.');
    await expectNoAxeViolations(page);
  });
});

test.describe('item 11: at 360 px (a phone)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  async function acceptCookieNotice(page: Page) {
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await notice.getByRole('button', { name: 'Accept' }).click();
    await expect(notice).toBeHidden();
  }

  test('quick-survey result bars have width beside their figures', async ({ loggedInPage: page }) => {
    await page.goto(`${MAIN}/quick-survey`);
    await acceptCookieNotice(page);
    await page
      .getByRole('list', { name: 'Quick surveys' })
      .getByRole('button', { name: 'Streaming at home 25 coins', exact: true })
      .click();
    await page.getByRole('group', { name: 'Which kinds of shows do you stream?' }).getByRole('checkbox', { name: 'Series' }).check();
    await page.getByRole('group', { name: 'How many hours a day do you stream?' }).getByRole('radio', { name: '1 to 2' }).check();
    await page.getByRole('textbox', { name: 'What do you miss in your streaming service?' }).fill('Subtitles');
    await page.getByRole('button', { name: 'Complete Survey', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: /Task complete|Level up!/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Streaming at home: what testers answered' })).toBeVisible();
    const bars = page.locator('.bar-chart__bar');
    await expect(bars.first()).toBeVisible();
    for (const bar of await bars.all()) await expect.poll(async () => (await bar.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    await expect.poll(() => noSideScroll(page)).toBe(true);
    await expectNoAxeViolations(page);
  });

  test('the leaderboard: a long username stays on one line, the three tabs on one row', async ({ loggedInPage: page }) => {
    const longName = 'WWWWWWWWWWWWWWWWWWWW';
    await page.route('**/api/leaderboard/GetRankerList', async (route) => {
      const answer = await route.fetch();
      const list = await answer.json();
      const ranker = { type: 'Deep Pockets', username: longName, imageSrc: list.myInfo.imageSrc, amount: 123456 };
      await route.fulfill({ response: answer, json: { ...list, coinRankers: [ranker, ...list.coinRankers].slice(0, 10) } });
    });
    await page.goto(`${MAIN}/account/general`);
    await acceptCookieNotice(page);
    await page.getByRole('button', { name: 'Open the leaderboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leaderboard' });
    await dialog.getByRole('tab', { name: 'Deep Pockets' }).click();
    const name = dialog.getByRole('tabpanel').getByText(longName, { exact: true });
    await expect(name).toBeVisible();
    // One line: every rectangle of the name's text starts at the same height (a name broken in two has a second row).
    await expect
      .poll(() =>
        name.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }),
      )
      .toBe(1);
    const tabs = dialog.getByRole('tab');
    await expect(tabs).toHaveCount(3);
    // The three measured together until the dialog's layout has settled.
    await expect
      .poll(async () => {
        const boxes = await Promise.all((await tabs.all()).map((tab) => tab.boundingBox()));
        if (boxes.some((box) => !box)) return null;
        return {
          oneRow: new Set(boxes.map((box) => Math.round(box!.y))).size === 1,
          allFit: boxes.every((box) => box!.x + box!.width <= 360),
        };
      })
      .toEqual({ oneRow: true, allFit: true });
    await expectNoAxeViolations(page);
  });

  test.describe('the login bonus calendar', () => {
    test.use({ showLoginBonus: true });

    test("each day's label fits inside its cell", async ({ loggedInPage: page }) => {
      await page.goto(`${MAIN}/screener`);
      const calendar = page.getByRole('list', { name: 'Login bonus calendar' });
      await expect(calendar).toBeVisible();
      const overflowing = () =>
        calendar.evaluate((list) =>
          [...list.querySelectorAll('.daily-calendar__day')]
            .filter((cell) => {
              const label = cell.querySelector('.daily-calendar__label')!;
              const box = cell.getBoundingClientRect();
              const text = label.getBoundingClientRect();
              return text.left < box.left || text.right > box.right || label.scrollWidth > label.clientWidth;
            })
            .map((cell) => cell.querySelector('.daily-calendar__label')!.textContent),
        );
      await expect.poll(overflowing).toEqual([]);
      await expectNoAxeViolations(page);
    });
  });

  test('the referral list does not scroll sideways inside the card', async ({ loggedInPage: page }) => {
    const friend = await referFriend(page);
    await page.goto(`${MAIN}/referral/history`);
    await acceptCookieNotice(page);
    const table = page.getByRole('region', { name: 'Your referrals and their status' });
    await expect(table.getByRole('row').filter({ hasText: friend.firstName })).toBeVisible();
    await expect.poll(() => table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    await expect(table.getByRole('button', { name: `Claim the reward for ${friend.firstName} ${friend.lastName}` })).toBeVisible();
    await expect.poll(() => noSideScroll(page)).toBe(true);
    await expectNoAxeViolations(page);
  });

  test('the compact navigation bar shows the current page’s entry', async ({ loggedInPage: page }) => {
    await page.goto(`${MAIN}/account/coins`);
    await expect(page.getByRole('heading', { level: 1, name: 'My coins' })).toBeVisible();
    const bar = page.getByRole('navigation', { name: 'Portal menu' });
    const current = bar.getByRole('link', { name: 'Coins', exact: true });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect
      .poll(async () => {
        const [outer, inner] = [(await bar.boundingBox())!, (await current.boundingBox())!];
        return inner.x >= outer.x && inner.x + inner.width <= outer.x + outer.width;
      })
      .toBe(true);
  });

  test('the call-out shows in full once, then collapses to its title on later pages and after a reload', async ({ loggedInPage: page }) => {
    await page.goto(`${MAIN}/screener`);
    await expect(page.getByRole('heading', { level: 1, name: 'Available studies' })).toBeVisible();
    const callouts = page.getByRole('complementary', { name: 'Call-outs' });
    await expect(callouts.getByText('Earn 50 coins')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('navigation', { name: 'Portal menu' }).getByRole('link', { name: 'About me', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About me' })).toBeVisible();
    const show = callouts.getByRole('button', { name: /^Show call-out: / });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await expect(callouts.getByText('Earn 50 coins')).toBeHidden();
    await expect.poll(async () => (await callouts.boundingBox())?.height ?? Infinity).toBeLessThanOrEqual(80);
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'About me' })).toBeVisible();
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await expect(callouts.getByText('Earn 50 coins')).toBeHidden();
    await show.click();
    await expect(callouts.getByText('Earn 50 coins')).toBeVisible();
    await expect(callouts.getByRole('button', { name: /^Hide call-out: / })).toHaveAttribute('aria-expanded', 'true');
  });

  test('a cancellation says it succeeded', async ({ loggedInPage: page, testerSession, request }) => {
    const group = await createGroup(request, { studyNo: 24106, kind: 'virtual', siteId: null, seats: 4, sessions: [slot(42, 45)] });
    await bookGroup(request, { testerId: testerSession.tester.testerId, groupId: group.groupId });
    await page.goto(`${MAIN}/schedule/check`);
    await expect(page.getByRole('heading', { level: 1, name: 'My schedule' })).toBeVisible();
    await page.getByRole('button', { name: /^Cancel Schedule: / }).click();
    await page.getByRole('dialog', { name: 'Cancel Schedule', exact: true }).getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(`${MAIN}/screener`);
    await expect(page.getByRole('status').filter({ hasText: 'Your booking has been cancelled.' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
