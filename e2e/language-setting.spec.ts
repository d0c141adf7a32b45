import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

/**
 * Issue 28, "Spanish, end to end" (decision 114): an English tester switches to Español in account
 * settings; the page turns Spanish at once with no reload, a reload keeps it (the server holds the
 * language), the coins page and the perks read in Spanish; then back to English. At 1280 and 360 px.
 */

const ACCOUNT = '/community/main/account/general';
const COINS = '/community/main/account/coins';

const languageGroup = (page: Page, name: string) => page.getByRole('group', { name });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an English tester switches to Español, keeps it across a reload and pages, and switches back @postgres', async ({
      loggedInPage: page,
    }) => {
      await page.goto(ACCOUNT);
      await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      const english = languageGroup(page, 'Language of your pages and e-mails');
      await expect(english.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
      await expectNoAxeViolations(page);

      await english.getByRole('button', { name: 'Español' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Guardado' })).toHaveText(
        'Guardado: sus páginas y correos electrónicos ahora están en español.',
      );
      await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Mi perfil' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page).toHaveTitle(/^Mi cuenta/);
      await expectNoAxeViolations(page);

      // The server holds the language: a reload (a new look at the tester info) stays Spanish.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      const spanish = languageGroup(page, 'Idioma de sus páginas y correos electrónicos');
      await expect(spanish.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');

      await page.getByRole('button', { name: 'Ver beneficios' }).click();
      const perks = page.getByRole('dialog', { name: 'Beneficios' });
      await expect(perks.getByRole('button', { name: /Early Bird\s*Ninguno/ })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(perks).toBeHidden();

      await page.goto(COINS);
      await expect(page.getByRole('heading', { level: 1, name: 'Mis monedas' })).toBeVisible();
      await expect(page.locator('.coins__balance')).toContainText(/^Su saldo: [\d,]+ monedas?$/);
      await expect(page.getByRole('link', { name: 'canjear una recompensa' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto(ACCOUNT);
      await languageGroup(page, 'Idioma de sus páginas y correos electrónicos').getByRole('button', { name: 'English' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText('Saved: your pages and e-mails are now in English.');
      await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
