import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { PRIVACY_TEXTS } from '@testerhub/shared/privacy-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { expectFieldError, loginForm } from './support/accounts';
import { attendStudy, createBooking } from './support/test-support';

/**
 * Issue 11, "Beyond the spec" (decision 040): the Your data page downloads everything held about
 * the tester as one JSON file, and deletes the account (with the children's data) after the
 * password and a confirmation; the browser then lands logged out on a public page.
 */

const PRIVACY = '/community/main/account/privacy';
const ACCOUNT = '/community/main/account/general';
/** A seeded adult study (apps/server/src/modules/studies/studies-seed.ts). */
const BOOKED_STUDY = 24108;

/** A child registered through the portal's own call (online registration opens once a study was attended). */
async function registerChild(page: Page, firstName: string) {
  const response = await page.request.post('/api/account/RegistChildrenWithoutStudyNo', {
    headers: { 'x-requested-with': 'TesterHub' },
    data: { firstName, lastName: 'Privacy', race: 'O', gender: 'F', year: 2016, month: 5, day: 14, phone: '3125550123' },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect((await response.json()).status).toBe('succeed');
}

test('download my data: a JSON file named with the day holding the profile, the child and the booking, no secret', async ({
  loggedInPage: page,
  testerSession,
  request,
}) => {
  const { tester } = testerSession;
  await attendStudy(request, tester.testerId);
  await createBooking(request, { testerId: tester.testerId, studyNo: BOOKED_STUDY });
  await registerChild(page, 'Juniper');

  await page.goto(ACCOUNT);
  await page.getByRole('link', { name: 'Download or delete my data' }).click();
  await expect(page).toHaveURL(PRIVACY);
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^testerhub-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  const data = JSON.parse(text) as Record<string, unknown> & {
    profile: { username: string; email: string };
    children: { firstName: string }[];
    bookings: { studyNo: number; status: string }[];
    sessions: unknown[];
  };
  expect(data.format).toBe('testerhub-my-data');
  expect(data.profile).toMatchObject({ username: tester.username, email: tester.email });
  expect(data.children.map((child) => child.firstName)).toEqual(['Juniper']);
  expect(data.bookings).toEqual(expect.arrayContaining([expect.objectContaining({ studyNo: BOOKED_STUDY, status: 'booked' })]));
  expect(data.sessions.length).toBeGreaterThan(0);
  expect(text).not.toContain('passwordHash');
  expect(text).not.toContain(tester.password);
  await expect(page.getByRole('status').filter({ hasText: 'has been downloaded' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('delete my account: a wrong password says so and keeps it; the right one, confirmed, deletes it and logs out for good @postgres', async ({
  loggedInPage: page,
  testerSession,
  request,
}) => {
  const { tester } = testerSession;
  await attendStudy(request, tester.testerId);
  await createBooking(request, { testerId: tester.testerId, studyNo: BOOKED_STUDY });
  await registerChild(page, 'Rowan');

  await page.goto(PRIVACY);
  const password = page.getByLabel('Your password');
  const deleteButton = page.getByRole('button', { name: 'Delete my account' });
  // Nothing typed: the shared schema's message, and no dialog.
  await deleteButton.click();
  await expectFieldError(password, PRIVACY_TEXTS.passwordRequired);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await password.fill('Wrong#Pass99');
  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('your children’s data');
  await expect(dialog).toContainText('your coins');
  await expect(dialog).toContainText('your bookings');
  await expect(dialog).toContainText('This cannot be undone.');
  await expectNoAxeViolations(page);
  // Keep my account closes it and changes nothing.
  await dialog.getByRole('button', { name: 'Keep my account' }).click();
  await expect(dialog).toHaveCount(0);

  await deleteButton.click();
  await dialog.getByRole('button', { name: 'Yes, delete everything' }).click();
  await expect(dialog).toHaveCount(0);
  await expectFieldError(password, PRIVACY_TEXTS.wrongPassword);
  await expectNoAxeViolations(page);
  // Still here: the account page answers.
  expect((await page.request.get('/api/account/GetContact')).status()).toBe(200);

  await password.fill(tester.password);
  await deleteButton.click();
  await dialog.getByRole('button', { name: 'Yes, delete everything' }).click();
  await expect(page).toHaveURL('/community/accountDeleted');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(PRIVACY_TEXTS.accountDeleted);
  await expectNoAxeViolations(page);
  expect((await page.context().cookies()).some((cookie) => cookie.name.endsWith('th_session'))).toBe(false);
  expect((await page.request.get('/api/account/GetContact')).status()).toBe(401);

  // The account is gone: the login form refuses it.
  await page.goto('/community/login');
  const form = loginForm(page);
  await form.username.fill(tester.username);
  await form.password.fill(tester.password);
  await form.submit.click();
  await expect(page.getByRole('dialog')).toContainText('Incorrect username or password.');
  await expect(page).toHaveURL(/\/community\/login/);
});

test.describe('at 360 px (a phone)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the Your data page and the confirmation fit and pass axe', async ({ loggedInPage: page }) => {
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto(PRIVACY);
    await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    // On a phone the cookie notice covers the foot of the page until it is accepted.
    await page.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Accept' }).click();
    await page.getByLabel('Your password').fill('Some#Pass11');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});
