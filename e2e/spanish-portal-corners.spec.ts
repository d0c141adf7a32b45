import { expect, expectNoAxeViolations, test } from './fixtures';
import { randomLetters } from './support/accounts';
import { findLink, waitForMessage } from './support/mailbox';
import { addSessionCookie, attendStudy, bookGroup, createGroup, createTester, startSession } from './support/test-support';

/**
 * Issue 28, "Spanish, end to end" (decision 119): the portal's last English corners, at a phone's
 * width. A Spanish tester registers a child in Spanish, opens the cancel link of the (Spanish)
 * booking e-mail in a fresh browser that knows no language and reads it in Spanish, then cancels
 * from My schedule and reads the screener list's note in Spanish.
 */

const DAY = 24 * 3600_000;

test.use({ viewport: { width: 360, height: 740 } });

test('a Spanish tester: a child registered in Spanish, the e-mailed cancel link opens in Spanish, the note after a cancel is Spanish', async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  test.slow(); // a registration, an e-mail, a second browser and a cancel on a busy machine
  const tester = await createTester(request, { language: 'es' });
  await addSessionCookie(context, baseURL!, await startSession(request, { testerId: tester.testerId }));
  // Online child registration opens once the tester has attended a study (decision 028).
  await attendStudy(request, tester.testerId);

  // The account page: the kids tile and its popup, the form and the answer in Spanish.
  await page.goto('/community/main/account/general');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('button', { name: 'Abrir el menú' })).toBeVisible();
  await page.getByRole('button', { name: 'Registre a sus hijos' }).click();
  const form = page.getByRole('dialog', { name: 'Registre a su hijo' });
  await expect(form).toContainText('El registro en línea de niños se abre después de su primera visita');
  await expect(form.getByRole('button', { name: 'Registrar', exact: true })).toBeDisabled();
  await expectNoAxeViolations(page);
  const childName = `Lucia${randomLetters(6)}`;
  await form.getByRole('textbox', { name: 'Nombre' }).fill(childName);
  await form.getByRole('textbox', { name: 'Apellido' }).fill('Ejemplo');
  const phone = form.getByRole('textbox', { name: 'Número de teléfono' });
  await phone.fill('3125550123');
  await phone.blur();
  await expect(phone).toHaveValue('(312)555-0123');
  await form.getByRole('combobox', { name: 'Raza' }).selectOption({ label: 'Hispano-Solo español' });
  await form.getByRole('combobox', { name: 'Sexo' }).selectOption({ label: 'Femenino' });
  await form.getByRole('combobox', { name: 'Año' }).selectOption(String(new Date().getFullYear() - 8));
  await form.getByRole('combobox', { name: 'Mes' }).selectOption({ label: 'febrero' });
  await form.getByRole('combobox', { name: 'Día' }).selectOption('3');
  await form.getByRole('button', { name: 'Registrar', exact: true }).click();
  const registered = page.getByRole('dialog', { name: 'Hijo registrado' });
  await expect(registered).toContainText('Su hijo quedó registrado. Ahora Tester Services lo llamará por teléfono');
  await expectNoAxeViolations(page);
  await registered.getByRole('button', { name: 'Volver a mis hijos' }).click();
  const kids = page.getByRole('list', { name: 'Sus hijos' });
  await expect(kids).toContainText(`${childName} Ejemplo`);
  await expect(kids).toContainText('En espera de confirmación');
  await expectNoAxeViolations(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A booking three days ahead: its e-mail is Spanish, and its cancel link says so.
  const start = Math.floor((Date.now() + 3 * DAY) / 300_000) * 300_000;
  const session = { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 90 * 60_000).toISOString() };
  const group = await createGroup(request, { studyNo: 24101, seats: 1, sessions: [session] });
  await bookGroup(request, { testerId: tester.testerId, groupId: group.groupId });
  const booked = await waitForMessage({ to: tester.email, subject: 'Su cita está confirmada' });
  const link = findLink(booked, '/community/cancel');
  expect(link.searchParams.get('lang')).toBe('es');

  // A fresh browser (no session, no tab language): the link alone makes the page Spanish.
  const fresh = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    const linkPage = await fresh.newPage();
    await linkPage.goto(`${link.pathname}${link.search}`);
    await expect(linkPage.getByRole('heading', { name: 'Cancelar su cita' })).toBeVisible();
    await expect(linkPage.locator('html')).toHaveAttribute('lang', 'es');
    await expect(linkPage.getByRole('button', { name: 'Cancelar cita' })).toBeEnabled();
    await expect(linkPage.getByText(/de lunes a viernes, de 9 a\.m\. a 5 p\.m\. CST\.$/)).toBeVisible();
    await expectNoAxeViolations(linkPage);
  } finally {
    await fresh.close();
  }

  // My schedule: cancel, and the screener list says so in Spanish.
  await page.goto('/community/main/schedule/check');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis citas' })).toBeVisible();
  await page.getByRole('button', { name: /^Cancelar cita: / }).click();
  const question = page.getByRole('dialog');
  await expect(question).toContainText('¿Está seguro de que desea cancelar?');
  await question.getByRole('button', { name: 'Sí', exact: true }).click();
  await expect(page).toHaveURL('/community/main/screener');
  await expect(page.getByRole('status').filter({ hasText: 'Su cita ha sido cancelada.' })).toBeVisible();
  await expect(page.getByText(/has been cancelled/)).toHaveCount(0);
  await expectNoAxeViolations(page);
});
