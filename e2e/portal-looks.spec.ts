import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

/**
 * Issue 28, items 9 to 12: how the portal looks and behaves at the widths where the walk-through
 * found it wrong (1280 px desktop, 360 px phone). The tests measure the page (boxes, scroll widths,
 * computed styles) rather than compare pictures.
 */

const MAIN = '/community/main';

async function boxOf(page: Page, locator: ReturnType<Page['locator']>) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

test.describe('item 12: on desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a My account link stands beside the level badge and opens the account pages', async ({ loggedInPage: page }) => {
    await page.goto(`${MAIN}/screener`);
    await expect(page.getByRole('heading', { level: 1, name: 'Available studies' })).toBeVisible();
    const banner = page.getByRole('banner');
    const badge = await boxOf(page, banner.getByTestId('level-progress-button'));
    const account = banner.getByRole('link', { name: 'My account' });
    const link = await boxOf(page, account);
    // Beside: on the badge's row, just after it.
    expect(link.x).toBeGreaterThanOrEqual(badge.x + badge.width);
    expect(link.x - (badge.x + badge.width)).toBeLessThan(40);
    expect(Math.abs(link.y + link.height / 2 - (badge.y + badge.height / 2))).toBeLessThan(8);
    await expectNoAxeViolations(page);

    await account.click();
    await expect(page).toHaveURL(`${MAIN}/account/general`);
    await expect(account).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
  });
});
