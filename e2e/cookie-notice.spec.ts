import { test, expect, expectNoAxeViolations } from './fixtures';

const DAY_SECONDS = 24 * 60 * 60;

test.describe('cookie notice', () => {
  test('shown on the first visit; Accept hides it and sets cookiePolicyAccept for 365 days, surviving a reload', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await expectNoAxeViolations(page);

    await notice.getByRole('button', { name: 'Accept' }).click();
    await expect(notice).toBeHidden();
    const cookie = (await context.cookies()).find((entry) => entry.name === 'cookiePolicyAccept');
    expect(cookie, 'cookie cookiePolicyAccept').toBeDefined();
    const expectedExpiry = Date.now() / 1000 + 365 * DAY_SECONDS;
    expect(Math.abs(cookie!.expires - expectedExpiry), `expires ${new Date(cookie!.expires * 1000).toISOString()}`).toBeLessThan(
      DAY_SECONDS,
    );

    await page.reload();
    // Wait until the client code has run (the hero's theme shapes come from an effect), then look again.
    await expect(page.getByTestId('hero-theme')).toBeAttached();
    await expect(page.getByRole('region', { name: 'Reviews' }).getByRole('figure')).toHaveCount(2);
    await expect(notice).toBeHidden();
    await expectNoAxeViolations(page);
  });

  test('without the cookie the notice comes back on every page', async ({ page }) => {
    await page.goto('/lp/welcome');
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
  });

  test('its Privacy Policy button opens the privacy policy popup', async ({ page }) => {
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await notice.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/popup/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('on a 360 px phone the end of the page scrolls clear of the notice, so nothing stays behind it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toBeVisible();
  const lastFooterLink = page.getByRole('contentinfo').getByRole('link').last();
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const [link, over] = [await lastFooterLink.boundingBox(), await notice.boundingBox()];
      return link && over ? Math.round(over.y - (link.y + link.height)) : null;
    })
    .toBeGreaterThanOrEqual(0);
});
