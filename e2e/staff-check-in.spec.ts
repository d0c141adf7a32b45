import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { startToday } from './support/site-clock';
import { createBooking } from './support/test-support';
import { expectStaffPageSound, openStaffConsole } from './support/staff';
import { decodeQr } from './support/qr';

/**
 * Check-in by QR code (issue 12 section 4; decision 048): a tester booked today at the Chicago
 * site shows the QR code of the schedule check page; site staff of that site (set up here with a
 * TOTP code computed in the test) read it and mark the tester attended, and the tester's coins go
 * up; site staff of another site are refused. axe on the check-in page, at 360 px.
 */

async function enterCode(page: Page, token: string) {
  await page.getByLabel(/Or enter the code/).fill(token);
  await page.getByRole('button', { name: 'Find the booking' }).click();
}

async function coinsOf(page: Page) {
  const response = await page.request.get('/api/reward/GetEarningsHistory?page=1');
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    entries: { coins: number; description: string }[];
    compensation: { studyName: string; amount: number }[];
  };
}

test('site staff check a tester in by the QR code’s token and mark attended; the tester is paid; another site’s staff are refused', async ({
  browser,
  baseURL,
  request,
  loggedInPage: testerPage,
  testerSession,
}) => {
  test.setTimeout(180_000);
  const testerId = testerSession.tester.testerId;
  // A session at the Chicago site that began half an hour ago (or begins in half an hour, just past its midnight).
  const startsAt = startToday(30);
  const { bookingId } = await createBooking(request, { testerId, studyNo: 24101, startsAt, siteId: '00001', coOpCostCents: 4500 });

  // The tester's QR code on the schedule check page, decoded from its pixels.
  await testerPage.goto('/community/main/schedule/check');
  const qr = testerPage.getByTestId('check-in-qr').first();
  await expect(qr).toBeVisible();
  const token = await decodeQr(qr);
  expect(token).toBeTruthy();
  const before = await coinsOf(testerPage);

  // Staff of another site: refused, with the reason.
  const dallas = await openStaffConsole(browser, baseURL!, request, { roles: ['site-staff'], siteIds: ['00002'] });
  await dallas.page.goto('/staff/check-in');
  await enterCode(dallas.page, token!);
  await expect(dallas.page.getByRole('alert')).toContainText('not one of your sites');
  await expect(dallas.page.getByRole('button', { name: 'Mark attended' })).toHaveCount(0);
  const refused = await dallas.page.request.post('/api/staff/check-in/MarkAttended', {
    data: { bookingId },
    headers: { 'x-requested-with': 'TesterHub' },
  });
  expect((await refused.json()).status).toBe('otherSite');
  await dallas.context.close();

  // Staff of the tester's site: the booking, then Mark attended.
  const chicago = await openStaffConsole(browser, baseURL!, request, { roles: ['site-staff'], siteIds: ['00001'] });
  const page = chicago.page;
  await page.getByRole('link', { name: 'Check-in' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
  await expectStaffPageSound(page);

  // A forged code first: the clear message.
  await enterCode(page, `${token!.slice(0, -3)}xyz`);
  await expect(page.getByRole('alert')).toContainText('not a TesterHub check-in code');

  await enterCode(page, token!);
  const card = page.getByRole('article', { name: `${testerSession.tester.firstName} ${testerSession.tester.lastName}` });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('check-in-status')).toHaveText('Expected');
  await expect(card.getByText(/Day 1: .* (CST|CDT)/)).toBeVisible();
  // The date of birth, to compare with the photo ID (issue 29).
  await expect(card.getByTestId('check-in-birth-date')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expectStaffPageSound(page);
  await card.getByRole('button', { name: 'Mark attended' }).click();
  await expect(page.getByRole('status')).toContainText('is checked in');
  await expect(card.getByTestId('check-in-status')).toHaveText('Checked in');
  await expectNoAxeViolations(page);

  // The tester was paid once: the attendance coins and the compensation owed.
  const after = await coinsOf(testerPage);
  const paid = after.entries.filter((entry) => entry.description === 'Study session attended');
  expect(paid).toHaveLength(1);
  expect(paid[0]!.coins).toBeGreaterThan(0);
  expect(after.entries.length).toBe(before.entries.length + 1);
  expect(after.compensation.length).toBe(before.compensation.length + 1);
  expect(after.compensation[0]!.amount).toBe(45);

  // A second press (another staff member's) is refused: already checked in. On a fresh page, so the
  // card shown is the new look-up's: the one above already said Checked in before it answered.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
  await expect(card).toHaveCount(0);
  await enterCode(page, token!);
  await expect(card.getByTestId('check-in-status')).toHaveText('Checked in');
  await expect(card.getByRole('button', { name: 'Mark attended' })).toHaveCount(0);
  await chicago.context.close();
});
