import { expect, test } from './fixtures';
import { answerHomeAndPets } from './support/about-me';
import { expectStaffPageSound, openStaffConsole } from './support/staff';

/**
 * Issue 29 (decision 148): the new-study form counts the testers holding every About-me answer
 * picked, live. A tester who owns their home makes "Own" held by at least one; "Own" with "Rent"
 * (one answer of the two is all a tester can hold) by nobody. axe on the form with the count shown.
 */

const HOLDERS = /^[1-9]\d* (tester holds|testers hold) all of these answers\.$/;

test('the study form’s About-me count follows the answers picked', async ({ loggedInPage: tester, request, browser, baseURL }) => {
  await answerHomeAndPets(tester, 'I own a cat');
  const { page: staff } = await openStaffConsole(browser, baseURL!, request, { roles: ['recruiter'] });
  await staff.goto('/staff/studies/new');
  await expect(staff.getByRole('heading', { level: 1, name: 'New study' })).toBeVisible();

  const count = staff.getByRole('status', { name: 'Matching testers' });
  await expect(count).toHaveText('Choose answers to count the testers who hold them all.');
  const ownOrRent = staff
    .getByRole('group', { name: 'About-me answers required' })
    .getByRole('group', { name: /Do you own or rent your home\?/ });

  await ownOrRent.getByRole('checkbox', { name: 'Own' }).check();
  await expect(count).toHaveText(HOLDERS);
  await expect(count).toHaveAttribute('aria-busy', 'false');
  await expectStaffPageSound(staff);

  await ownOrRent.getByRole('checkbox', { name: 'Rent' }).check();
  await expect(count).toHaveText('0 testers hold all of these answers.');

  await ownOrRent.getByRole('checkbox', { name: 'Rent' }).uncheck();
  await expect(count).toHaveText(HOLDERS);
  await expectStaffPageSound(staff);
});
