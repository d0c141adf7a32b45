import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { expect, expectNoAxeViolations } from '../fixtures';
import { randomSuffix } from './accounts';
import { totpNow } from './totp';

export const PHONE = { width: 360, height: 740 };

/** What every staff page is held to: no axe violations, and no sideways scroll on a 360 px phone. */
export async function expectStaffPageSound(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** From the console's home to one of its pages by the home's link; the page's heading shows, and the page is sound. */
export async function openFromConsoleHome(page: Page, link: string, heading = link): Promise<void> {
  await page.getByRole('main').getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

export interface StaffConsoleOptions {
  roles: StaffRole[];
  siteIds?: string[];
  /** Shown in the console's greeting; a random one by default. */
  name?: string;
  viewport?: { width: number; height: number };
  /** The browser's IANA zone (Playwright's timezoneId); the machine's when left out. */
  timezoneId?: string;
}

/**
 * A staff member made by test support (decision 043's create-account, as the set-up command
 * does), set up through the e-mailed set-up link's own calls: the password, then the TOTP code
 * computed from the answered secret, which starts the session in their browser context (its
 * request context shares the context's cookies). Returns that context on the console's home
 * page, with the sign-in it set up (e-mail, password, TOTP secret). The set-up pages themselves
 * are tested where they are the subject (staff.spec.ts, and staff-chain.spec.ts with axe on each
 * step through setUpStaffAccount); here they were set-up, three page states per test (decision 146).
 */
export async function openStaffConsole(
  browser: Browser,
  baseURL: string,
  request: APIRequestContext,
  options: StaffConsoleOptions,
): Promise<{ context: BrowserContext; page: Page; name: string; email: string; password: string; secret: string }> {
  const suffix = randomSuffix(8);
  const name = options.name ?? `Staff ${suffix}`;
  const email = `staff.${suffix}@staff.example.test`;
  const password = `Staff passphrase ${suffix}`;
  const response = await request.post('/api/test-support/staff', {
    headers: { 'x-test-support-secret': process.env.E2E_TEST_SUPPORT_SECRET ?? '' },
    data: {
      name,
      email,
      roles: options.roles,
      ...(options.siteIds ? { siteIds: options.siteIds } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const link = new URL(((await response.json()) as { link: string }).link);
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? PHONE,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const secret = await setUpThroughCalls(context.request, link, password);
  const page = await context.newPage();
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${name}` })).toBeVisible();
  return { context, page, name, email, password, secret };
}

/** The set-up page's two calls (the password, then the first TOTP code): the session's cookie lands in the request's context. Answers the TOTP secret (its current step's code is spent). */
async function setUpThroughCalls(request: APIRequestContext, link: URL, password: string): Promise<string> {
  const token = link.searchParams.get('token') ?? '';
  const headers = { 'x-requested-with': 'TesterHub' };
  const saved = await request.post('/api/staff/setup/Password', { headers, data: { token, password, confirmPassword: password } });
  const { status, secret } = (await saved.json()) as { status: string; secret: string };
  expect(status, await saved.text()).toBe('succeed');
  const confirmed = await request.post('/api/staff/setup/Confirm', { headers, data: { token, code: totpNow(secret) } });
  expect(((await confirmed.json()) as { status: string }).status, await confirmed.text()).toBe('succeed');
  return secret;
}

/**
 * The set-up a staff member does from their e-mailed link: a password, the TOTP code computed from
 * the shown secret, the recovery codes acknowledged; ends on the console's home page greeting them.
 * Answers the TOTP secret (its current step's code is spent).
 */
export async function setUpStaffAccount(
  page: Page,
  link: URL,
  password: string,
  name: string,
  options: { checkEachStep?: boolean } = {},
): Promise<string> {
  /** axe on each step's page, when the test visits them as pages of its own. */
  const check = async () => {
    if (options.checkEachStep) await expectNoAxeViolations(page);
  };
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Step 1 of 3: your password' })).toBeVisible();
  await check();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();
  // Shown once the password is saved: a refusal (a rate limit, say) then fails here with what the page says.
  await expect(page.getByTestId('totp-secret')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await check();
  await page.getByLabel('The 6-digit code the app shows').fill(totpNow(secret));
  await page.getByRole('button', { name: 'Confirm code' }).click();
  await expect(page.getByRole('heading', { name: 'Step 3 of 3: your recovery codes' })).toBeVisible();
  await check();
  await page.getByRole('link', { name: 'I have saved them: open the staff console' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${name}` })).toBeVisible();
  return secret;
}

/**
 * Opens the console's Menu when the page shows one (a phone, decision 126), as a person on a phone
 * does before reaching the navigation, "Your sign-in" or "Log out"; on a wider screen they are in view.
 */
export async function openStaffMenu(page: Page): Promise<void> {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  // Hidden behind the closed Menu on a phone, but there once the console has loaded.
  await expect(page.getByRole('navigation', { name: 'Staff console', includeHidden: true })).toBeAttached();
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
  await expect(page.getByRole('navigation', { name: 'Staff console' })).toBeVisible();
}

/** Follows a link of the console's navigation as a person would: through the phone's Menu, opening the link's group when it is closed. */
export async function followStaffNav(page: Page, link: string, group?: string): Promise<void> {
  await openStaffMenu(page);
  const nav = page.getByRole('navigation', { name: 'Staff console' });
  if (group) {
    const toggle = nav.getByRole('button', { name: group, exact: true });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  }
  await nav.getByRole('link', { name: link, exact: true }).click();
}
