import type { Page } from '@playwright/test';
import { SITE_CONTENT_TEXTS } from '@testerhub/shared/site-content-schemas';
import { SITE_ZIP_TEXTS } from '@testerhub/shared/site-zip-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { newTester, randomSuffix } from './support/accounts';
import { expectStaffPageSound, openFromConsoleHome, openStaffConsole } from './support/staff';

/**
 * Issue 12 section 6 (decision 069): content staff add a test site and give it a ZIP prefix no seed
 * site uses; a visitor registering through the real pages with a ZIP code there is no longer told
 * they are too far, and registration assigns them to the new site, so removing it is refused
 * naming the tester; the site is retired by taking its prefix off (registration is told "too far"
 * again). A second site nobody names is removed. axe and 360 px on the page with a site's set-up open.
 */

const TOO_FAR = 'Your address is too far from our in-person testing locations.';

async function addSite(staff: Page, name: string) {
  const form = staff.getByRole('form', { name: 'Add a test site' });
  if (!(await form.isVisible())) await staff.getByText('Add a test site').click();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('City').fill('Tupelo');
  await form.getByLabel('Street address').fill('1 Main St, Tupelo, MS 38801');
  await form.getByLabel('Phone', { exact: true }).fill('(662) 555-0100');
  await form.getByLabel('Time zone').selectOption('America/Chicago');
  await form.getByRole('button', { name: 'Add site' }).click();
  await expect(staff.getByRole('status').getByText(SITE_CONTENT_TEXTS.siteAdded)).toBeVisible();
  return staff.getByRole('listitem', { name, exact: true });
}

test('content staff give a new site a ZIP prefix, registration assigns a tester there, the site is retired; a site nothing names is removed @postgres', async ({
  page: visitor,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const suffix = randomSuffix();
  const name = `Tupelo ${suffix}`;
  // A prefix of Mississippi's that no site holds (no seed site does; a run stopped half-way may have left one held).
  let prefix = '';
  for (let candidate = 380; candidate < 400 && !prefix; candidate += 1) {
    const located = await request.post('/api/account/CheckLocation', {
      data: JSON.stringify(`${candidate}01`),
      headers: { 'content-type': 'application/json' },
    });
    if (((await located.json()) as { siteId: string }).siteId === '88888') prefix = String(candidate);
  }
  expect(prefix, 'a free ZIP prefix between 380 and 399').not.toBe('');
  const { page: staff } = await openStaffConsole(browser, baseURL!, request, { roles: ['content'] });
  await openFromConsoleHome(staff, 'Test sites');

  // The visitor's step 2 before: a ZIP code there is too far from every site.
  const tester = newTester('site');
  const main = visitor.getByRole('main');
  await visitor.goto('/community/join/account');
  await main.getByLabel('Username', { exact: true }).fill(tester.username);
  await main.getByLabel('E-mail address', { exact: true }).fill(tester.email);
  await main.getByLabel('Password', { exact: true }).fill(tester.password);
  await main.getByLabel('Confirm password', { exact: true }).fill(tester.password);
  await main.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(visitor).toHaveURL('/community/join/profile');
  const zip = main.getByLabel('Zip code', { exact: true });
  await zip.fill(`${prefix}01`);
  await zip.blur();
  await expect(main.getByText(TOO_FAR)).toBeVisible();

  const site = await addSite(staff, name);
  await site.getByText('ZIP prefixes').click();
  await expect(site.getByText('No ZIP prefixes: registration assigns no tester to this site.')).toBeVisible();
  const newPrefix = site.getByLabel('New ZIP prefix');
  await newPrefix.fill('60');
  await site.getByRole('button', { name: 'Add prefix' }).click();
  await expect(site.getByText(SITE_ZIP_TEXTS.prefixInvalid)).toBeVisible();
  await newPrefix.fill('606');
  await site.getByRole('button', { name: 'Add prefix' }).click();
  await expect(site.getByText(/^ZIP prefix 606 already belongs to /)).toBeVisible();
  await newPrefix.fill(prefix);
  await site.getByRole('button', { name: 'Add prefix' }).click();
  await expect(staff.getByText(`${name}: ${SITE_ZIP_TEXTS.prefixAdded}`)).toBeVisible();
  await expect(site.getByRole('list', { name: `ZIP prefixes of ${name}` })).toContainText(prefix);
  await expectStaffPageSound(staff);

  try {
    // The visitor's step 2 now: the new site is near, and registering assigns them to it.
    await zip.fill(`${prefix}02`);
    await zip.blur();
    await expect(main.getByLabel('Zip code', { exact: true })).toHaveValue(`${prefix}02`);
    await expect(main.getByText(TOO_FAR)).toHaveCount(0);
    await main.getByLabel('First name', { exact: true }).fill(tester.firstName);
    await main.getByLabel('Last name', { exact: true }).fill(tester.lastName);
    await main.getByLabel('Street address', { exact: true }).fill('2 Main St');
    await main.getByLabel('City', { exact: true }).fill('Tupelo');
    await main.getByLabel('State', { exact: true }).selectOption('MS');
    await main.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(visitor).toHaveURL('/community/join/detail');
    await main.getByLabel('Gender', { exact: true }).selectOption('F');
    await main.getByLabel('Phone number', { exact: true }).fill('6625550142');
    await main.getByLabel('Race / ethnicity', { exact: true }).selectOption('C');
    await expect(main.getByLabel('How did you hear about us?', { exact: true })).toBeEnabled();
    await main.getByLabel('How did you hear about us?', { exact: true }).selectOption('1W');
    await main.getByLabel('Year', { exact: true }).selectOption('1990');
    await main.getByLabel('Month', { exact: true }).selectOption('6');
    await main.getByLabel('Day', { exact: true }).selectOption('15');
    await main.getByRole('checkbox', { name: /community terms and conditions/ }).check();
    await main.getByRole('button', { name: 'Complete', exact: true }).click();
    await expect(visitor.getByRole('dialog', { name: 'Thank you!' })).toBeVisible();

    // The tester is the site's now: removing it is refused, naming them.
    await site.getByRole('button', { name: `Remove site: ${name}` }).click();
    await expectNoAxeViolations(staff);
    await site.getByRole('button', { name: `Yes, remove ${name}` }).click();
    await expect(site.getByRole('alert')).toHaveText(SITE_ZIP_TEXTS.removeRefused(name, '1 tester assigned'));
  } finally {
    // Retired: its prefix taken off, so registration assigns nobody else to it.
    await site.getByRole('button', { name: `Remove ZIP prefix ${prefix} from ${name}` }).click();
    await expect(staff.getByText(`${name}: ${SITE_ZIP_TEXTS.prefixRemoved}`)).toBeVisible();
    await expect(site.getByText('No ZIP prefixes: registration assigns no tester to this site.')).toBeVisible();
  }
  const later = await browser.newPage();
  await later.goto('/community/join/account');
  const laterTester = newTester('site');
  const laterMain = later.getByRole('main');
  await laterMain.getByLabel('Username', { exact: true }).fill(laterTester.username);
  await laterMain.getByLabel('E-mail address', { exact: true }).fill(laterTester.email);
  await laterMain.getByLabel('Password', { exact: true }).fill(laterTester.password);
  await laterMain.getByLabel('Confirm password', { exact: true }).fill(laterTester.password);
  await laterMain.getByRole('button', { name: 'Next', exact: true }).click();
  const laterZip = laterMain.getByLabel('Zip code', { exact: true });
  await laterZip.fill(`${prefix}03`);
  await laterZip.blur();
  await expect(laterMain.getByText(TOO_FAR)).toBeVisible();
  await later.close();

  // A site nothing names is removed after the confirmation.
  const scratchName = `Scratch ${suffix}`;
  const scratch = await addSite(staff, scratchName);
  await scratch.getByRole('button', { name: `Remove site: ${scratchName}` }).click();
  await scratch.getByRole('button', { name: `Yes, remove ${scratchName}` }).click();
  await expect(staff.getByText(`${scratchName}: ${SITE_ZIP_TEXTS.removed}`)).toBeVisible();
  await expect(staff.getByRole('listitem', { name: scratchName, exact: true })).toHaveCount(0);
  await expectStaffPageSound(staff);
});
