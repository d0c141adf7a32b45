import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations } from './fixtures';
import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import {
  CONFIRM_SUBJECT,
  confirmationMail,
  logInThroughForm,
  loginForm,
  newTester,
  pathOf,
  readyTester,
  registerThroughApi,
} from './support/accounts';
import { findLink, messagesTo } from './support/mailbox';

/** Login (spec 2, sections 2, 4, 5 and 8): the password field rule, the popups, Remember me. */
test.describe('login', () => {
  test('the password field opens once the username is long enough; a wrong password gets the default popup @postgres', async ({ page }) => {
    const tester = newTester('pop');
    await registerThroughApi(page.request, tester);

    await page.goto('/community/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expectNoAxeViolations(page);
    const form = loginForm(page);
    await expect(form.password).toBeDisabled();
    // "Enabled when longer than 6 characters": 6 keeps it closed, 7 opens it.
    await form.username.fill('abcdef');
    await expect(form.password).toBeDisabled();
    await form.username.fill('abcdefg');
    await expect(form.password).toBeEnabled();
    await form.username.fill('abcdef');
    await expect(form.password).toBeDisabled();

    await form.username.fill(tester.username);
    await form.password.fill(`${tester.password}x`);
    await form.submit.click();
    const popup = page.getByRole('dialog');
    await expect(popup).toContainText('Incorrect username or password.');
    await expectNoAxeViolations(page);
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toHaveCount(0);

    // An unknown username gets the very same answer.
    await form.username.fill(`nobody${tester.username}`);
    await form.password.fill(tester.password);
    await form.submit.click();
    await expect(page.getByRole('dialog')).toContainText('Incorrect username or password.');
    await expect(page).toHaveURL('/community/login');
  });

  test("'Not confirmed' offers to send the confirmation e-mail again; the new e-mail's link confirms and the login goes through", async ({
    page,
  }) => {
    const tester = newTester('rsnd');
    await registerThroughApi(page.request, tester);
    const first = await confirmationMail(tester);

    await page.goto('/community/login');
    const form = loginForm(page);
    await form.username.fill(tester.username);
    await form.password.fill(tester.password);
    await form.submit.click();
    const popup = page.getByRole('dialog', { name: 'Not confirmed' });
    await expect(popup).toContainText(ENTRY_TEXTS.notConfirmed);
    await expectNoAxeViolations(page);
    await popup.getByRole('button', { name: ENTRY_TEXTS.resendConfirmation }).click();
    await expect(popup.getByRole('status')).toHaveText(ENTRY_TEXTS.confirmationResent);
    await expect(popup.getByRole('button', { name: ENTRY_TEXTS.resendConfirmation })).toHaveCount(0);
    await expectNoAxeViolations(page);

    const confirmations = () => messagesTo(tester.email).filter((message) => message.subject.includes(CONFIRM_SUBJECT.en));
    await expect.poll(() => confirmations().length).toBe(2);
    const again = confirmations()
      .map((message) => findLink(message, '/community/checkConfirmEmail'))
      .find((link) => link.href !== first.link.href);
    await page.goto(pathOf(again!));
    await expect(page.getByText('Thank you! Your e-mail address is confirmed and your account is ready.')).toBeVisible();
    await page.goto('/community/login');
    await logInThroughForm(page, tester);
  });

  test('Remember me keeps the username, never the password, across a browser restart', async ({
    playwright,
    launchOptions,
    baseURL,
  }, testInfo) => {
    test.slow(); // a long flow; this 2-core machine is often busy
    // A real restart: a persistent profile on disk, the browser closed and launched again on it.
    const userDataDir = testInfo.outputPath('chromium-profile');
    const launch = () =>
      playwright.chromium.launchPersistentContext(userDataDir, { ...launchOptions, baseURL, viewport: { width: 1280, height: 800 } });
    let context: BrowserContext | undefined;
    try {
      context = await launch();
      let page = await context.newPage();
      const tester = await readyTester(page, 'rem');
      await logInThroughForm(page, tester, { remember: true });

      /** Every value the browser keeps for the site, decoded every way a value might be encoded. */
      const storedValues = async (current: BrowserContext, currentPage: Page) => {
        const cookies = (await current.cookies()).map((cookie) => cookie.value);
        const storage = await currentPage.evaluate(() =>
          [localStorage, sessionStorage].flatMap((store) => Object.keys(store).flatMap((key) => [key, store.getItem(key) ?? ''])),
        );
        return [...cookies, ...storage].flatMap((value) => {
          const decoded = decodeURIComponent(value);
          return [value, decoded, Buffer.from(decoded, 'base64').toString('utf8')];
        });
      };
      for (const value of await storedValues(context, page)) expect(value).not.toContain(tester.password);
      const remembered = (await context.cookies()).find(
        (cookie) => Buffer.from(decodeURIComponent(cookie.value), 'base64').toString('utf8') === tester.username,
      );
      expect(remembered, 'a cookie holding the encoded username').toBeTruthy();
      expect(remembered!.value).not.toContain(tester.username);
      expect(remembered!.expires).toBeGreaterThan(Date.now() / 1000 + 24 * 3600);
      await context.close();

      // The browser starts again on the same profile.
      context = await launch();
      page = await context.newPage();
      await page.goto('/community/login');
      const form = loginForm(page);
      await expect(form.username).toHaveValue(tester.username);
      await expect(form.remember).toBeChecked();
      await expect(form.password).toHaveValue('');
      await expectNoAxeViolations(page);
      for (const value of await storedValues(context, page)) expect(value).not.toContain(tester.password);

      // Unticking forgets the username.
      await form.remember.uncheck();
      await page.reload();
      await expect(form.username).toHaveValue('');
    } finally {
      await context?.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    }
  });
});
