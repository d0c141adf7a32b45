import { test, expect, expectNoAxeViolations } from './fixtures';

const AD_CODES = [
  { path: '/gp', adType: '2E' },
  { path: '/card', adType: '3T' },
  { path: '/tw', adType: '2G' },
  { path: '/yp', adType: '3F' },
  { path: '/fb', adType: '2A' },
  { path: '/mrkt/AB12', adType: 'AB12' },
  { path: '/mkrt/XY9', adType: 'XY9' },
];

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko';

test.describe('ad-entry paths', () => {
  for (const { path, adType } of AD_CODES) {
    test(`${path} stores adType ${adType} and lands on /lp/index`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL('/lp/index');
      await expect(page.getByRole('heading', { level: 1, name: 'Get paid up to $50 an hour for your opinion' })).toBeVisible();
      expect(await page.evaluate(() => window.sessionStorage.getItem('adType'))).toBe(adType);
      await expectNoAxeViolations(page);
    });
  }

  for (const path of ['/gp/extra', '/mrkt/a/b', '/cl/extra']) {
    test(`${path} shows the not-found page with the address`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page.getByTestId('not-found-url')).toHaveText(path);
      await expect(page).toHaveURL(path);
      expect(await page.evaluate(() => window.sessionStorage.getItem('adType'))).toBeNull();
      await expectNoAxeViolations(page);
    });
  }

  test('every marketing entry path has a catch-all not-found', async ({ request }) => {
    for (const entry of ['columbia', 'cl', 'cf', 'gp', 'ppcads', 'card', 'tw', 'yp', 'fb', 'ffg', 'mrkt/AB12', 'mkrt/AB12', 'bgc']) {
      const response = await request.get(`/${entry}/anything/else`);
      expect(response.status(), `/${entry}/anything/else`).toBe(404);
    }
  });
});

test.describe('not-found page', () => {
  test('shows the requested address with links to login and to the main page, with status 404', async ({ page }) => {
    const response = await page.goto('/no/such/page?x=1');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByTestId('not-found-url')).toHaveText('/no/such/page?x=1');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /login/i })).toHaveAttribute('href', '/community/login');
    await expect(main.getByRole('link', { name: /main page/i })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);

    await main.getByRole('link', { name: /main page/i }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Get paid to try products before anyone else' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('unsupported browser', () => {
  test('old Internet Explorer lands on /ie-user with the exact message', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: IE11 });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expect(page).toHaveURL('/ie-user');
      await expect(page.getByTestId('ie-user-message')).toHaveText(
        "We don't support any of old IE version. Please use Chrome, FireFox, or others",
      );
      await expectNoAxeViolations(page);

      // Any other page too.
      await page.goto('/popup/faqs');
      await expect(page).toHaveURL('/ie-user');
      await expect(page.getByTestId('ie-user-message')).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test.describe('COVID-19 page', () => {
  test('covers the precautions and the four test methods', async ({ page }) => {
    await page.goto('/covid19');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toContainText('COVID-19');
    for (const text of [/face covering/i, /hand sanitizer/i, /6-foot|6 feet/i, /clean/i, /stay home when ill|unwell/i]) {
      await expect(main.getByText(text).first()).toBeVisible();
    }
    const methods = main.getByRole('region', { name: 'Four ways to test' }).getByRole('heading', { level: 3 });
    await expect(methods).toHaveCount(4);
    await expect(methods).toHaveText([/curbside pick-up/i, /shipped product/i, /drive-in evaluation/i, /in-person.*distanced/i]);
    await expectNoAxeViolations(page);
  });
});

test.describe('landing pages', () => {
  test('/lp/welcome welcomes and offers Register and Login', async ({ page }) => {
    await page.goto('/lp/welcome');
    await expect(page.getByRole('heading', { level: 1, name: /Welcome to/ })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute('href', '/community/join/attention');
    await expect(main.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/community/login');
    await expectNoAxeViolations(page);
  });
});
