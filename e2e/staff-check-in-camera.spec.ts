import { expect, test } from './fixtures';
import { launchWithCamera, writeQrVideo } from './support/fake-camera';
import { decodeQr } from './support/qr';
import { expectStaffPageSound, openStaffConsole } from './support/staff';
import { startToday } from './support/site-clock';
import { createBooking } from './support/test-support';

/**
 * Check-in by the camera (issue 12 section 4; decisions 048 and 067): the tester's QR code from the
 * schedule check page becomes a video that Chromium's fake camera plays; site staff press "Scan
 * with the camera", the page reads the frames with its own decoder (no token typed), shows who and
 * what it is, and marks the tester attended; the tester's earnings history shows the session.
 */
test('site staff scan the tester’s QR code with the camera and mark attended', async ({
  playwright,
  launchOptions,
  baseURL,
  request,
  loggedInPage: testerPage,
  testerSession,
}, testInfo) => {
  test.setTimeout(180_000);
  const { tester } = testerSession;
  const startsAt = startToday(30);
  await createBooking(request, { testerId: tester.testerId, studyNo: 24101, startsAt, siteId: '00001', coOpCostCents: 3500 });

  // The code the tester's page shows, read from its pixels, drawn again as the camera's video.
  await testerPage.goto('/community/main/schedule/check');
  const qr = testerPage.getByTestId('check-in-qr').first();
  await expect(qr).toBeVisible();
  const token = await decodeQr(qr);
  expect(token).toBeTruthy();
  const video = testInfo.outputPath('check-in-qr.y4m');
  writeQrVideo(token!, video);

  const browser = await launchWithCamera(playwright.chromium, launchOptions, video);
  try {
    const staff = await openStaffConsole(browser, baseURL!, request, { roles: ['site-staff'], siteIds: ['00001'] });
    await staff.context.grantPermissions(['camera'], { origin: baseURL! });
    const page = staff.page;
    await page.goto('/staff/check-in');
    await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
    await page.getByRole('button', { name: 'Scan with the camera' }).click();

    // The frames are decoded in the page: the card appears without the code field being used.
    const card = page.getByRole('article', { name: `${tester.firstName} ${tester.lastName}` });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel(/Or enter the code/)).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Scan with the camera' })).toBeVisible();
    await expect(card).toContainText('study 24101');
    await expect(card.getByText(/Day 1: .* (CST|CDT)/)).toBeVisible();
    await expect(card.getByTestId('check-in-status')).toHaveText('Expected');
    await expectStaffPageSound(page);

    await card.getByRole('button', { name: 'Mark attended' }).click();
    await expect(page.getByRole('status')).toContainText('is checked in');
    await expect(card.getByTestId('check-in-status')).toHaveText('Checked in');
    await staff.context.close();
  } finally {
    await browser.close();
  }

  // The tester's side: the attended session in the earnings history, with the compensation owed.
  await testerPage.goto('/community/main/account/coins');
  await testerPage.getByRole('link', { name: 'Earnings history' }).click();
  await expect(
    testerPage.getByRole('table', { name: 'Coin and experience changes' }).getByRole('row').filter({ hasText: 'Study session attended' }),
  ).toHaveCount(1);
  await expect(testerPage.getByRole('table', { name: 'Study compensation' }).getByRole('row').filter({ hasText: '35' })).toHaveCount(1);
});
