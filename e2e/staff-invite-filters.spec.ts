import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { bornYearsAgo, INVITATION_TEST_AGES, randomSuffix } from './support/accounts';
import { expectStaffPageSound, openStaffConsole } from './support/staff';
import { attendStudy, createTester } from './support/test-support';

/**
 * Issue 29 (decision 121): a recruiter picks an About-me answer by question (search, chip) and sees
 * the live count change; leaves out who took part in an earlier study and sees the count drop; sends
 * to the rest. Two testers of an age no other test uses, one who attended the seeded sparkling water
 * study (24102) six weeks ago. Then the quota fill on that study's page. axe at 360 px.
 */

const STUDY = 24106; // the seeded online cleaning study, open
const EARLIER = 24102; // the seeded sparkling water study, with quotas
const AGE = INVITATION_TEST_AGES.staffInviteFilters;

/** The number of testers the live count says match, once it is the count for the filters on screen. */
async function matched(preview: Locator): Promise<number> {
  await expect(preview).not.toContainText('Updating');
  const text = (await preview.textContent()) ?? '';
  return Number(/^(\d+) testers? match/.exec(text)?.[1] ?? Number.NaN);
}

test('a recruiter targets by About-me question with a live count, leaves out an earlier study’s testers, sends; quota fill on the study page', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const stays = await createTester(request, { firstName: 'Stella', birthDate: bornYearsAgo(AGE) });
  const tookPart = await createTester(request, { firstName: 'Otto', birthDate: bornYearsAgo(AGE) });
  await attendStudy(request, tookPart.testerId, EARLIER);

  const { page: staff } = await openStaffConsole(browser, baseURL!, request, {
    roles: ['recruiter'],
    name: `Rita Recruiter ${randomSuffix()}`,
  });
  await staff.goto('/staff/invitations');
  await expect(staff.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();
  await staff.getByLabel('Study', { exact: true }).selectOption(String(STUDY));
  await staff.getByLabel('Lowest age').fill(String(AGE));
  await staff.getByLabel('Highest age').fill(String(AGE));
  const preview = staff.getByTestId('invitation-preview');
  await expect(preview).toContainText(/\d+ testers? match/);
  const everyone = await matched(preview);
  expect(everyone).toBeGreaterThanOrEqual(2);

  // An About-me answer found by its question's words and ticked under it: a chip, and the count follows (neither tester holds it).
  const aboutMe = staff.getByRole('group', { name: 'About-me answers' });
  await aboutMe.getByRole('searchbox', { name: 'Search questions and answers' }).fill('pets');
  const pets = aboutMe.getByRole('group', { name: /Which pets live in your home/ });
  await pets.getByRole('checkbox', { name: 'I own a cat' }).check();
  const chip = aboutMe.getByRole('list', { name: 'Chosen answers' }).getByRole('button', { name: /I own a cat$/ });
  await expect(chip).toBeVisible();
  await expect(preview).toContainText(/^0 testers match/);
  await expectStaffPageSound(staff);
  await chip.click();
  await expect(chip).toBeHidden();
  await expect(preview).toContainText(new RegExp(`^${everyone} testers match`));

  // Leaving out who took part in the earlier study: the count drops.
  await staff.getByLabel('Add an earlier study').selectOption(String(EARLIER));
  await expect(staff.getByRole('button', { name: new RegExp(`^Remove study ${EARLIER}: `) })).toBeVisible();
  await staff.getByLabel('Taking part within the last').fill('3');
  await expect(async () => expect(await matched(preview)).toBeLessThan(everyone)).toPass({ timeout: 15_000 });
  await expectStaffPageSound(staff);

  await staff.getByRole('button', { name: /^Send to \d+ testers?$/ }).click();
  await expect(staff.getByText(/Invitation queued for \d+ testers?\./)).toBeVisible();
  await staff.getByRole('link', { name: /^Follow invitation #\d+$/ }).click();
  await expect(staff.getByRole('heading', { level: 1, name: /^Invitation #\d+: / })).toBeVisible();
  await expect(staff.getByText(new RegExp(`leaving out who took part in study ${EARLIER} in the last 3 months`))).toBeVisible();
  // The recipients table pages on the server (decision 136): its filter looks at every page.
  const findUsername = staff.getByRole('searchbox', { name: 'Find a username' });
  await findUsername.fill(stays.username);
  await expect(
    staff.getByTestId('recipient').filter({ has: staff.getByRole('rowheader', { name: stays.username, exact: true }) }),
  ).toBeVisible();
  await findUsername.fill(tookPart.username);
  await expect(staff.getByText('No recipient’s username holds that text.')).toBeVisible();
  await expect(staff.getByTestId('recipient')).toHaveCount(0);
  await expectStaffPageSound(staff);

  // The earlier study's page: each quota's fill, qualified of target.
  await staff.goto(`/staff/studies/${EARLIER}`);
  const fill = staff.getByTestId('quota-fill');
  await expect(fill.getByRole('row', { name: /Women 21-34/ })).toContainText(/\d+ of 2/);
  await expect(fill.getByRole('row', { name: /Anyone 35-64/ })).toContainText(/\d+ of 4/);
  await expectStaffPageSound(staff);
});
