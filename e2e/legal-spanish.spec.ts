import { LEGAL_TEXTS, LEGAL_TEXTS_ES } from '@testerhub/shared/legal-text-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { randomSuffix } from './support/accounts';
import { openFromConsoleHome, openStaffConsole, PHONE } from './support/staff';

/**
 * Issue 28, the legal texts in Spanish (decision 132): a Spanish visitor (a lang=es link) opens the
 * Terms of Use and reads the demo data's Spanish text; on the Tester Rules, which have no Spanish
 * text, the English one under the note; content staff publish a Spanish body for the Tester Rules
 * (the English stays built-in, so e2e/prerender.spec.ts and the popups spec read the same English
 * page meanwhile) and the Spanish visitor's next load shows it; staff then return the page to its
 * built-in text. axe on every page, at 360 px.
 */

test('a Spanish visitor reads the terms in Spanish; staff publish a Spanish text the visitor then reads', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const visitorContext = await browser.newContext({ baseURL, viewport: PHONE });
  const visitor = await visitorContext.newPage();
  const errors: string[] = [];
  visitor.on('pageerror', (error) => errors.push(error.message));

  await visitor.goto('/popup/terms?lang=es');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Términos de uso' })).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 2, name: '1. Quién puede usar el Sitio' })).toBeVisible();
  await expect(visitor.getByText(LEGAL_TEXTS_ES.englishOnly)).toHaveCount(0);
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'es');
  await expectNoAxeViolations(visitor);

  // The tab stays Spanish: a page without a Spanish text says so above its English one.
  await visitor.goto('/popup/rules');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Reglas para probadores' })).toBeVisible();
  await expect(visitor.getByText(LEGAL_TEXTS_ES.englishOnly)).toBeVisible();
  await expect(visitor.locator('[data-legal-body="rules"]')).toHaveAttribute('lang', 'en');
  await expectNoAxeViolations(visitor);

  const suffix = randomSuffix();
  const line = `Texto publicado para la prueba del navegador ${suffix}.`;
  const { page: staff, context } = await openStaffConsole(browser, baseURL!, request, { roles: ['content'], name: `Lena Legal ${suffix}` });
  await openFromConsoleHome(staff, 'Legal texts');
  const card = staff.getByRole('listitem', { name: 'Tester Rules' });
  await card.getByRole('button', { name: 'Edit Tester Rules' }).click();
  const spanish = card.getByLabel('Spanish text of Tester Rules (HTML, optional)');
  await expect(spanish).toBeVisible();
  await spanish.fill(`<article class="legal"><h2>Reglas</h2><p>${line}</p></article>`);
  await card.getByRole('button', { name: 'Publish', exact: true }).click();
  await card.getByRole('button', { name: /^Publish version \d+ now$/ }).click();
  await expect(staff.getByText(LEGAL_TEXTS.published)).toBeVisible();
  await expect(card).toContainText('Spanish text published');
  await expectNoAxeViolations(staff);

  await visitor.reload();
  await expect(visitor.getByText(line)).toBeVisible();
  await expect(visitor.getByText(LEGAL_TEXTS_ES.englishOnly)).toHaveCount(0);
  await expectNoAxeViolations(visitor);
  // English readers keep the built-in text.
  expect(await (await request.get('/api/content/LegalText?page=rules', { headers: { 'accept-language': 'en' } })).json()).toEqual({
    version: null,
  });

  await card.getByRole('button', { name: 'Edit Tester Rules' }).click();
  await card.getByRole('button', { name: 'Return to the built-in text' }).click();
  await expect(staff.getByText(`Tester Rules: ${LEGAL_TEXTS.restored}`)).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText(LEGAL_TEXTS_ES.englishOnly)).toBeVisible();
  await expect(visitor.getByText(line)).toHaveCount(0);
  expect(errors).toEqual([]);

  await visitorContext.close();
  await context.close();
});
