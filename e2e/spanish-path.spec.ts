import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { CONFIRM_SUBJECT, confirmationMail, newTester, pathOf, randomPhone, type Tester } from './support/accounts';
import { messagesTo } from './support/mailbox';
import { SITE_ZONE, slot } from './support/site-clock';
import { createGroup } from './support/test-support';

/**
 * Issue 28, "Spanish, end to end" (decision 113): a tester who registers in Spanish meets Spanish in
 * the portal from the first page after login: the menu, the screener list, a screener, the
 * self-schedule page and My schedule; the booking e-mail arrives. At a desktop and a phone width.
 */

const CEREAL = 'Breakfast cereal taste test';

/** A session as the Spanish pages write it, on the site's clock: 'jueves, 26 de noviembre de 2026, 1:00 p.m. – 3:00 p.m. CST'. */
function spanishSession(session: { startsAt: string; endsAt: string }): string {
  const format = (options: Intl.DateTimeFormatOptions, instant: string) =>
    new Intl.DateTimeFormat('es-US', { timeZone: SITE_ZONE, ...options }).format(new Date(instant));
  const time = (instant: string) => format({ hour: 'numeric', minute: '2-digit', hour12: true }, instant);
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: SITE_ZONE, timeZoneName: 'short' })
    .formatToParts(new Date(session.startsAt))
    .find((part) => part.type === 'timeZoneName')!.value;
  const date = format({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }, session.startsAt);
  return `${date}, ${time(session.startsAt)} – ${time(session.endsAt)} ${zone}`;
}

/** The three registration steps with the entry toggle on Español (spec 2, sections 2 and 3). */
async function registerInSpanish(page: Page, tester: Tester) {
  await page.goto('/community/join/attention');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Registrarse', exact: true }).click();
  await expect(page).toHaveURL('/community/join/account');
  const field = (label: string) => main.getByLabel(label, { exact: true });
  await field('Nombre de usuario').fill(tester.username);
  await field('Correo electrónico').fill(tester.email);
  await field('Contraseña').fill(tester.password);
  await field('Confirme la contraseña').fill(tester.password);
  await main.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page).toHaveURL('/community/join/profile');
  await field('Nombre').fill(tester.firstName);
  await field('Apellido').fill(tester.lastName);
  await field('Código postal').fill('60614');
  await field('Dirección').fill('2200 N Lincoln Ave');
  await field('Ciudad').fill('Chicago');
  await field('Estado').selectOption('IL');
  await main.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page).toHaveURL('/community/join/detail');
  await expect(field('¿Cómo se enteró de nosotros?')).toBeEnabled();
  await field('Género').selectOption('F');
  await field('Número de teléfono').fill(randomPhone());
  await field('Raza / origen étnico').selectOption('C');
  await field('¿Cómo se enteró de nosotros?').selectOption('1W');
  await field('Año').selectOption('1990');
  await field('Mes').selectOption('6');
  await field('Día').selectOption('15');
  await main.getByRole('checkbox', { name: /términos y condiciones de la comunidad/ }).check();
  await main.getByRole('button', { name: 'Completar', exact: true }).click();
  const thanks = page.getByRole('dialog', { name: '¡Gracias!' });
  await expect(thanks).toBeVisible();
  await thanks.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page).toHaveURL('/community/login');
}

/** The login form, whichever language its page speaks (the entry pages are another area's). */
async function logIn(page: Page, tester: Tester) {
  const main = page.getByRole('main');
  await main.getByLabel(/^(Username|Nombre de usuario)$/).fill(tester.username);
  await main.getByLabel(/^(Password|Contraseña)$/).fill(tester.password);
  await main.getByRole('button', { name: /^(Login|Iniciar sesión)$/ }).click();
  await expect(page).toHaveURL('/community/main/screener');
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('registered in Spanish: the portal, a screener, self-schedule and My schedule are Spanish; the booking e-mail arrives', async ({
      page,
      request,
    }) => {
      test.slow(); // registration, e-mail, a screener and a booking: a long flow on a busy machine
      const tester = newTester(`es${viewport.width}`);
      const time = slot(50, 60);
      await createGroup(request, { studyNo: 24101, seats: 4, sessions: [time] });

      await registerInSpanish(page, tester);
      const { link } = await confirmationMail(tester, 'es');
      await page.goto(pathOf(link));
      await expect(page.getByTestId('countdown-seconds')).toBeVisible();
      await page.goto('/community/login');
      await logIn(page, tester);

      // The portal: the tab's language, the menu and the screener list.
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1, name: 'Estudios disponibles' })).toBeVisible();
      const menu = page.getByRole('navigation', { name: 'Menú del portal' });
      await expect(menu.getByRole('link', { name: 'Cuestionarios' })).toHaveAttribute('aria-current', 'page');
      await expect(menu.getByRole('link', { name: 'Mis citas' })).toBeAttached();
      if (viewport.width >= 1024)
        await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'CITAS' })).toBeVisible();
      const cereal = page.getByTestId('screener-card').filter({ hasText: CEREAL });
      await expect(cereal).toContainText('50 monedas');
      await expectNoAxeViolations(page);

      // A screener: the study's own questions, the page's words in Spanish.
      await cereal.getByRole('button', { name: /^Responder el cuestionario/ }).click();
      await expect(page.getByText('Pregunta 1 de 4')).toBeVisible();
      await expect(page.getByText(/^Gane \d+ monedas si califica para este estudio\.$/)).toBeVisible();
      await expectNoAxeViolations(page);
      const next = () => page.getByRole('button', { name: 'Siguiente', exact: true }).click();
      await page.getByRole('radio', { name: 'Every day' }).check();
      await next();
      await expect(page.getByText('Pregunta 2 de 5')).toBeVisible();
      await page.getByRole('checkbox', { name: 'Flakes' }).check();
      await page.getByRole('checkbox', { name: 'Granola' }).check();
      await next();
      await page.getByRole('spinbutton', { name: /How many people live in your household\?/ }).fill('3');
      await next();
      await page.getByRole('radio', { name: 'No' }).check();
      await next();
      await page.getByRole('button', { name: 'Enviar', exact: true }).click();

      // Self-schedule: qualified, a time picked by its Spanish date.
      await expect(page.getByRole('heading', { level: 1, name: '¡Felicitaciones!' })).toBeVisible();
      const choice = page.getByRole('radio', { name: `Seleccionar ${spanishSession(time)}`, exact: true });
      await expect(choice).toBeVisible();
      await expectNoAxeViolations(page);
      await choice.check();
      await page.getByRole('button', { name: 'Programarme', exact: true }).click();
      const reward = page.getByRole('dialog');
      await expect(reward.getByRole('heading', { name: /^(Tarea completada|¡Subió de nivel!)$/ })).toBeVisible();
      await expect(reward).toContainText('Estudio programado');
      await expectNoAxeViolations(page);
      await reward.getByRole('button', { name: 'Cerrar' }).click();

      // My schedule.
      await expect(page).toHaveURL('/community/main/schedule/check');
      await expect(page.getByRole('heading', { level: 1, name: 'Mis citas' })).toBeVisible();
      const card = page.getByTestId('booking-card');
      await expect(card).toContainText(spanishSession(time));
      await expect(card.getByRole('button', { name: /^Cancelar cita: / })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Política de cancelación' })).toBeVisible();
      await expectNoAxeViolations(page);

      // The booking e-mail arrives (its wording is the mail area's).
      const booking = () =>
        messagesTo(tester.email).filter((message) => message.subject !== CONFIRM_SUBJECT.es && message.text?.includes(CEREAL));
      await expect.poll(() => booking().length).toBeGreaterThan(0);
      // Written in the tester's language (decision 115), its calendar file too.
      const [booked] = booking();
      expect(booked!.subject).toMatch(/^Su cita está confirmada: /);
      expect(booked!.text).toContain('Cuándo: ');
    });
  });
}
