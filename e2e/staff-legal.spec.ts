import { LEGAL_TEXTS } from '@testerhub/shared/legal-text-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { randomSuffix } from './support/accounts';
import { expectStaffPageSound, openFromConsoleHome, openStaffConsole, PHONE } from './support/staff';

/**
 * Issue 12 section 6 (decision 070): content staff publish a new body of the Biometric Data Policy;
 * a visitor's popup shows it on load, the raw HTML the server sends holds it (the prerendered body
 * replaced) and the page hydrates without errors; then staff return the page to its built-in text,
 * which the visitor sees again. The published body keeps the sentence e2e/prerender.spec.ts reads
 * on this page ("What we collect"), so that spec stays right while this one runs beside it. axe on
 * every page, at 360 px.
 */

const PAGE_PATH = '/popup/biometric-private-policy';

test('content staff publish a legal text visitors see on load, then return it to the built-in text', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = randomSuffix();
  const line = `Published for the browser test ${suffix}.`;
  const { page: staff, context } = await openStaffConsole(browser, baseURL!, request, { roles: ['content'], name: `Lee Legal ${suffix}` });

  await openFromConsoleHome(staff, 'Legal texts');
  const card = staff.getByRole('listitem', { name: 'Biometric Data Policy' });
  await expect(card).toBeVisible();
  await expectStaffPageSound(staff);

  await card.getByRole('button', { name: 'Edit Biometric Data Policy' }).click();
  const field = card.getByLabel('Text of Biometric Data Policy (HTML)');
  await expect(field).toHaveValue(/What we collect/);
  await expectStaffPageSound(staff);

  // Unsafe HTML is refused beside the field, nothing sent.
  await field.fill('<h2>What we collect</h2><p onmouseover="alert(1)">x</p>');
  await card.getByRole('button', { name: 'Publish', exact: true }).click();
  await card.getByRole('button', { name: /^Publish version \d+ now$/ }).click();
  await expect(card.getByText(LEGAL_TEXTS.eventRefused('onmouseover'))).toBeVisible();

  await field.fill(`<article class="legal"><h2>What we collect</h2><p>${line}</p></article>`);
  await card.getByText('Preview as visitors see it').click();
  await expect(card.locator('.staff-legal-preview').getByText(line)).toBeVisible();
  await card.getByRole('button', { name: 'Publish', exact: true }).click();
  await card.getByRole('button', { name: /^Publish version \d+ now$/ }).click();
  await expect(staff.getByText(LEGAL_TEXTS.published)).toBeVisible();
  await expect(card).toContainText(`by Lee Legal ${suffix}`);

  // The raw HTML the server sends holds the published body and its embedded copy, not the built-in one.
  const raw = await (await request.get(PAGE_PATH)).text();
  expect(raw).toContain(line);
  expect(raw).toContain('id="legal-text-data"');
  expect(raw).not.toContain('How long we keep it');

  // A visitor's popup shows it on load, hydrating without errors.
  const visitorContext = await browser.newContext({ baseURL, viewport: PHONE });
  const visitor = await visitorContext.newPage();
  const errors: string[] = [];
  visitor.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  visitor.on('pageerror', (error) => errors.push(error.message));
  await visitor.goto(PAGE_PATH);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Biometric Data Policy' })).toBeVisible();
  await expect(visitor.getByText(line)).toBeVisible();
  await visitor.waitForLoadState('networkidle');
  await expect(visitor.getByText(line)).toBeVisible();
  await expectNoAxeViolations(visitor);
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(errors).toEqual([]);

  // Back to the built-in text: the visitor's next load shows it again.
  await card.getByRole('button', { name: 'Edit Biometric Data Policy' }).click();
  await card.getByRole('button', { name: 'Return to the built-in text' }).click();
  await expect(staff.getByText(`Biometric Data Policy: ${LEGAL_TEXTS.restored}`)).toBeVisible();
  await expect(card).toContainText('Built-in text');
  await visitor.goto(PAGE_PATH);
  await expect(visitor.getByRole('heading', { name: 'How long we keep it' })).toBeVisible();
  await expect(visitor.getByText(line)).toHaveCount(0);
  expect(await (await request.get(PAGE_PATH)).text()).not.toContain(line);

  await visitorContext.close();
  await context.close();
});
