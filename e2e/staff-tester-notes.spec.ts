import type {} from '@playwright/test';
import { TESTER_NOTE_TEXTS } from '@testerhub/shared/staff-testers-schemas';
import { expect, test } from './fixtures';
import { randomSuffix } from './support/accounts';
import { expectStaffPageSound, openStaffConsole } from './support/staff';
import { createTester } from './support/test-support';

/**
 * Issue 29 (decision 116): a recruiter writes a note on a tester's page, sees it listed with their
 * name and the time, still there after a reload, and deletes it (their own, within 24 hours). axe on
 * the page with the note and without it, at 360 px.
 */

test('a recruiter adds a note to a tester, sees it with their name after a reload, and deletes it', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tester = await createTester(request, { lastName: `Noted${randomSuffix(4)}` });
  const { page: staff, name } = await openStaffConsole(browser, baseURL!, request, { roles: ['recruiter'] });
  await staff.goto(`/staff/testers/${tester.testerId}`);
  await expect(staff.getByRole('heading', { level: 1, name: `${tester.firstName} ${tester.lastName}` })).toBeVisible();
  await expect(staff.getByText('No notes yet.')).toBeVisible();

  const form = staff.getByRole('form', { name: 'Add a note' });
  await form.getByRole('button', { name: 'Add the note' }).click();
  await expect(form.getByText(TESTER_NOTE_TEXTS.textRequired)).toBeVisible();
  await form.getByLabel('New note').fill('Prefers morning sessions; ask for her at the front desk.');
  await form.getByRole('button', { name: 'Add the note' }).click();
  await expect(staff.getByText(TESTER_NOTE_TEXTS.added)).toBeVisible();

  const notes = staff.getByTestId('tester-notes');
  const note = notes.getByRole('listitem');
  await expect(note).toHaveCount(1);
  await expect(note).toContainText(name);
  await expect(note).toContainText('Prefers morning sessions; ask for her at the front desk.');
  await expectStaffPageSound(staff);

  await staff.reload();
  await expect(staff.getByTestId('tester-notes').getByRole('listitem')).toContainText(name);
  await expect(staff.getByTestId('tester-audit')).toContainText('Note written');

  await staff
    .getByTestId('tester-notes')
    .getByRole('button', { name: /^Delete your note of / })
    .click();
  await expect(staff.getByText(TESTER_NOTE_TEXTS.deleted)).toBeVisible();
  await expect(staff.getByText('No notes yet.')).toBeVisible();
  await expect(staff.getByTestId('tester-audit')).toContainText('Note deleted');
  await expectStaffPageSound(staff);
});
