import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations } from './fixtures';
import {
  CONFIRM_SUBJECT,
  DEMO,
  WELCOME_COINS,
  expectFieldError,
  expectNoFieldError,
  logInThroughForm,
  newTester,
  pathOf,
  randomSuffix,
  type Tester,
} from './support/accounts';
import { expectNoAxeViolationsOnHeldClock, holdPageClock, runHeldClockUntilVisible } from './support/clock';
import { findLink, linksIn, waitForMessage } from './support/mailbox';

/**
 * Registration (spec 2, sections 2, 4, 5 and 8): the three steps in English and Spanish, the
 * confirmation e-mail over real SMTP, its link, the countdown, and the first login.
 */

type Language = 'en' | 'es';

const LABELS = {
  en: {
    register: 'Register',
    steps: ['Step 1 of 3: Your account', 'Step 2 of 3: Where you live', 'Step 3 of 3: About you'],
    username: 'Username',
    email: 'E-mail address',
    password: 'Password',
    confirmPassword: 'Confirm password',
    firstName: 'First name',
    lastName: 'Last name',
    zipCode: 'Zip code',
    address: 'Street address',
    city: 'City',
    state: 'State',
    gender: 'Gender',
    phone: 'Phone number',
    race: 'Race / ethnicity',
    howHeard: 'How did you hear about us?',
    howDetail: 'Where did you hear about us?',
    birthDate: 'Date of birth',
    year: 'Year',
    month: 'Month',
    day: 'Day',
    terms: /community terms and conditions/,
    next: 'Next',
    back: 'Back',
    complete: 'Complete',
    successTitle: 'Thank you!',
    close: 'Close',
  },
  es: {
    register: 'Registrarse',
    steps: ['Paso 1 de 3: Su cuenta', 'Paso 2 de 3: Dónde vive', 'Paso 3 de 3: Sobre usted'],
    username: 'Nombre de usuario',
    email: 'Correo electrónico',
    password: 'Contraseña',
    confirmPassword: 'Confirme la contraseña',
    firstName: 'Nombre',
    lastName: 'Apellido',
    zipCode: 'Código postal',
    address: 'Dirección',
    city: 'Ciudad',
    state: 'Estado',
    gender: 'Género',
    phone: 'Número de teléfono',
    race: 'Raza / origen étnico',
    howHeard: '¿Cómo se enteró de nosotros?',
    howDetail: '¿Dónde se enteró de nosotros?',
    birthDate: 'Fecha de nacimiento',
    year: 'Año',
    month: 'Mes',
    day: 'Día',
    terms: /términos y condiciones de la comunidad/,
    next: 'Siguiente',
    back: 'Atrás',
    complete: 'Completar',
    successTitle: '¡Gracias!',
    close: 'Cerrar',
  },
} as const;

/** The messages of spec 2, sections 5 and 8 (and their Spanish texts). */
const MESSAGES = {
  en: {
    required: 'This field is required.',
    usernameTooShort: 'Username must contain at least 8 characters.',
    usernameTooLong: 'Username must contain at most 20 characters.',
    usernameSpaces: 'Username cannot contain spaces.',
    usernameTaken: 'Username is already taken. Please choose another name.',
    emailInvalid: 'Please enter a valid email address.',
    emailTaken: 'Sorry, this email is already in use. Please choose another one.',
    passwordDigit: 'Password must contain at least one digit.',
    passwordLowercase: 'Password must contain at least one lowercase letter.',
    passwordUppercase: 'Password must contain at least one uppercase letter.',
    passwordSpecial: 'Password must contain at least one special character.',
    passwordTooShort: 'Password must contain at least 8 characters.',
    passwordTooLong: 'Password must contain at most 20 characters.',
    passwordMismatch: 'Passwords do not match. Please ensure they are identical.',
    zipInvalid: 'Please enter a 5-digit zip code.',
    zipTooFar: 'Your address is too far from our in-person testing locations.',
    stateInvalid: 'Please choose a state.',
    phoneInvalid: 'Please enter a valid phone number with a 10-digit format, including the area code.',
    genderInvalid: 'Please choose a gender.',
    raceInvalid: 'Please choose a race.',
    adDetailRequired: 'Please tell us where you heard about us.',
    termsRequired: 'Please accept the terms and conditions.',
    birthDateNote: "Your date of birth must match your state ID or driver's licence.",
    registrationSucceeded: 'Thank you for registering... Please check your email to confirm your account',
  },
  es: {
    usernameTooShort: 'El nombre de usuario debe tener al menos 8 caracteres.',
    emailInvalid: 'Por favor ingrese un correo electrónico válido.',
    passwordMismatch: 'Las contraseñas no coinciden. Asegúrese de que sean idénticas.',
    zipInvalid: 'Por favor ingrese un código postal de 5 dígitos.',
    phoneInvalid: 'Por favor ingrese un número de teléfono válido de 10 dígitos, incluyendo el código de área.',
    termsRequired: 'Por favor acepte los términos y condiciones.',
    birthDateNote: 'Su fecha de nacimiento debe coincidir con su identificación estatal o licencia de conducir.',
    registrationSucceeded: 'Gracias por registrarse... Por favor revise su correo electrónico para confirmar su cuenta',
  },
} as const;

function form(page: Page, language: Language) {
  const l = LABELS[language];
  const main = page.getByRole('main');
  const field = (label: string) => main.getByLabel(label, { exact: true });
  return {
    // "Step 1 of 3", a visually hidden ": " and the step's name.
    heading: (step: 0 | 1 | 2) => {
      const [count, name] = l.steps[step].split(': ') as [string, string];
      return main.getByRole('heading', { level: 2, name: new RegExp(`^${count}\\s*:\\s*${name}$`) });
    },
    username: field(l.username),
    email: field(l.email),
    password: field(l.password),
    confirmPassword: field(l.confirmPassword),
    firstName: field(l.firstName),
    lastName: field(l.lastName),
    zipCode: field(l.zipCode),
    address: field(l.address),
    city: field(l.city),
    state: field(l.state),
    gender: field(l.gender),
    phone: field(l.phone),
    race: field(l.race),
    howHeard: field(l.howHeard),
    howDetail: field(l.howDetail),
    birth: main.getByRole('group', { name: l.birthDate }),
    year: field(l.year),
    month: field(l.month),
    day: field(l.day),
    terms: main.getByRole('checkbox', { name: l.terms }),
    next: main.getByRole('button', { name: l.next, exact: true }),
    back: main.getByRole('button', { name: l.back, exact: true }),
    complete: main.getByRole('button', { name: l.complete, exact: true }),
  };
}

async function fillAccountStep(page: Page, language: Language, tester: Tester) {
  const f = form(page, language);
  await f.username.fill(tester.username);
  await f.email.fill(tester.email);
  await f.password.fill(tester.password);
  await f.confirmPassword.fill(tester.password);
}

async function fillProfileStep(page: Page, language: Language, tester: Tester) {
  const f = form(page, language);
  await f.firstName.fill(tester.firstName);
  await f.lastName.fill(tester.lastName);
  await f.zipCode.fill('60614');
  await f.address.fill('2200 N Lincoln Ave');
  await f.city.fill('Chicago');
  await f.state.selectOption('IL');
}

async function fillDetailStep(page: Page, language: Language) {
  const f = form(page, language);
  await f.gender.selectOption('F');
  await f.phone.fill('3125550142');
  await f.race.selectOption('C');
  await f.howHeard.selectOption('1W');
  await f.year.selectOption('1990');
  await f.month.selectOption('6');
  await f.day.selectOption('15');
  await f.terms.check();
}

test.describe('registration', () => {
  test('three steps in English, the confirmation e-mail over SMTP, its countdown to login, and the shell with level, coins and avatar @postgres', async ({
    page,
  }) => {
    test.slow(); // a long flow; this 2-core machine is often busy
    const tester = newTester('reg');
    const f = form(page, 'en');

    await page.goto('/community/join/attention');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to TesterHub' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Register', exact: true }).click();

    await expect(page).toHaveURL('/community/join/account');
    await expect(f.heading(0)).toBeVisible();
    await expectNoAxeViolations(page);
    await fillAccountStep(page, 'en', tester);
    await f.next.click();

    await expect(page).toHaveURL('/community/join/profile');
    await expect(f.heading(1)).toBeVisible();
    await expectNoAxeViolations(page);
    await fillProfileStep(page, 'en', tester);
    await f.next.click();

    await expect(page).toHaveURL('/community/join/detail');
    await expect(f.heading(2)).toBeVisible();
    // Step 3 is settled once its how-heard list has arrived (the select is disabled until then): axe judges it then.
    await expect(f.howHeard).toBeEnabled();
    await expect(f.birth).toContainText(MESSAGES.en.birthDateNote);
    await expectNoAxeViolations(page);
    await fillDetailStep(page, 'en');
    await f.complete.click();

    const thanks = page.getByRole('dialog', { name: LABELS.en.successTitle });
    await expect(thanks).toContainText(MESSAGES.en.registrationSucceeded);
    await expectNoAxeViolations(page);
    await thanks.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL('/community/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The message really went over SMTP: a MIME message with a text and an HTML part, links from PUBLIC_URL.
    const message = await waitForMessage({ to: tester.email, subject: CONFIRM_SUBJECT.en });
    expect(message.text).toContain(`Your username is ${tester.username}.`);
    expect(message.html).toContain('Confirm my e-mail address');
    const link = findLink(message, '/community/checkConfirmEmail');
    expect(linksIn(message.html).map((href) => new URL(href).pathname)).toContain('/community/checkConfirmEmail');
    expect(link.origin).toBe(new URL(test.info().project.use.baseURL!).origin);
    expect(link.searchParams.get('t')).toBeTruthy();
    expect(link.searchParams.get('r')).toBeTruthy();
    expect(link.searchParams.get('e')).toBeTruthy();

    // Following it: confirmed, then a visible 5-second countdown (5, 4, 3, 2, 1) that lands on login.
    // The page's clock is held: the test moves it a second at a time and sees every number,
    // however long axe or a busy machine takes.
    await holdPageClock(page);
    await page.goto(pathOf(link));
    await runHeldClockUntilVisible(page, page.getByText('Thank you! Your e-mail address is confirmed and your account is ready.'));
    const seconds = page.getByTestId('countdown-seconds');
    await expect(seconds).toHaveText('5');
    await expectNoAxeViolationsOnHeldClock(page);
    for (const left of [4, 3, 2, 1]) {
      await page.clock.runFor(1_000);
      await expect(seconds).toHaveText(String(left));
    }
    await expect(page).toHaveURL(pathOf(link));
    await page.clock.runFor(1_000);
    await expect(page).toHaveURL('/community/login');
    await page.clock.resume();
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expectNoAxeViolations(page);

    await logInThroughForm(page, tester);
    const status = page.getByTestId('level-progress-button');
    await expect(status.getByText('Lv 1', { exact: true })).toBeVisible();
    await expect(status.locator('.level-progress__coins')).toHaveText(`${WELCOME_COINS.toLocaleString('en-US')} coins`);
    const avatar = status.locator('img');
    await expect(avatar).toHaveAttribute('src', /^\/media\/avatars\/.+/);
    await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expectNoAxeViolations(page);
  });

  test('the same registration in Spanish: labels, validation messages, thank-you text and the e-mail in Spanish', async ({ page }) => {
    test.slow(); // a long flow; this 2-core machine is often busy
    const tester = newTester('esp');
    const f = form(page, 'es');

    await page.goto('/community/join/attention');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bienvenido a TesterHub' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('main').getByRole('link', { name: LABELS.es.register, exact: true }).click();

    await expect(page).toHaveURL('/community/join/account');
    await expect(f.heading(0)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'Español' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await f.username.fill('corto12');
    await f.username.blur();
    await expectFieldError(f.username, MESSAGES.es.usernameTooShort);
    await f.email.fill('no-es-un-correo');
    await f.email.blur();
    await expectFieldError(f.email, MESSAGES.es.emailInvalid);
    await f.password.fill(tester.password);
    await f.confirmPassword.fill(`${tester.password}x`);
    await f.confirmPassword.blur();
    await expectFieldError(f.confirmPassword, MESSAGES.es.passwordMismatch);
    await expectNoAxeViolations(page);
    await fillAccountStep(page, 'es', tester);
    await expectNoFieldError(f.username);
    await f.next.click();

    await expect(page).toHaveURL('/community/join/profile');
    await expect(f.heading(1)).toBeVisible();
    await f.zipCode.fill('6061');
    await f.zipCode.blur();
    await expectFieldError(f.zipCode, MESSAGES.es.zipInvalid);
    await expectNoAxeViolations(page);
    await fillProfileStep(page, 'es', tester);
    await f.next.click();

    await expect(page).toHaveURL('/community/join/detail');
    await expect(f.heading(2)).toBeVisible();
    // Step 3 is settled once its how-heard list has arrived (the select is disabled until then): axe judges it then.
    await expect(f.howHeard).toBeEnabled();
    await expect(f.birth).toContainText(MESSAGES.es.birthDateNote);
    await fillDetailStep(page, 'es');
    await f.phone.fill('312555014');
    await f.phone.blur();
    await expectFieldError(f.phone, MESSAGES.es.phoneInvalid);
    await f.phone.fill('3125550142');
    await f.terms.uncheck();
    // Completar is aria-disabled, not disabled: submitting (Enter) shows what is missing.
    await expect(f.complete).toHaveAttribute('aria-disabled', 'true');
    await f.phone.press('Enter');
    await expectFieldError(f.terms, MESSAGES.es.termsRequired);
    await expectNoAxeViolations(page);
    await f.terms.check();
    await f.complete.click();

    const thanks = page.getByRole('dialog', { name: LABELS.es.successTitle });
    await expect(thanks).toContainText(MESSAGES.es.registrationSucceeded);
    await expectNoAxeViolations(page);
    await thanks.getByRole('button', { name: LABELS.es.close }).click();
    await expect(page).toHaveURL('/community/login');
    await expectNoAxeViolations(page);

    const message = await waitForMessage({ to: tester.email, subject: CONFIRM_SUBJECT.es });
    expect(message.subject).toBe(CONFIRM_SUBJECT.es);
    expect(message.text).toContain(`Su nombre de usuario es ${tester.username}.`);
    expect(message.html).toContain('Confirmar mi correo electrónico');
    findLink(message, '/community/checkConfirmEmail');
  });

  test('every validation message of the three steps, both boundaries of each length rule, and Back keeping the values', async ({
    page,
  }) => {
    test.slow();
    const m = MESSAGES.en;
    const f = form(page, 'en');
    const tester = newTester('val');

    await page.goto('/community/join/account');
    await expect(f.heading(0)).toBeVisible();
    await expectNoAxeViolations(page);

    // Username: spaces, 7 / 8 and 20 / 21 characters, taken.
    await f.username.fill('has space1');
    await f.username.blur();
    await expectFieldError(f.username, m.usernameSpaces);
    await f.username.fill(`u${randomSuffix(6)}`);
    await expectFieldError(f.username, m.usernameTooShort);
    await f.username.fill(`u${randomSuffix(7)}`);
    await expectNoFieldError(f.username);
    await f.username.fill(`u${randomSuffix(19)}`);
    await expect(f.username).toHaveValue(/^.{20}$/);
    await f.username.blur();
    await expectNoFieldError(f.username);
    await f.username.fill(`u${randomSuffix(20)}`);
    await expectFieldError(f.username, m.usernameTooLong);
    await f.username.fill(DEMO.username);
    await f.username.blur();
    await expectFieldError(f.username, m.usernameTaken);
    await expectNoAxeViolations(page);

    // E-mail: the simple pattern, then an address already in use.
    await f.email.fill('someone@nowhere');
    await f.email.blur();
    await expectFieldError(f.email, m.emailInvalid);
    await f.email.fill(DEMO.email);
    await f.email.blur();
    await expectFieldError(f.email, m.emailTaken);

    // Password: each character class, 7 / 8 and 20 / 21 characters.
    await f.password.fill('Abcdefg#');
    await f.password.blur();
    await expectFieldError(f.password, m.passwordDigit);
    await f.password.fill('ABCDEFG1#');
    await expectFieldError(f.password, m.passwordLowercase);
    await f.password.fill('abcdefg1#');
    await expectFieldError(f.password, m.passwordUppercase);
    await f.password.fill('Abcdefg12');
    await expectFieldError(f.password, m.passwordSpecial);
    await f.password.fill('Abc12#x');
    await expectFieldError(f.password, m.passwordTooShort);
    await f.password.fill('Abc12#xy');
    await expectNoFieldError(f.password);
    await f.password.fill('Abc12#xyzwvutsrqponm');
    await expect(f.password).toHaveValue(/^.{20}$/);
    await expectNoFieldError(f.password);
    await f.password.fill('Abc12#xyzwvutsrqponml');
    await expectFieldError(f.password, m.passwordTooLong);
    await f.password.fill(tester.password);
    await f.confirmPassword.fill(`${tester.password}!`);
    await f.confirmPassword.blur();
    await expectFieldError(f.confirmPassword, m.passwordMismatch);
    await expect(f.next).toHaveAttribute('aria-disabled', 'true');
    await expectNoAxeViolations(page);

    // Valid values: no message left, Next enabled.
    await fillAccountStep(page, 'en', tester);
    await f.email.blur();
    for (const field of [f.username, f.email, f.password, f.confirmPassword]) await expectNoFieldError(field);
    await expect(f.next).toHaveAttribute('aria-disabled', 'false');
    await f.next.click();

    // Step 2: every field required, the zip rule, the too-far notice.
    await expect(f.heading(1)).toBeVisible();
    await expect(f.next).toHaveAttribute('aria-disabled', 'true');
    // Next is aria-disabled, not disabled: submitting (Enter) shows every missing field and focuses the first.
    await f.city.press('Enter');
    for (const field of [f.firstName, f.lastName, f.zipCode, f.address, f.city]) await expectFieldError(field, m.required);
    await expectFieldError(f.state, m.stateInvalid);
    await expect(f.firstName).toBeFocused();
    await expectNoAxeViolations(page);
    await f.zipCode.fill('6061');
    await expectFieldError(f.zipCode, m.zipInvalid);
    await f.zipCode.fill('606141');
    await expectFieldError(f.zipCode, m.zipInvalid);
    await f.zipCode.fill('59001');
    await expectNoFieldError(f.zipCode);
    await expect(page.getByRole('main').getByText(m.zipTooFar)).toBeVisible();
    await expectNoAxeViolations(page);
    await fillProfileStep(page, 'en', tester);
    await expect(page.getByRole('main').getByText(m.zipTooFar)).toHaveCount(0);
    await f.next.click();

    // Step 3: everything required at once, then one rule at a time.
    await expect(f.heading(2)).toBeVisible();
    // Step 3 is settled once its how-heard list has arrived (the select is disabled until then): axe judges it then.
    await expect(f.howHeard).toBeEnabled();
    await expect(f.howDetail).toBeVisible(); // how-heard defaults to Other ('0O'), which needs the detail
    await expect(f.complete).toHaveAttribute('aria-disabled', 'true');
    await f.phone.press('Enter');
    await expectFieldError(f.gender, m.genderInvalid);
    await expectFieldError(f.phone, m.required);
    await expectFieldError(f.race, m.raceInvalid);
    await expectFieldError(f.howDetail, m.adDetailRequired);
    await expect(f.birth.getByRole('alert')).toHaveText(m.required);
    await expectFieldError(f.terms, m.termsRequired);
    await expect(f.gender).toBeFocused();
    await expectNoAxeViolations(page);

    await f.phone.fill('312555014');
    await expectFieldError(f.phone, m.phoneInvalid);
    await f.phone.fill('31255501421');
    await expectFieldError(f.phone, m.phoneInvalid);
    await f.phone.fill('3125550142');
    await f.phone.blur();
    await expectNoFieldError(f.phone);
    await expect(f.phone).toHaveValue('(312)555-0142');

    // Other needs the detail; another source hides it.
    await expect(f.howHeard).toHaveValue('0O');
    await f.howDetail.fill('A poster at the library');
    await expectNoFieldError(f.howDetail);
    await f.howDetail.fill('');
    await expectFieldError(f.howDetail, m.adDetailRequired);
    await f.howHeard.selectOption('1R');
    await expect(f.howDetail).toHaveCount(0);

    // Birth date: month after year, day after month, the month's length (29 in a leap February).
    await expect(f.month).toBeDisabled();
    await expect(f.day).toBeDisabled();
    const thisYear = new Date().getFullYear();
    const years = await f.year
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    expect(years[0]).toBe(String(thisYear - 13));
    expect(years[years.length - 1]).toBe(String(thisYear - 80));
    await f.year.selectOption('2000');
    await expect(f.month).toBeEnabled();
    await expect(f.day).toBeDisabled();
    await f.month.selectOption('2');
    await expect(f.day).toBeEnabled();
    const dayValues = () =>
      f.day.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    await expect.poll(dayValues).toHaveLength(29);
    await f.day.selectOption('29');
    await f.year.selectOption('2001');
    await expect.poll(dayValues).toHaveLength(28);
    await expect(f.day).toHaveValue('');
    await f.month.selectOption('4');
    await expect.poll(dayValues).toHaveLength(30);
    await f.month.selectOption('12');
    await expect.poll(dayValues).toHaveLength(31);
    await f.day.selectOption('31');
    await f.gender.selectOption('M');
    await f.race.selectOption('A');
    await expectNoFieldError(f.gender);
    await expectNoFieldError(f.race);
    await expect(f.birth.getByRole('alert')).toHaveCount(0);

    // Terms: unticked is refused.
    await expect(f.terms).not.toBeChecked();
    await expect(f.complete).toHaveAttribute('aria-disabled', 'true');
    await f.terms.check();
    await expectNoFieldError(f.terms);
    await expect(f.complete).toHaveAttribute('aria-disabled', 'false');
    await f.terms.uncheck();
    await expectFieldError(f.terms, m.termsRequired);
    await expectNoAxeViolations(page);

    // Back keeps every value on every step, and forward again finds step 3 as it was left.
    await f.back.click();
    await expect(f.heading(1)).toBeVisible();
    await expect(f.firstName).toHaveValue(tester.firstName);
    await expect(f.lastName).toHaveValue(tester.lastName);
    await expect(f.zipCode).toHaveValue('60614');
    await expect(f.address).toHaveValue('2200 N Lincoln Ave');
    await expect(f.city).toHaveValue('Chicago');
    await expect(f.state).toHaveValue('IL');
    await f.back.click();
    await expect(f.heading(0)).toBeVisible();
    await expect(f.username).toHaveValue(tester.username);
    await expect(f.email).toHaveValue(tester.email);
    await expect(f.password).toHaveValue(tester.password);
    await expect(f.confirmPassword).toHaveValue(tester.password);
    await f.next.click();
    await expect(f.heading(1)).toBeVisible();
    await f.next.click();
    await expect(f.heading(2)).toBeVisible();
    // Step 3 is settled once its how-heard list has arrived (the select is disabled until then): axe judges it then.
    await expect(f.howHeard).toBeEnabled();
    await expect(f.gender).toHaveValue('M');
    await expect(f.phone).toHaveValue('(312)555-0142');
    await expect(f.race).toHaveValue('A');
    await expect(f.howHeard).toHaveValue('1R');
    await expect(f.year).toHaveValue('2001');
    await expect(f.month).toHaveValue('12');
    await expect(f.day).toHaveValue('31');
    await expect(f.terms).not.toBeChecked();
  });
});
