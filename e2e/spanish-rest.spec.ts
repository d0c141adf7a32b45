import { expect, expectNoAxeViolations, test } from './fixtures';
import { addSessionCookie, attendStudy, createTester, startSession } from './support/test-support';

/**
 * Issue 28, "Spanish, end to end" (decision 131): the last English a Spanish tester met. After the
 * portal has made the tab Spanish, an unknown address shows the not-found page and the site's frame
 * (skip link, navigation) in Spanish; the child form's field messages are Spanish. Axe on each.
 */

test('a Spanish tester: the not-found page and its navigation in Spanish, then the child form messages in Spanish', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const tester = await createTester(request, { language: 'es' });
  await addSessionCookie(context, baseURL!, await startSession(request, { testerId: tester.testerId }));
  await attendStudy(request, tester.testerId);

  // The portal makes the tab Spanish (the tester's language, GetPKTesterInfo).
  await page.goto('/community/main/account/general');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // An address that does not exist, in the same tab.
  const answer = await page.goto('/una-pagina-que-no-existe?x=1');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByText('No pudimos encontrar')).toContainText('/una-pagina-que-no-existe?x=1');
  await expect(page.getByRole('link', { name: 'Ir a iniciar sesión' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Principal' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeAttached();
  await expect(page).toHaveTitle(/^Página no encontrada \| /);
  await expectNoAxeViolations(page);

  // The child form: each field's message in Spanish once it is left.
  await page.goto('/community/main/account/general');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  await page.getByRole('button', { name: 'Registre a sus hijos' }).click();
  const form = page.getByRole('dialog', { name: 'Registre a su hijo' });
  const firstName = form.getByRole('textbox', { name: 'Nombre' });
  await firstName.focus();
  await firstName.blur();
  await expect(form.getByText('Este campo es obligatorio.')).toBeVisible();
  const lastName = form.getByRole('textbox', { name: 'Apellido' });
  await lastName.fill('R'.repeat(51));
  await lastName.blur();
  await expect(form.getByText('Use como máximo 50 caracteres.')).toBeVisible();
  const year = form.getByRole('combobox', { name: 'Año' });
  await year.focus();
  await year.blur();
  await expect(form.getByText('El año es obligatorio.')).toBeVisible();
  await expect(form).not.toContainText(/is required|Use at most/);
  await expectNoAxeViolations(page);
});
