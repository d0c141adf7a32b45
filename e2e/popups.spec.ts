import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, currentYear } from './fixtures';
import { holdPageClock } from './support/clock';
import { readApi } from './support/api-read';
import { requestsReported } from './support/page-settled';

interface Faq {
  type: number;
  question: string;
  answer: string;
}
interface Winner {
  winnerTypeDesc: string;
  year: number;
  winnerTime: string;
  winner: string;
  periodStart: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Waits until a popup has its title and no loading text left. */
async function expectPopupLoaded(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText(/^Loading/)).toHaveCount(0);
}

function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, ' ');
}

test.describe('FAQ popup', () => {
  test('groups, case-insensitive search over question and answer, empty search restores, items toggle', async ({ page, request }) => {
    const faqs = await readApi<Faq[]>(request, '/api/reward/GetFaqs');
    expect(faqs.length).toBeGreaterThan(0);

    await page.goto('/popup/faqs');
    await expectPopupLoaded(page, 'FAQs');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(['General', 'Tester Support', 'Tester Rewards', 'Privacy Policy']);
    const items = page.getByTestId('faq-item');
    await expect(items).toHaveCount(faqs.length);
    const initialCount = await items.count();
    await expectNoAxeViolations(page);

    // 'government' is only in an answer (bring a government-issued photo ID), never in a question.
    const search = main.getByRole('searchbox', { name: 'Search the questions' });
    const keyword = 'GoVeRnMeNt';
    const needle = keyword.toLowerCase();
    const expected = faqs.filter((faq) => faq.question.toLowerCase().includes(needle) || textOf(faq.answer).toLowerCase().includes(needle));
    expect(expected.length).toBeGreaterThan(0);
    expect(
      expected.some((faq) => !faq.question.toLowerCase().includes(needle)),
      'the keyword matches an answer only',
    ).toBe(true);
    await search.fill(keyword);
    await expect(items).toHaveCount(expected.length);
    await expect(items.locator('button > span:not([aria-hidden])')).toHaveText(expected.map((faq) => faq.question));

    // A word in a question: same rule, upper case.
    await search.fill('COINS');
    const byQuestion = faqs.filter(
      (faq) => faq.question.toLowerCase().includes('coins') || textOf(faq.answer).toLowerCase().includes('coins'),
    );
    expect(byQuestion.some((faq) => faq.question.toLowerCase().includes('coins'))).toBe(true);
    await expect(items).toHaveCount(byQuestion.length);
    await expectNoAxeViolations(page);

    await search.fill('');
    await expect(items).toHaveCount(initialCount);

    const first = items.first();
    const toggle = first.getByRole('button');
    const answer = first.locator('.faq-item__answer');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(answer).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();
    await expect(answer).not.toBeEmpty();
    await expectNoAxeViolations(page);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(answer).toBeHidden();
  });

  test('a second visit in the same page session reads the cached FAQ list', async ({ page }) => {
    let faqCalls = 0;
    page.on('request', (req) => {
      if (/\/api\/reward\/getfaqs/i.test(new URL(req.url()).pathname)) faqCalls += 1;
    });
    await page.goto('/');
    await expectNoAxeViolations(page);
    const footerFaqs = page.getByRole('contentinfo').getByRole('navigation', { name: 'Learn More' }).getByRole('link', { name: 'FAQS' });

    await footerFaqs.click();
    await expect(page).toHaveURL('/popup/faqs');
    await expectPopupLoaded(page, 'FAQs');
    await expect(page.getByTestId('faq-item').first()).toBeVisible();
    expect(faqCalls).toBe(1);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL('/');
    await footerFaqs.click();
    await expect(page).toHaveURL('/popup/faqs');
    await expect(page.getByTestId('faq-item').first()).toBeVisible();
    // The list shown is the cached one: no call was made for it, up to a request made after its effects ran.
    await requestsReported(page);
    expect(faqCalls).toBe(1);
    await expectNoAxeViolations(page);
  });
});

test.describe('rewards popup', () => {
  test('Referral tab by default with the no-data text; New Tester tab lists this year by period', async ({ page, request }) => {
    const winners = await readApi<Winner[]>(request, '/api/reward/GetWinners');
    const year = currentYear();
    const noData = `Come back later as we start to select the winners for ${year}`;

    await page.goto('/popup/rewards');
    await expectPopupLoaded(page, 'Tester rewards');
    const referralTab = page.getByRole('tab', { name: 'Referral' });
    const newTesterTab = page.getByRole('tab', { name: 'New Tester' });
    await expect(page.getByRole('tab')).toHaveText(['Referral', 'New Tester']);
    await expect(referralTab).toHaveAttribute('aria-selected', 'true');
    await expect(newTesterTab).toHaveAttribute('aria-selected', 'false');
    const panel = page.getByRole('tabpanel');
    // The seed has social giveaway (Facebook) winners for last year only.
    expect(winners.some((winner) => winner.winnerTypeDesc === 'Facebook' && winner.year === year)).toBe(false);
    await expect(panel.getByText(noData, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await newTesterTab.click();
    await expect(newTesterTab).toHaveAttribute('aria-selected', 'true');
    await expect(referralTab).toHaveAttribute('aria-selected', 'false');
    const newTesters = winners.filter((winner) => winner.winnerTypeDesc === 'NewTester' && winner.year === year);
    // The seed draws one new tester for every finished quarter of this year.
    const finishedQuarters = Math.floor(new Date().getMonth() / 3);
    expect(new Set(newTesters.map((winner) => winner.periodStart)).size).toBe(finishedQuarters);
    const periods = [...new Set(newTesters.map((winner) => winner.periodStart))].sort().reverse();
    if (periods.length === 0) {
      await expect(panel.getByText(noData, { exact: true })).toBeVisible();
    } else {
      const groups = panel.locator('.winner-list__period');
      await expect(groups).toHaveCount(periods.length);
      for (const [index, periodStart] of periods.entries()) {
        const ofPeriod = newTesters.filter((winner) => winner.periodStart === periodStart);
        await expect(groups.nth(index).locator('dt')).toHaveText(ofPeriod[0]!.winnerTime);
        await expect(groups.nth(index).locator('dd')).toHaveText(ofPeriod.map((winner) => winner.winner));
      }
      // Last year's winners are not listed.
      await expect(panel.getByText(noData, { exact: true })).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
  });

  test('?view=online shows only the last month of online screener winners', async ({ page, request }) => {
    const winners = await readApi<Winner[]>(request, '/api/reward/GetWinners');
    const today = new Date();
    const lastMonth = new Date(today.getFullYear(), today.getMonth() - 1, 1);
    const lastMonthStart = `${lastMonth.getFullYear()}-${String(lastMonth.getMonth() + 1).padStart(2, '0')}-01`;
    const online = winners.filter((winner) => !['NewTester', 'Facebook'].includes(winner.winnerTypeDesc));
    const ofLastMonth = online.filter((winner) => winner.periodStart === lastMonthStart);
    expect(ofLastMonth.length, 'the seed has online winners for last month').toBeGreaterThan(0);

    await page.goto('/popup/rewards?view=online');
    await expectPopupLoaded(page, 'Online screener winners');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([`${MONTHS[lastMonth.getMonth()]} winners`]);
    const small = ofLastMonth.filter((winner) => winner.winnerTypeDesc === 'Online25').map((winner) => winner.winner);
    const large = ofLastMonth.filter((winner) => winner.winnerTypeDesc !== 'Online25').map((winner) => winner.winner);
    await expect(main.getByRole('region', { name: '$25 gift card' }).getByRole('listitem')).toHaveText(small);
    await expect(main.getByRole('region', { name: '$100 gift card' }).getByRole('listitem')).toHaveText(large);
    // Older months are not shown.
    for (const month of MONTHS.filter((_, index) => index !== lastMonth.getMonth())) {
      await expect(main.getByText(`${month} winners`)).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
  });
});

test.describe('referral popup', () => {
  test('shows the non-empty comments, guidelines, an e-mail option, for current testers only', async ({ page, request }) => {
    const events = await readApi<{ referralComment: string | null }[]>(request, '/api/callout/GetReferralEvent');
    const comments = events.map((event) => event.referralComment?.trim() ?? '').filter(Boolean);
    expect(events.length).toBeGreaterThan(comments.length);

    await page.goto('/popup/referral');
    await expectPopupLoaded(page, 'Referral program');
    const list = page.getByTestId('referral-comments').getByRole('listitem');
    await expect(list).toHaveCount(2);
    await expect(list).toHaveText(comments);
    const month = new Date().toLocaleString('en-US', { month: 'long' });
    await expect(page.getByRole('heading', { name: `${month} special offer` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Guidelines' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Guidelines' }).getByRole('listitem')).not.toHaveCount(0);
    await expect(page.getByRole('link', { name: /e-mail/i })).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByText(/for current testers only/i)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('test site maps', () => {
  const SITES = [
    { code: 'ch', title: 'Chicago test site', city: 'Chicago' },
    { code: 'da', title: 'Dallas test site', city: 'Plano' },
    { code: 'ny', title: 'New York test site', city: 'White Plains' },
    { code: 'la', title: 'Los Angeles test site', city: 'Santa Ana' },
  ];
  for (const site of SITES) {
    test(`/popup/maps/${site.code}: address, phone, fax, toll-free and airport directions`, async ({ page }) => {
      await page.goto(`/popup/maps/${site.code}`);
      await expectPopupLoaded(page, site.title);
      const main = page.getByRole('main');
      await expect(main.locator('address')).toContainText(site.city);
      for (const label of ['Address', 'Phone', 'Fax', 'Toll-free']) await expect(main.getByText(label, { exact: true })).toBeVisible();
      await expect(main.getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toHaveCount(2);
      await expect(main.getByText(/^\(\d{3}\) \d{3}-\d{4}$/)).toHaveCount(3);
      const directions = main
        .getByRole('heading', { name: 'Directions from the airport' })
        .locator('xpath=following-sibling::ul[1]')
        .getByRole('link');
      await expect(directions).not.toHaveCount(0);
      const firstAirport = directions.first();
      const target = (await firstAirport.getAttribute('href'))!;
      await firstAirport.click();
      await expect(page.locator(target)).toBeInViewport();
      await expect(page.locator(target)).not.toBeEmpty();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('the maps popup: city tabs, a map per site (issue 28, item 7)', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    test(`at ${viewport.width} px: the page's city selected, a drawn map with its text alternative, arrow keys change city, nothing asked of another host`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize(viewport);
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).origin !== new URL(baseURL!).origin) elsewhere.push(request.url());
      });
      await page.goto('/popup/maps/da');
      await expectPopupLoaded(page, 'Dallas test site');
      const main = page.getByRole('main');
      const tabs = main.getByRole('tablist', { name: 'Test site cities' }).getByRole('tab');
      await expect(tabs).toHaveText(['Chicago', 'Dallas', 'New York', 'Los Angeles']);
      const dallas = main.getByRole('tab', { name: 'Dallas' });
      await expect(dallas).toHaveAttribute('aria-selected', 'true');
      const panel = main.getByRole('tabpanel', { name: 'Dallas' });
      await expect(panel.getByRole('heading', { level: 2, name: 'Dallas Test Center' })).toBeVisible();
      const map = panel.getByRole('img', { name: 'Map: where the Dallas Test Center is' });
      await expect(map).toBeVisible();
      await expect(map).toHaveAccessibleDescription(/Plano.*5000 Legacy Dr, Suite 300, Plano, TX 75024/);
      await expect(panel.locator('address')).toHaveText('5000 Legacy Dr, Suite 300, Plano, TX 75024');
      await expect(panel.getByRole('region', { name: /^From Dallas\/Fort Worth/ })).toContainText('Legacy Drive');
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoAxeViolations(page);

      await dallas.focus();
      await page.keyboard.press('ArrowRight');
      const newYork = main.getByRole('tab', { name: 'New York' });
      await expect(newYork).toBeFocused();
      await expect(newYork).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { level: 1, name: 'New York test site' })).toBeVisible();
      const newYorkPanel = main.getByRole('tabpanel', { name: 'New York' });
      await expect(newYorkPanel.getByRole('img', { name: 'Map: where the New York Test Center is' })).toBeVisible();
      await expect(newYorkPanel.locator('address')).toContainText('White Plains');
      await page.keyboard.press('End');
      await expect(main.getByRole('tab', { name: 'Los Angeles' })).toBeFocused();
      await expect(main.getByRole('tabpanel', { name: 'Los Angeles' }).locator('address')).toContainText('Santa Ana');
      await page.keyboard.press('Home');
      await expect(main.getByRole('tab', { name: 'Chicago' })).toHaveAttribute('aria-selected', 'true');
      await expect(main.getByRole('tabpanel', { name: 'Chicago' }).getByRole('img', { name: /Chicago Test Center/ })).toBeVisible();
      await expectNoAxeViolations(page);
      expect(elsewhere).toEqual([]);
    });
  }
});

test.describe('legal and informational popups', () => {
  const PAGES = [
    { path: '/popup/rules', title: 'Tester Rules' },
    { path: '/popup/terms', title: 'Terms of Use' },
    { path: '/popup/privacy', title: 'Privacy Policy' },
    { path: '/popup/biometric-private-policy', title: 'Biometric Data Policy' },
    { path: '/popup/cancellation-policy', title: 'Cancellation Policy' },
    { path: '/popup/conditions', title: 'Terms and Conditions' },
    { path: '/popup/community-terms', title: 'Community Terms and Conditions' },
    { path: '/popup/expectation', title: 'What to Expect' },
  ];
  for (const { path, title } of PAGES) {
    test(`${path} renders '${title}'`, async ({ page }) => {
      await page.goto(path);
      await expectPopupLoaded(page, title);
      await expect(page.getByRole('main').getByRole('article')).not.toBeEmpty();
      await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
      if (path === '/popup/rules') {
        const rules = page.getByRole('list', { name: 'Tester rules' }).getByRole('listitem');
        await expect(rules).toHaveCount(8);
        await expect(rules.filter({ hasText: '10-15 minutes early' })).toHaveCount(1);
        await expect(rules.filter({ hasText: /under 12/ })).toHaveCount(1);
        await expect(rules.filter({ hasText: /2 or more no-shows within 3 months may result in a 6-month suspension/ })).toHaveCount(1);
      }
      await expectNoAxeViolations(page);
    });
  }

  test('/popup/community-terms?lang=es is in Spanish', async ({ page }) => {
    await page.goto('/popup/community-terms?lang=es');
    // A Spanish reader gets the page's Spanish title too (decision 132).
    await expectPopupLoaded(page, 'Términos y condiciones de la comunidad');
    const article = page.getByRole('main').getByRole('article');
    await expect(article).toHaveAttribute('lang', 'es');
    await expect(article.getByRole('heading', { name: 'Quién puede participar' })).toBeVisible();
    await expect(article.getByRole('heading', { name: 'Who can join' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('popup shell', () => {
  test.use({ reducedMotion: 'no-preference' });
  test('the close icon goes back one step', async ({ page }) => {
    await page.goto('/');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Check FAQS' }).click();
    await expect(page).toHaveURL('/popup/faqs');
    await expectPopupLoaded(page, 'FAQs');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Get paid to try products before anyone else' })).toBeVisible();
  });

  test('the loading animation shows on push navigation and not on back', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Reviews' }).getByRole('figure')).toHaveCount(2);
    await expectNoAxeViolations(page);
    const watchOverlay = () =>
      page.evaluate(() => {
        const win = window as unknown as { __overlaySeen: boolean };
        win.__overlaySeen = !!document.querySelector('[data-testid="navigation-loading"]');
        new MutationObserver(() => {
          if (document.querySelector('[data-testid="navigation-loading"]')) win.__overlaySeen = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
    const overlaySeen = () => page.evaluate(() => (window as unknown as { __overlaySeen: boolean }).__overlaySeen);

    await watchOverlay();
    await page.getByRole('link', { name: 'Check What to expect' }).click();
    await expectPopupLoaded(page, 'What to Expect');
    await expect(page.getByTestId('navigation-loading')).toHaveCount(0);
    expect(await overlaySeen(), 'the loading animation showed on the push navigation').toBe(true);
    await expectNoAxeViolations(page);

    await watchOverlay();
    // The page's clock is held through the back navigation; afterwards the test lets the
    // animation's longest life (2 s) pass on it instead of waiting, and none may have shown.
    await holdPageClock(page);
    await page.goBack();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Get paid to try products before anyone else' })).toBeVisible();
    await page.clock.runFor(2_000);
    expect(await overlaySeen(), 'no loading animation on back').toBe(false);
    await expect(page.getByTestId('navigation-loading')).toHaveCount(0);
  });
});
