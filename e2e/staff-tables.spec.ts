import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { bornYearsAgo, INVITATION_TEST_AGES } from './support/accounts';
import { expectStaffPageSound, followStaffNav, openStaffConsole, PHONE } from './support/staff';
import { createTester, grantCoins } from './support/test-support';

/**
 * Issue 29, "Built for people" (decision 136): the staff console's long lists are tables that the
 * server sorts, filters and pages. A sending to 30 testers (aged 91, an age no other test's testers
 * have) shows 25 recipients a page with the total, sorts from a header's button (aria-sort) and
 * filters by username; a tester's coin ledger pages, sorts and filters the same way. Both pages are
 * axe clean at 1280 and at 360 px, where the table scrolls inside its own labelled region and the
 * page itself never scrolls sideways.
 */

const STUDY = 24106; // the seeded hosted-screener study
const AGE = INVITATION_TEST_AGES.staffTablesRecipients;
const RECIPIENTS = 30;
const DESKTOP = { width: 1280, height: 900 };

/** axe clean at 1280 px, then sound at a 360 px phone (the table scrolls in its region), back at 1280. */
async function soundAtBothWidths(page: Page, caption: string) {
  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page);
  await page.setViewportSize(PHONE);
  // The table's own scroll region (the section around it is a region of the same name too).
  const region = page.getByRole('table', { name: caption }).locator('xpath=..');
  await expect(region).toHaveAttribute('role', 'region');
  await expect(region).toHaveAttribute('tabindex', '0');
  await expectStaffPageSound(page);
  await page.setViewportSize(DESKTOP);
}

test('an invitation’s recipients and a tester’s coin ledger are tables paged, sorted and filtered by the server, sound at 1280 and 360 px', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const testers = [];
  for (let index = 0; index < RECIPIENTS; index++) testers.push(await createTester(request, { birthDate: bornYearsAgo(AGE) }));

  const { page: staff } = await openStaffConsole(browser, baseURL!, request, { roles: ['recruiter'], viewport: DESKTOP });
  await followStaffNav(staff, 'Invitations');
  await staff.getByLabel('Study', { exact: true }).selectOption(String(STUDY));
  await staff.getByLabel('Lowest age').fill(String(AGE));
  await staff.getByLabel('Highest age').fill(String(AGE));
  await staff.getByRole('button', { name: `Send to ${RECIPIENTS} testers` }).click();
  await expect(staff.getByText(`Invitation queued for ${RECIPIENTS} testers.`)).toBeVisible();
  await staff.getByRole('link', { name: /^Follow invitation #\d+$/ }).click();
  await expect(staff.getByRole('heading', { level: 1, name: /^Invitation #\d+: / })).toBeVisible();

  // 25 a page, by username, with the total.
  const caption = /^Recipients of invitation #\d+$/;
  const recipients = staff.getByRole('table', { name: caption });
  await expect(staff.getByText(`Showing 1-25 of ${RECIPIENTS}`)).toBeVisible();
  await expect(recipients.locator('tbody tr')).toHaveCount(25);
  await expect(recipients.getByRole('columnheader', { name: /Username/ })).toHaveAttribute('aria-sort', 'ascending');
  const usernames = [...testers.map((tester) => tester.username)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  await expect(recipients.getByRole('rowheader').first()).toHaveText(usernames[0]!);
  // The page's height with a full page of rows (the cards made 36 recipients a 7,000 px page).
  const height = await staff.evaluate(() => document.documentElement.scrollHeight);
  test.info().annotations.push({ type: 'recipients page height at 1280 px, 25 rows', description: String(height) });
  console.log(`recipients page height at 1280 px with 25 rows: ${height} px`);
  expect(height).toBeLessThan(2500);
  await soundAtBothWidths(staff, (await recipients.locator('caption').textContent())!);

  // Sorted the other way by the header's button, from the keyboard.
  await recipients.getByRole('button', { name: /Username/ }).focus();
  await staff.keyboard.press('Enter');
  await expect(recipients.getByRole('columnheader', { name: /Username/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(recipients.getByRole('rowheader').first()).toHaveText(usernames.at(-1)!);

  // The second page, then one tester found by the filter.
  await staff.getByRole('button', { name: 'Next' }).click();
  await expect(staff.getByText(`Showing 26-${RECIPIENTS} of ${RECIPIENTS}`)).toBeVisible();
  await staff.getByRole('searchbox', { name: 'Find a username' }).fill(testers[7]!.username);
  await expect(staff.getByText('Showing 1-1 of 1')).toBeVisible();
  await expect(recipients.getByRole('rowheader')).toHaveText(testers[7]!.username);

  // A tester's coin ledger: 30 grants beside the welcome gift, filtered by the words, 10 a page, sorted by coins.
  const owner = testers[0]!;
  for (let coins = 1; coins <= 30; coins++) await grantCoins(request, owner.testerId, coins);
  await staff.goto(`/staff/testers/${owner.testerId}`);
  const ledger = staff.getByRole('table', { name: 'Coin ledger' });
  const ledgerTable = staff.getByTestId('tester-ledger');
  await expect(ledgerTable.getByText(/^Showing 1-3\d of 3\d$/)).toBeVisible();
  await expect(ledger.getByRole('columnheader', { name: /When/ })).toHaveAttribute('aria-sort', 'descending');
  await soundAtBothWidths(staff, 'Coin ledger');

  await ledgerTable.getByRole('searchbox', { name: 'Find a kind of change' }).fill('coins and');
  await ledgerTable.getByRole('combobox', { name: 'Rows a page' }).selectOption('10');
  await expect(ledgerTable.getByText('Showing 1-10 of 30')).toBeVisible();
  await ledger.getByRole('button', { name: /Coins/ }).click();
  await expect(ledger.getByRole('columnheader', { name: /Coins/ })).toHaveAttribute('aria-sort', 'descending');
  const coinCells = ledger.locator('tbody tr td:nth-of-type(2)');
  await expect(coinCells).toHaveText(['30', '29', '28', '27', '26', '25', '24', '23', '22', '21']);
  await ledgerTable.getByRole('button', { name: 'Next' }).click();
  await expect(ledgerTable.getByText('Showing 11-20 of 30')).toBeVisible();
  await expect(coinCells.first()).toHaveText('20');
  await expectNoAxeViolations(staff);
});

test('the sent invitations and a tester’s audit trail are tables paged, sorted and filtered by the server, sound at 1280 and 360 px (decision 145)', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  // Three testers of an age no other test's testers have.
  const age = INVITATION_TEST_AGES.staffTablesSendings;
  const testers = [];
  for (let index = 0; index < 3; index++) testers.push(await createTester(request, { birthDate: bornYearsAgo(age) }));

  const { page: staff } = await openStaffConsole(browser, baseURL!, request, { roles: ['recruiter'], viewport: DESKTOP });
  await followStaffNav(staff, 'Invitations');
  await staff.getByLabel('Study', { exact: true }).selectOption(String(STUDY));
  await staff.getByLabel('Lowest age').fill(String(age));
  await staff.getByLabel('Highest age').fill(String(age));
  await staff.getByRole('button', { name: 'Send to 3 testers' }).click();
  await expect(staff.getByText('Invitation queued for 3 testers.')).toBeVisible();
  const invitationId = (await staff.getByRole('link', { name: /^Follow invitation #\d+$/ }).textContent())!.replace(/\D/g, '');

  // The sendings, newest first: this one leads, its filters in short and its counts in their columns.
  const sendings = staff.getByRole('table', { name: 'Sent invitations' });
  await expect(sendings.getByRole('columnheader', { name: /When sent/ })).toHaveAttribute('aria-sort', 'descending');
  const row = sendings.getByRole('row', { name: new RegExp(`^Invitation #${invitationId}: `) });
  await expect(sendings.getByRole('rowheader').first()).toHaveText(new RegExp(`^Invitation #${invitationId}: `));
  await expect(row).toContainText(`Study ${STUDY}; ages ${age} to ${age}; every site`);
  await expect(row.locator('[data-count="matched"]')).toHaveText('3');
  await expect(staff.getByText(/^Showing 1-\d+ of \d+$/)).toBeVisible();
  await soundAtBothWidths(staff, 'Sent invitations');

  // Sorted by the server on a count: the answer asked for it, and the header says so.
  const sortedByQueued = staff.waitForResponse((response) => response.url().includes('/api/staff/invitations/List?page=1&sort=queued'));
  await sendings.getByRole('button', { name: /Queued/ }).click();
  expect((await sortedByQueued).status()).toBe(200);
  await expect(sendings.getByRole('columnheader', { name: /Queued/ })).toHaveAttribute('aria-sort', 'descending');
  // Filtered by the study's number, 10 a page.
  await staff.getByRole('searchbox', { name: 'Find a study by name or number' }).fill(String(STUDY));
  await staff.getByRole('combobox', { name: 'Rows a page' }).selectOption('10');
  await expect(staff).toHaveURL(new RegExp(`q=${STUDY}`));
  // The rows shown until the filtered answer arrives are the unfiltered ones: wait until every row is the study's.
  const studyCells = sendings.locator('tbody tr td:nth-of-type(2)');
  await expect
    .poll(async () => {
      const cells = await studyCells.allTextContents();
      return cells.length > 0 && cells.every((cell) => cell.includes(`Study ${STUDY}`));
    })
    .toBe(true);

  // A tester's audit trail: two coin adjustments with their reasons, newest first, in words.
  await staff.goto(`/staff/testers/${testers[0]!.testerId}`);
  const adjust = staff.getByRole('form', { name: 'Adjust coins' });
  const trailTable = staff.getByTestId('tester-audit');
  for (const [count, coins, reason] of [
    [1, '15', 'Parking refund'],
    [2, '25', 'Goodwill for the long wait'],
  ] as const) {
    await adjust.getByLabel('Coins', { exact: false }).fill(coins);
    await adjust.getByLabel('Reason for the adjustment').fill(reason);
    await adjust.getByRole('button', { name: 'Adjust coins' }).click();
    // The trail as the server reads it after the change (the form has emptied itself by then).
    await expect(trailTable.getByText(`Showing 1-${count} of ${count}`)).toBeVisible();
    await expect(adjust.getByLabel('Reason for the adjustment')).toHaveValue('');
  }
  const trail = staff.getByRole('table', { name: 'Audit trail' });
  await expect(trail.getByRole('columnheader', { name: /When/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(trail.getByRole('rowheader').first()).toHaveText(/ UTC$/);
  await expect(trail.locator('tbody tr').first()).toContainText('Coins added or taken');
  await expect(trail.locator('tbody tr').first()).toContainText('reason: Goodwill for the long wait');
  await soundAtBothWidths(staff, 'Audit trail');

  // Oldest first, from the server; then the filter finds one reason.
  const oldestFirst = staff.waitForResponse((response) => response.url().includes('auditDir=asc'));
  await trail.getByRole('button', { name: /When/ }).click();
  expect((await oldestFirst).status()).toBe(200);
  await expect(trail.getByRole('columnheader', { name: /When/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(trail.locator('tbody tr').first()).toContainText('reason: Parking refund');
  await trailTable.getByRole('searchbox', { name: 'Find an action or reason' }).fill('parking');
  await expect(trailTable.getByText('Showing 1-1 of 1')).toBeVisible();
  await expect(trail.locator('tbody tr')).toHaveCount(1);
  await expectNoAxeViolations(staff);
});
