import type {} from '@playwright/test';
import { expect, test } from './fixtures';
import { randomSuffix } from './support/accounts';
import { expectStaffPageSound, openFromConsoleHome, openStaffConsole } from './support/staff';

/**
 * Issue 12 section 2 (decision 050): a recruiter creates a study with a hosted screener, previews it
 * as a tester would (qualifying and not), and opens it; a tester in a second browser context finds it
 * on the screener list and screens, qualifying as the preview said. axe on every page, at 360 px.
 */

test('a recruiter creates, previews and opens a study; a tester screens for it and qualifies', async ({
  loggedInPage: tester,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const studyNo = 800_000 + Math.floor(Math.random() * 1_000_000);
  const name = `Coffee tasting ${randomSuffix()}`;
  const { page: staff } = await openStaffConsole(browser, baseURL!, request, { roles: ['recruiter'] });

  // The list, from the home page's section.
  await openFromConsoleHome(staff, 'Studies');
  await expect(staff.getByTestId('studies').or(staff.getByText('No studies here yet.'))).toBeVisible();
  await expectStaffPageSound(staff);

  // The new study: its fields and a one-question screener where No disqualifies.
  await staff.getByRole('link', { name: 'New study' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'New study' })).toBeVisible();
  await staff.getByLabel('Study number').fill(String(studyNo));
  await staff.getByLabel('Name and basic information (what testers read)').fill(name);
  await staff.getByLabel('Colour name').fill('Brown');
  // Types picked by name, an About-me answer ticked under its question (issue 29: numbers and ids were typed).
  await staff.getByRole('combobox', { name: 'Project type' }).selectOption({ label: 'Focus group (2)' });
  await staff.getByRole('combobox', { name: 'Participant type' }).selectOption({ label: 'Adults (4)' });
  const aboutMe = staff.getByRole('group', { name: 'About-me answers required' });
  const ownOrRent = aboutMe.getByRole('group', { name: /Do you own or rent your home\?/ });
  await ownOrRent.getByRole('checkbox', { name: 'Own' }).check();
  await staff.getByLabel('Question 1 text').fill('Do you drink coffee?');
  await staff.getByLabel('Option 1', { exact: true }).fill('Yes');
  await staff.getByLabel('Option 2', { exact: true }).fill('No');
  await staff.getByRole('checkbox', { name: 'Disqualifies' }).nth(1).check();
  await expectStaffPageSound(staff);

  // A form problem is tied to its field.
  await staff.getByLabel('Colour name').fill('');
  await staff.getByRole('button', { name: 'Create the study' }).click();
  await expect(staff.getByLabel('Colour name')).toHaveAttribute('aria-invalid', 'true');
  await staff.getByLabel('Colour name').fill('Brown');

  // The preview, as a tester: Yes qualifies, No does not.
  const preview = staff.getByRole('region', { name: 'Preview' });
  await preview.getByRole('button', { name: 'Start the preview' }).click();
  await preview.getByRole('radio', { name: 'Yes' }).check();
  await preview.getByRole('button', { name: 'Finish as a tester' }).click();
  await expect(preview.getByTestId('preview-outcome')).toHaveText(/^Qualified/);
  await preview.getByRole('button', { name: 'Start the preview again' }).click();
  await preview.getByRole('radio', { name: 'No' }).check();
  await preview.getByRole('button', { name: 'Finish as a tester' }).click();
  await expect(preview.getByTestId('preview-outcome')).toHaveText(/^Not qualified/);
  await expectStaffPageSound(staff);

  // Created: it opens later until the recruiter opens it.
  await staff.getByRole('button', { name: 'Create the study' }).click();
  await expect(staff).toHaveURL(`/staff/studies/${studyNo}`);
  await expect(staff.getByRole('heading', { level: 1, name: `Study ${studyNo}: ${name}` })).toBeVisible();
  await expect(staff.getByTestId('study-state')).toHaveText('Opens later');
  await expect(staff.getByRole('link', { name: 'Session groups' })).toHaveAttribute('href', `/staff/studies/${studyNo}/sessions`);
  await expect(staff.getByRole('link', { name: 'Results' })).toHaveAttribute('href', `/staff/studies/${studyNo}/results`);
  // The editor and its sections are closed until asked for (decision 135).
  await staff.getByRole('button', { name: 'Edit the study' }).click();
  await staff.getByRole('button', { name: 'The study', expanded: false }).click();
  await staff.getByRole('button', { name: 'Who may screen', expanded: false }).click();
  await expect(staff.getByRole('combobox', { name: 'Project type' })).toHaveValue('2');
  await expect(staff.getByRole('combobox', { name: 'Participant type' })).toHaveValue('4');
  await expect(ownOrRent.getByRole('checkbox', { name: 'Own' })).toBeChecked();
  // Unticked and saved: the tester below holds no About-me answers.
  await ownOrRent.getByRole('checkbox', { name: 'Own' }).uncheck();
  await staff.getByRole('button', { name: 'Save the study' }).click();
  await expect(staff.getByTestId('study-outcome')).toContainText('The study was saved.');
  await expect(ownOrRent.getByRole('checkbox', { name: 'Own' })).not.toBeChecked();
  // No session group yet: opening asks first (decision 135).
  await staff.getByRole('button', { name: 'Open now' }).click();
  await staff.getByRole('dialog', { name: 'Open the study with something missing?' }).getByRole('button', { name: 'Open anyway' }).click();
  await expect(staff.getByTestId('study-outcome')).toContainText('The study is open.');
  await expect(staff.getByTestId('study-state')).toHaveText('Open');
  await expectStaffPageSound(staff);

  // The list finds it by number.
  await staff.getByRole('link', { name: 'All studies' }).click();
  await staff.getByLabel('Study number or name').fill(String(studyNo));
  await staff.getByRole('button', { name: 'Search' }).click();
  await expect(staff.getByTestId('studies').getByRole('link', { name: `${studyNo}: ${name}` })).toBeVisible();

  // The tester, in their own context: the study is on the list, and Yes qualifies as the preview said.
  await tester.goto('/community/main/screener');
  const card = tester.getByTestId('screener-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^Take the screener/ }).click();
  await expect(tester).toHaveURL(`/community/main/screener/${studyNo}`);
  await tester.getByRole('radio', { name: 'Yes' }).check();
  await tester.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(tester).toHaveURL(/\/community\/main\/schedule\/self\?/);
});
