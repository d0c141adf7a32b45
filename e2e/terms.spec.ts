import type { Page } from '@playwright/test';
import { DAILY_BONUS_TEXTS } from '@testerhub/shared/daily-bonus-schemas';
import { TERMS_TEXTS } from '@testerhub/shared/terms-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { addSessionCookie, mintStudyLink, publishTermsVersion, startSession } from './support/test-support';
import { lockTermsPublishing } from './support/terms-lock';

/**
 * Issue 11 section 6 and issue 12 section 6 (decision 041): a new terms version asks the tester at
 * the next portal visit, before the login bonus, in a dialog that only 'I accept' or 'Log out' ends.
 *
 * Each test publishes a version that asks its own tester alone (the test-support route records
 * everyone else as accepting it), so the other spec files never meet the dialog. The tests of this
 * file run one after the other: a version published by one would otherwise be recorded as accepted
 * by the other's tester.
 */

test.describe.configure({ mode: 'serial' });
// The staff console's spec publishes versions too: one spec at a time (decision 057).
let unlockTerms = () => undefined as void;
test.beforeAll(async () => {
  unlockTerms = await lockTermsPublishing(50_000);
});
test.afterAll(() => unlockTerms());
test.use({ showLoginBonus: true });

const PORTAL = '/community/main/screener';
const termsDialog = (page: Page) => page.getByRole('dialog', { name: TERMS_TEXTS.title });
const calendar = (page: Page) => page.getByRole('dialog', { name: DAILY_BONUS_TEXTS.title });

test('a new version: the dialog before the bonus, Escape does not close it, the terms open beside it, I accept, then the portal', async ({
  loggedInPage: page,
  testerSession,
  request,
}) => {
  const summary = `Version for ${testerSession.tester.username}: we now explain how the leaderboard shows your username.`;
  const { version } = await publishTermsVersion(request, { askOnly: [testerSession.tester.testerId], summaryEn: summary });

  await page.goto(PORTAL);
  const dialog = termsDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(new RegExp(`${TERMS_TEXTS.intro} .*leaderboard shows your username`));
  await expect(dialog.getByRole('heading', { level: 3 })).toContainText(`What changed in version ${version}`);
  await expect(calendar(page)).toHaveCount(0);
  // The dialog has the focus, and the page behind it is out of reach.
  await expect(dialog).toBeFocused();
  await expectNoAxeViolations(page);

  // Escape, twice (Chromium lets a repeated Escape through a refused cancel): the dialog stays.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(calendar(page)).toHaveCount(0);

  // By keyboard: the link to the terms first, then Log out, then I accept.
  await page.keyboard.press('Tab');
  const link = dialog.getByRole('link', { name: `${TERMS_TEXTS.readTerms} ${TERMS_TEXTS.opensInNewTab}` });
  await expect(link).toBeFocused();
  const [terms] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
  await expect(terms).toHaveURL(/\/popup\/terms$/);
  await expect(terms.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
  await terms.close();
  await expect(dialog).toBeVisible();

  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: TERMS_TEXTS.logOut })).toBeFocused();
  await page.keyboard.press('Tab');
  const accept = dialog.getByRole('button', { name: TERMS_TEXTS.accept });
  await expect(accept).toBeFocused();
  await page.keyboard.press('Enter');

  // Accepted: the entry flow goes on with the login bonus, and the next visit asks nothing.
  await expect(dialog).toHaveCount(0);
  await expect(calendar(page)).toBeVisible();
  await calendar(page).getByRole('button', { name: 'Later' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The heading shows before the page has the terms status, and "no dialog" with it: read that answer first.
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/account/GetTermsStatus');
  await page.reload();
  expect(await (await asked).json()).toMatchObject({ needsAcceptance: false, acceptedVersion: version });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a study link opened meanwhile waits for the terms, then runs', async ({ loggedInPage: page, testerSession, request }) => {
  const { testerId } = testerSession.tester;
  const link = await mintStudyLink(request, { kind: 'invitation', testerId, studyNo: 24106 });
  await publishTermsVersion(request, { askOnly: [testerId], summaryEn: 'We changed how study invitations are sent.' });

  await page.goto(`/community?${new URLSearchParams({ s: link.s, t: link.t, d: link.d })}`);
  const dialog = termsDialog(page);
  await expect(dialog).toBeVisible();
  await expect(page).not.toHaveURL(/\/screener\/24106/);
  await dialog.getByRole('button', { name: TERMS_TEXTS.accept }).click();
  await expect(page).toHaveURL('/community/main/screener/24106');
  await expect(page.getByRole('heading', { level: 1, name: 'Online screener: household cleaning habits, 10 minutes' })).toBeVisible();
});

test.describe('at 360 px (a phone)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the dialog fits; Log out leaves for the login page, and the next login asks again', async ({
    loggedInPage: page,
    testerSession,
    request,
    context,
    baseURL,
  }) => {
    await publishTermsVersion(request, {
      askOnly: [testerSession.tester.testerId],
      summaryEn: 'We now keep your study answers for three years, and you can download your data or delete your account from My account.',
    });
    await page.goto(PORTAL);
    const dialog = termsDialog(page);
    await expect(dialog).toBeVisible();
    await expect
      .poll(async () => {
        const box = await dialog.boundingBox();
        return box && { fromLeftEdge: box.x >= 0, toRightEdge: box.x + box.width <= 360 };
      })
      .toEqual({ fromLeftEdge: true, toRightEdge: true });
    for (const name of [TERMS_TEXTS.accept, TERMS_TEXTS.logOut]) await expect(dialog.getByRole('button', { name })).toBeInViewport();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: TERMS_TEXTS.logOut }).click();
    await expect(page).toHaveURL('/community/login');
    await expect(termsDialog(page)).toHaveCount(0);

    // Not accepted: a new session meets the dialog again.
    await addSessionCookie(context, baseURL!, await startSession(request, { testerId: testerSession.tester.testerId }));
    await page.goto(PORTAL);
    await expect(termsDialog(page)).toBeVisible();
    await expect(calendar(page)).toHaveCount(0);
  });
});
