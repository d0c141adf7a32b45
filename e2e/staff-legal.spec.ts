import { LEGAL_TEXTS } from '@testerhub/shared/legal-text-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { randomSuffix } from './support/accounts';
import { expectHydrated } from './support/page-settled';
import { expectStaffPageSound, openFromConsoleHome, openStaffConsole, PHONE } from './support/staff';

/**
 * Issue 12 section 6 (decision 070): content staff publish a new body of the Biometric Data Policy;
 * a visitor's popup shows it on load, the raw HTML the server sends holds it (the prerendered body
 * replaced) and the page hydrates without errors; then staff return the page to its built-in text,
 * which the visitor sees again. A visitor reaching the page by a link (client navigation) sees
 * "Loading…" and then the published body, never the built-in text first. The published body keeps
 * the sentence e2e/prerender.spec.ts reads on this page ("What we collect"), so that spec stays
 * right while this one runs beside it. axe on every page, at 360 px.
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
  // Once React has adopted the published body, it still shows (a mismatch would have replaced it).
  await expectHydrated(visitor.locator('[data-legal-body]'));
  await expect(visitor.getByText(line)).toBeVisible();
  await expectNoAxeViolations(visitor);
  await expect.poll(() => visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(errors).toEqual([]);

  // Reached by a link from another legal page (client navigation, no text in the HTML): "Loading…"
  // while the call is held, then the published body; the built-in text never shows, not even briefly.
  // A page without a published body embeds that too, so its first render knows it.
  expect(await (await request.get('/popup/privacy')).text()).toContain('{"page":"privacy","version":null}');
  await visitor.goto('/popup/privacy');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  // The link is React's (hydrated): following it is a client navigation, not a new page load.
  await expectHydrated(visitor.getByRole('link', { name: 'Biometric Data Policy' }));
  await visitor.evaluate((sentence) => {
    const flags = window as unknown as { sawBuiltIn: boolean };
    flags.sawBuiltIn = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes(sentence)) flags.sawBuiltIn = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, 'How long we keep it');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await visitor.route('**/api/content/LegalText?*', async (route) => {
    await held;
    await route.continue();
  });
  await visitor.getByRole('link', { name: 'Biometric Data Policy' }).click();
  await expect(visitor).toHaveURL(PAGE_PATH);
  const loading = visitor.locator('.popup__body').getByRole('status');
  await expect(loading).toHaveText('Loading…');
  await expect(loading).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(visitor.getByText(line)).toBeVisible();
  await expect(loading).toHaveCount(0);
  expect(await visitor.evaluate(() => (window as unknown as { sawBuiltIn: boolean }).sawBuiltIn)).toBe(false);
  await expectNoAxeViolations(visitor);
  await visitor.unroute('**/api/content/LegalText?*');
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
