import type {} from '@playwright/test';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { randomSuffix } from './support/accounts';
import { openStaffConsole, PHONE } from './support/staff';

/**
 * Decision 135 (issue 29, "Built for people"): a recruiter in a browser set to Tokyo's zone creates a
 * study at the New York site opening at 09:00; the form says its times are New York's, the server
 * keeps 09:00 New York time, and the study page's summary says so. The study lacks a session group,
 * so Open now first asks, listing it; Not now leaves it closed, Open anyway opens it. axe on the
 * form, the summary and the warning, at 360 px and at 1280 px.
 */

const NEW_YORK_SITE = '00003';
const DESKTOP = { width: 1280, height: 800 };

/** The page's height and width once the layout has settled (two equal reads in a row). */
async function settledSize(page: Page): Promise<{ height: number; width: number }> {
  let last = { height: -1, width: -1 };
  await expect
    .poll(async () => {
      const now = await page.evaluate(() => ({
        height: document.documentElement.scrollHeight,
        width: document.documentElement.scrollWidth,
      }));
      const same = now.height === last.height && now.width === last.width;
      last = now;
      return same;
    })
    .toBe(true);
  return last;
}

async function expectSound(page: Page, width: number) {
  await expectNoAxeViolations(page);
  expect((await settledSize(page)).width).toBeLessThanOrEqual(width);
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px: dates typed on the site's clock from a browser in Tokyo, the summary, and the warning before opening`, async ({
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const studyNo = 800_000 + Math.floor(Math.random() * 1_000_000);
    const name = `Bagel tasting ${randomSuffix()}`;
    const { page: staff, context } = await openStaffConsole(browser, baseURL!, request, {
      roles: ['recruiter'],
      viewport,
      timezoneId: 'Asia/Tokyo',
    });
    const heights: Record<string, number> = {};

    await staff.goto('/staff/studies/new');
    await expect(staff.getByRole('heading', { level: 1, name: 'New study' })).toBeVisible();
    await staff.getByLabel('Study number').fill(String(studyNo));
    await staff.getByLabel('Name and basic information (what testers read)').fill(name);
    await staff.getByLabel('Colour name').fill('Tan');
    await staff.getByRole('combobox', { name: 'Test site' }).selectOption(NEW_YORK_SITE);
    const opens = staff.getByLabel('Opens');
    await expect(opens).toHaveAccessibleDescription(/^Times are in New York time \((EST, UTC−5|EDT, UTC−4)\), the test site’s clock\.$/);
    await opens.fill('2031-12-02T09:00');
    await staff.getByLabel('Question 1 text').fill('Do you eat bagels?');
    await staff.getByLabel('Option 1', { exact: true }).fill('Yes');
    await staff.getByLabel('Option 2', { exact: true }).fill('No');
    await expect(staff.getByRole('region', { name: 'Preview' })).toBeVisible();
    await expectSound(staff, viewport.width);
    heights['new study, every section open'] = (await settledSize(staff)).height;

    await staff.getByRole('button', { name: 'Create the study' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: `Study ${studyNo}: ${name}` })).toBeVisible();

    // The server kept 09:00 in New York (14:00 UTC in December), and the summary says it on that clock.
    const stored = await context.request.get(`/api/staff/studies/Study?studyNo=${studyNo}`);
    expect(((await stored.json()) as { study: { opensAt: string } }).study.opensAt).toBe('2031-12-02T14:00:00.000Z');
    const summary = staff.getByRole('region', { name: 'Summary' });
    await expect(summary.getByTestId('study-state')).toHaveText('Opens later');
    await expect(summary.getByTestId('study-opens')).toHaveText('Tuesday, December 2nd, 2031, 9:00 AM EST');
    await expect(summary.getByText('Times are in New York time (EST, UTC−5), the test site’s clock.')).toBeVisible();
    await expect(summary.getByTestId('study-seats')).toHaveText('No open session group');
    await expect(summary.getByTestId('study-missing')).toContainText('No open session group: testers who qualify have no session to book.');
    // The editor is closed until asked for.
    await expect(staff.getByLabel('Opens')).toBeHidden();
    await expectSound(staff, viewport.width);
    heights['study page, editor closed'] = (await settledSize(staff)).height;

    // Opened again in the editor: still 09:00, on the site's clock, not Tokyo's.
    await staff.getByRole('button', { name: 'Edit the study' }).click();
    await staff.getByRole('button', { name: 'The study', expanded: false }).click();
    await expect(staff.getByLabel('Opens')).toHaveValue('2031-12-02T09:00');
    await expectSound(staff, viewport.width);
    for (const section of ['Who may screen', 'Rewards', 'Screener'])
      await staff.getByRole('button', { name: section, expanded: false }).click();
    await expect(staff.getByRole('region', { name: 'Preview' })).toBeVisible();
    heights['study page, editor and every section open'] = (await settledSize(staff)).height;
    await staff.getByRole('button', { name: 'Close the editor' }).click();

    // Opening asks first, naming what is missing.
    await staff.getByRole('button', { name: 'Open now' }).click();
    const warning = staff.getByRole('dialog', { name: 'Open the study with something missing?' });
    await expect(warning.getByTestId('open-warning-missing')).toContainText('No open session group');
    await expectSound(staff, viewport.width);
    await warning.getByRole('button', { name: 'Not now' }).click();
    await expect(warning).toBeHidden();
    await expect(summary.getByTestId('study-state')).toHaveText('Opens later');
    await staff.getByRole('button', { name: 'Open now' }).click();
    await warning.getByRole('button', { name: 'Open anyway' }).click();
    await expect(staff.getByTestId('study-outcome')).toContainText('The study is open.');
    await expect(summary.getByTestId('study-state')).toHaveText('Open');
    await expectSound(staff, viewport.width);

    // The page heights at this width, for the decision's record.
    console.log(`[study page heights at ${viewport.width} px] ${JSON.stringify(heights)}`);
    await context.close();
  });
}
