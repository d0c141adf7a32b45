import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolationsOnHeldClock, holdPageClock, runHeldClockUntilVisible } from './clock';
import { findLink, waitForMessage, type CapturedMessage } from './mailbox';

/** Helpers of the accounts end-to-end tests: unique testers, API registration, the e-mailed links. */

/** The welcome gift the server credits at registration (WELCOME_COINS, default 100 in apps/server/src/config/env.ts). */
export const WELCOME_COINS = Number(process.env.WELCOME_COINS ?? 100);

export const DEMO = {
  username: 'demotester1',
  password: 'Demo#Pass1',
  email: 'demo.tester@testerhub.example',
  changeUsername: 'changeme01',
  changePassword: 'Change#Me1',
  reEngagementCode: '1234567',
  reEngagementPhone: '3125550100',
} as const;

export interface Tester {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Lower-case letters and digits, `length` of them, random: each test uses its own names. */
export function randomSuffix(length = 8): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * The ages the invitation tests target with their age filter, one per test, so that one test's
 * testers never reach another's invitation (the browser tests share one database and run at once).
 * The staff chain draws its age from the range left below them.
 */
export const INVITATION_TEST_AGES = {
  staffChain: { from: 82, below: 91 },
  staffTablesRecipients: 91,
  staffInviteFilters: 93,
  staffTablesSendings: 94,
  staffInvitations: 97,
  staffIssue29Gaps: 98,
} as const;

/** A birth date `years` years (and a month) before today, YYYY-MM-DD: that age, whatever the day (a 2 January birthday is not yet reached on 1 January). */
export function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 10);
}

/** Ten digits no other test registers: testers sharing a phone are held as likely duplicates (decision 129). */
export function randomPhone(): string {
  return `312${[...randomBytes(7)].map((byte) => byte % 10).join('')}`;
}

/** Lower-case letters only, `length` of them, random: a name holds no digits (issue 24). */
export function randomLetters(length = 4): string {
  return [...randomBytes(length)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

/** A tester nobody has registered yet: username of 12 characters, e-mail at the e2e domain. */
export function newTester(prefix: string): Tester {
  const suffix = randomSuffix(8);
  const tag = prefix.slice(0, 4).toLowerCase();
  return {
    username: `${tag}${suffix}`,
    email: `${tag}.${suffix}@e2e.testerhub.example`,
    password: `Pw#${suffix.slice(0, 5)}9Z`,
    firstName: `Ann${randomLetters(4)}`,
    lastName: `Lee${randomLetters(4)}`,
  };
}

/** Registers through POST /api/account/register (the same payload the detail step sends), with the referral code kept from a join link if given. */
export async function registerThroughApi(
  request: APIRequestContext,
  tester: Tester,
  language: 'en' | 'es' = 'en',
  referralCode = '',
): Promise<void> {
  const response = await request.post('/api/account/register', {
    data: {
      Username: tester.username,
      EmailAddress: tester.email,
      Password: tester.password,
      FirstName: tester.firstName,
      LastName: tester.lastName,
      ZipCode: '60614',
      Address: `${randomPhone().slice(-4)} N Lincoln Ave`,
      City: 'Chicago',
      State: 'IL',
      SexID: 'F',
      PhoneNo: randomPhone(),
      RaceID: 'R',
      AdID: '1W',
      AdDetail: '',
      Birth: '1990-06-15',
      CAge: 35,
      Referral: referralCode,
      DayIndex: 0,
      ContactBestTimeFrom: '07:00',
      ContactBestTimeTo: '17:00',
      AcceptTerms: true,
      Language: language,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'succeed' });
}

export const CONFIRM_SUBJECT = { en: 'Confirm your TesterHub e-mail address', es: 'Confirme su correo electrónico de TesterHub' } as const;

/** The confirmation e-mail of a registration, with its link (both parts of the message carry it). */
export async function confirmationMail(tester: Tester, language: 'en' | 'es' = 'en'): Promise<{ message: CapturedMessage; link: URL }> {
  const message = await waitForMessage({ to: tester.email, subject: CONFIRM_SUBJECT[language] });
  const link = findLink(message, '/community/checkConfirmEmail');
  return { message, link };
}

/** Path and query of an e-mailed link, to open against the test server. */
export const pathOf = (link: URL) => `${link.pathname}${link.search}`;

/**
 * Follows the e-mailed confirmation link in the browser and skips the countdown with "Log in now".
 * The page's clock is held meanwhile, so the countdown cannot move on while axe runs, and the
 * link is there to click however busy the machine is; then time runs again.
 */
export async function confirmThroughEmail(page: Page, tester: Tester): Promise<void> {
  const { link } = await confirmationMail(tester);
  await holdPageClock(page);
  await page.goto(pathOf(link));
  await runHeldClockUntilVisible(page, page.getByText('Thank you! Your e-mail address is confirmed and your account is ready.'));
  await expect(page.getByTestId('countdown-seconds')).toHaveText('5');
  await expectNoAxeViolationsOnHeldClock(page);
  await page.getByRole('link', { name: 'Log in now' }).click();
  await expect(page).toHaveURL('/community/login');
  await page.clock.resume();
}

/** Registered and confirmed through the API and the e-mailed link: ready to log in. */
export async function readyTester(page: Page, prefix: string): Promise<Tester> {
  const tester = newTester(prefix);
  await registerThroughApi(page.request, tester);
  await confirmThroughEmail(page, tester);
  return tester;
}

export function loginForm(page: Page) {
  const main = page.getByRole('main');
  return {
    username: main.getByLabel('Username', { exact: true }),
    password: main.getByLabel('Password', { exact: true }),
    remember: main.getByRole('checkbox', { name: 'Remember me' }),
    submit: main.getByRole('button', { name: 'Login', exact: true }),
  };
}

/** Logs in on /community/login (the page must be open) and waits for the screener page. */
export async function logInThroughForm(
  page: Page,
  tester: Pick<Tester, 'username' | 'password'>,
  options: { remember?: boolean } = {},
): Promise<void> {
  const form = loginForm(page);
  await form.username.fill(tester.username);
  await form.password.fill(tester.password);
  if (options.remember !== undefined) await form.remember.setChecked(options.remember);
  await form.submit.click();
  await expect(page).toHaveURL('/community/main/screener');
  await expect(page.getByRole('heading', { level: 1, name: 'Available studies' })).toBeVisible();
}

/** The field shows `message` as its error: marked invalid, and the message is part of its description. */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

/** The field shows no error at all. */
export async function expectNoFieldError(field: Locator): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'false');
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The session cookie's name: with the __Host- prefix when the site is served over https. */
export const isSessionCookie = (name: string) => name === 'th_session' || name === '__Host-th_session';
