import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { expectStaffPageSound, openStaffConsole, PHONE } from './support/staff';

/**
 * The console's navigation grouped by the work (issue 29, decision 126): a side column on a wide
 * screen, the page's group open and its link marked; on a phone a Menu button that opens the groups
 * and closes again on a chosen link or Escape. An admin sees every group, so the longest navigation.
 */

const box = async (locator: Locator) => (await locator.boundingBox())!;
/** No axe violations, and nothing wider than the screen (expectStaffPageSound holds a phone's 360 px). */
async function expectFitsWidth(page: Page, width: number) {
  await expectNoAxeViolations(page);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
const navOf = (page: Page) => page.getByRole('navigation', { name: 'Staff console' });

test('admin at 1280 px: the navigation is a column beside the page that fits the screen; the current section is marked', async ({
  browser,
  baseURL,
  request,
}) => {
  const { page, context } = await openStaffConsole(browser, baseURL!, request, {
    roles: ['admin'],
    viewport: { width: 1280, height: 800 },
  });
  const nav = navOf(page);
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expectFitsWidth(page, 1280);

  await nav.getByRole('button', { name: 'Recruiting' }).click();
  await nav.getByRole('link', { name: 'Studies' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Studies' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Studies' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(nav.getByRole('button', { name: 'Recruiting' })).toHaveAttribute('aria-expanded', 'true');
  for (const closed of ['At the door', 'Rewards', 'Site content', 'Administration'])
    await expect(nav.getByRole('button', { name: closed })).toHaveAttribute('aria-expanded', 'false');

  // The longest the admin's navigation gets (its biggest group open): one column at most 240 px wide,
  // left of the page, all of it on an 800 px screen (15 rows; the old bar was two rows of 17 links).
  await expect
    .poll(async () => {
      const [column, main] = [await box(nav), await box(page.getByRole('main'))];
      return column.width <= 240 && column.x + column.width <= main.x && column.y + column.height <= 800;
    })
    .toBe(true);
  await expectFitsWidth(page, 1280);

  // Another group's link: that group opens, Recruiting closes.
  await nav.getByRole('button', { name: 'Administration' }).click();
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('button', { name: 'Recruiting' })).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Studies' })).toBeHidden();
  await context.close();
});

test('admin on a 360 px phone: the Menu opens the groups, a link navigates and closes it, Escape closes it; closed it takes under 15 % of the screen', async ({
  browser,
  baseURL,
  request,
}) => {
  const { page, context } = await openStaffConsole(browser, baseURL!, request, { roles: ['admin'], viewport: PHONE });
  const menu = page.getByRole('button', { name: 'Menu' });
  const nav = navOf(page);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeHidden();
  await expect.poll(async () => (await box(page.getByRole('banner'))).height).toBeLessThan(PHONE.height * 0.15);
  await expectStaffPageSound(page);

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expectStaffPageSound(page);
  await nav.getByRole('button', { name: 'Administration' }).click();
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();

  // By keyboard: the Menu opens with Enter, the focus moves into it, Escape closes it and gives the focus back.
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('button', { name: 'Administration' })).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
  await expect.poll(async () => (await box(page.getByRole('banner'))).height).toBeLessThan(PHONE.height * 0.15);
  await expectStaffPageSound(page);
  await context.close();
});
