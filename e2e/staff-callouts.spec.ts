import { CALLOUT_ADMIN_TEXTS } from '@testerhub/shared/callout-admin-schemas';
import { expect, test } from './fixtures';
import { randomSuffix } from './support/accounts';
import { expectStaffPageSound, openFromConsoleHome, openStaffConsole } from './support/staff';

/**
 * Issue 12 section 6 (decision 063): a content staff member adds a call-out, edits it from the
 * copy they opened and switches it off. Its window lies decades ahead, so no tester's call-out
 * popup ever shows it and the specs that read the popup (account-settings, popups) are untouched;
 * that a tester sees a change at once is the server tests' part (callout-admin.test.ts). axe and
 * 360 px on the console page.
 */

test('content staff add, edit and switch off a call-out that no tester sees', async ({ request, browser, baseURL }) => {
  test.setTimeout(120_000);
  const suffix = randomSuffix();
  const title = `Far-off notice ${suffix}`;
  const renamed = `Far-off notice ${suffix}, edited`;
  const { page: staff } = await openStaffConsole(browser, baseURL!, request, { roles: ['content'], name: `Cal Content ${suffix}` });

  // From the console's home to the page; the seeded call-outs are listed with where they stand.
  await openFromConsoleHome(staff, 'Call-outs');
  await expect(staff.getByRole('listitem', { name: /Paused announcement/ })).toContainText('switched off');
  await expectStaffPageSound(staff);

  // Wrong fields are said beside them; nothing is added.
  await staff.getByText('Add a call-out').click();
  const form = staff.getByRole('form', { name: 'Add a call-out' });
  await form.getByLabel('Portal page it points to').fill('https://elsewhere.example/');
  await form.getByRole('button', { name: 'Add call-out' }).click();
  await expect(form.getByText(CALLOUT_ADMIN_TEXTS.titleRequired)).toBeVisible();
  await expect(form.getByText(CALLOUT_ADMIN_TEXTS.screenerInvalid)).toBeVisible();
  await expectStaffPageSound(staff);

  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Text').fill('Only the console ever shows this one.');
  await form.getByLabel('Bonus coins').fill('30');
  await form.getByLabel('Portal page it points to').fill('/community/main/screener');
  await form.getByLabel('Starts').fill('2090-01-01T09:00');
  await form.getByLabel('Ends').fill('2090-01-31T17:00');
  await form.getByRole('button', { name: 'Add call-out' }).click();
  await expect(staff.getByText(CALLOUT_ADMIN_TEXTS.added)).toBeVisible();
  const card = staff.getByRole('listitem', { name: new RegExp(title) });
  await expect(card).toContainText('not started');
  await expect(card).toContainText('30 coins');

  // Edited from the copy opened.
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  await card.getByLabel('Title').fill(renamed);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText(CALLOUT_ADMIN_TEXTS.saved)).toBeVisible();
  const edited = staff.getByRole('listitem', { name: new RegExp(`${renamed}`) });
  await expect(edited).toContainText('not started');

  // Switched off with the revision it now has.
  await edited.getByRole('button', { name: `Switch off ${renamed}` }).click();
  await expect(staff.getByText(`${renamed}: ${CALLOUT_ADMIN_TEXTS.saved}`)).toBeVisible();
  await expect(edited).toContainText('switched off');
  await expect(edited.getByRole('button', { name: `Switch on ${renamed}` })).toBeVisible();
  await expectStaffPageSound(staff);
});
