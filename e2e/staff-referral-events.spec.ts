import type {} from '@playwright/test';
import { REFERRAL_EVENT_TEXTS } from '@testerhub/shared/referral-event-schemas';
import { expect, test } from './fixtures';
import { randomSuffix } from './support/accounts';
import { expectStaffPageSound, openFromConsoleHome, openStaffConsole } from './support/staff';

/**
 * Issue 12 section 6 (decision 066): a content staff member adds a referral event text, edits it
 * from the copy they opened and removes it. Its month lies centuries ahead, so no tester's referral
 * page shows it and referrals.spec.ts is untouched; that testers see a change at once is the server
 * tests' part (referral-events-admin.test.ts). axe and 360 px on the console page.
 */

test('content staff add, edit and remove a referral event text of a far-off month', async ({ request, browser, baseURL }) => {
  test.setTimeout(120_000);
  const suffix = randomSuffix();
  // A month of its own for this run: 2100 to 2999, any month.
  const year = 2100 + Math.floor(Math.random() * 900);
  const month = `${year}-0${1 + Math.floor(Math.random() * 9)}`;
  const monthTitle = new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const { page: staff } = await openStaffConsole(browser, baseURL!, request, { roles: ['content'], name: `Ref Content ${suffix}` });

  // From the console's home to the page: the seeded month is the one testers see.
  await openFromConsoleHome(staff, 'Referral event texts');
  await expect(staff.getByText(/^Testers now see the texts of /)).toBeVisible();
  await expect(staff.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'Referral event texts' })).toBeVisible();
  await expectStaffPageSound(staff);

  // Markup is refused beside the field; nothing is added.
  await staff.getByText('Add a referral event text').click();
  const form = staff.getByRole('form', { name: 'Add a referral event text' });
  await form.getByLabel('Month', { exact: true }).fill(month);
  await form.getByLabel('Text testers see').fill(`<b>Bold</b> offer ${suffix}`);
  await form.getByRole('button', { name: 'Add text' }).click();
  await expect(form.getByText(REFERRAL_EVENT_TEXTS.commentMarkup)).toBeVisible();
  await expectStaffPageSound(staff);

  await form.getByLabel('Text testers see').fill(`Far-off offer ${suffix}: double coins.`);
  await form.getByLabel('Place in the month').fill('4');
  await form.getByRole('button', { name: 'Add text' }).click();
  await expect(staff.getByText(REFERRAL_EVENT_TEXTS.added)).toBeVisible();
  const title = `${monthTitle}, place 4`;
  const card = staff.getByRole('listitem', { name: new RegExp(`^${title}`) }).filter({ hasText: suffix });
  await expect(card).toContainText(`Far-off offer ${suffix}: double coins.`);
  await expect(card).not.toContainText('testers see it now');

  // Edited from the copy opened.
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  await card.getByLabel('Text testers see').fill(`Far-off offer ${suffix}: triple coins.`);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText(`${title}: ${REFERRAL_EVENT_TEXTS.saved}`)).toBeVisible();
  await expect(card).toContainText(`Far-off offer ${suffix}: triple coins.`);
  await expectStaffPageSound(staff);

  // Removed after the explicit second button.
  await card.getByRole('button', { name: `Remove ${title}` }).click();
  await card.getByRole('button', { name: `Remove ${title} for good` }).click();
  await expect(staff.getByText(`${title}: ${REFERRAL_EVENT_TEXTS.removed}`)).toBeVisible();
  await expect(staff.getByText(`Far-off offer ${suffix}`)).toHaveCount(0);
});
