import fs from 'node:fs';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { randomSuffix } from './support/accounts';
import { openStaffConsole } from './support/staff';
import { createTester } from './support/test-support';

/**
 * Issue 29, an audit that covers reading personal data (decision 127): an admin searches a tester,
 * opens the tester's page and downloads a study's results CSV; someone elsewhere fails a staff
 * sign-in. The audit log shows each by name, the refused sign-in by nobody known, and exports the
 * filtered log as CSV. axe on every page.
 */

const STUDY = 24101;

test('an admin’s reads of personal data and a stranger’s failed sign-in are in the audit log by name, and the log exports as CSV', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const lastName = `Audit${randomSuffix(6)}`;
  await createTester(request, { firstName: 'Ana', lastName });
  const { page, name } = await openStaffConsole(browser, baseURL!, request, { roles: ['admin'], viewport: { width: 1280, height: 900 } });

  // The admin finds the tester and opens the page.
  await page.goto('/staff/testers');
  await expect(page.getByRole('heading', { level: 1, name: 'Testers' })).toBeVisible();
  await page.getByLabel('Name, username, e-mail or phone').fill(lastName);
  await page.getByRole('button', { name: 'Search' }).click();
  const found = page.getByTestId('tester-result').filter({ has: page.getByRole('rowheader', { name: `Ana ${lastName}` }) });
  await expect(found).toBeVisible();
  await expectNoAxeViolations(page);
  await found.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: `Ana ${lastName}` })).toBeVisible();
  await expectNoAxeViolations(page);

  // The study's results as CSV.
  await page.goto(`/staff/studies/${STUDY}/results`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download answers and bookings (CSV)' }).click();
  await downloading;
  await expectNoAxeViolations(page);

  // Elsewhere, a wrong sign-in with a name that is no member.
  const stranger = `stranger.${randomSuffix(8)}@staff.example.test`;
  const refused = await request.post('/api/staff/Login', {
    headers: { 'x-requested-with': 'TesterHub' },
    data: { email: stranger, password: 'Not#ThePassword1' },
  });
  expect((await refused.json()) as unknown).toMatchObject({ status: 'failed' });

  // The admin's own reads, by name.
  await page.goto('/staff/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByLabel('Staff member').selectOption({ label: name });
  await page.getByRole('button', { name: 'Show' }).click();
  const entries = page.getByTestId('audit-entries').getByRole('listitem');
  await expect(entries.filter({ hasText: 'tester.view' })).toContainText(`Tester Ana ${lastName} (…`);
  await expect(entries.filter({ hasText: 'tester.search' })).toContainText(`query${lastName}`);
  await expect(entries.filter({ hasText: 'study-results.export' }).first()).toContainText(`Study ${STUDY} `);
  await expectNoAxeViolations(page);

  // The log as CSV, under the filters on screen.
  const exporting = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await exporting;
  const csv = fs.readFileSync((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('At (UTC),Staff member,Action,Target,Target type,Target id,Before,After');
  expect(csv).toContain(`Tester Ana ${lastName} (…`);

  // The stranger's sign-in: nobody known, the name typed.
  await page.goto('/staff/admin/audit?action=staff.sign-in-failed');
  const failed = page.getByTestId('audit-entries').getByRole('listitem').filter({ hasText: stranger });
  await expect(failed).toContainText('by Unknown (not signed in)');
  await expectNoAxeViolations(page);
});
