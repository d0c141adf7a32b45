import { CHILD_TEXTS } from '@testerhub/shared/children-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { findLink, waitForMessage } from './support/mailbox';
import { attendStudy } from './support/test-support';

/**
 * Issue 10, section 5 (decision 028): a child registered online waits for the parent's
 * confirmation; the link in the parent's e-mail, opened in the browser, confirms it.
 */

test('a child registered online is confirmed by the link in the parent’s e-mail', async ({
  loggedInPage: page,
  testerSession,
  request,
}) => {
  const { tester } = testerSession;
  await attendStudy(request, tester.testerId);
  await page.goto('/community/main/screener');
  await expect(page.getByRole('heading', { level: 1, name: 'Available studies' })).toBeVisible();

  // The child form comes with the child popup; until then the page's own fetch registers, as the form will.
  const firstName = `Mia${Date.now() % 100_000}`;
  const call = (path: string, body?: unknown) =>
    page.evaluate(
      async ({ path, body }) => {
        const response = await fetch(`/api/${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return response.json();
      },
      { path, body },
    );
  const child = { firstName, lastName: 'Example', race: 'A', gender: 'F', year: 2018, month: 2, day: 28, phone: '3125550123' };
  expect(await call('account/RegistChildrenWithoutStudyNo', child)).toEqual({ status: 'succeed' });
  expect((await call('schedule/GetChildrenInfo')).registeredChildren).toEqual([
    expect.objectContaining({ fullName: `${firstName} Example`, isConfirmed: false }),
  ]);

  const mail = await waitForMessage({ to: tester.email, subject: `Confirm ${firstName}` });
  const link = findLink(mail, '/community');
  await page.goto(`${link.pathname}${link.search}`);
  const dialog = page.getByRole('dialog', { name: `${firstName} Example is confirmed` });
  await expect(dialog).toContainText(CHILD_TEXTS.confirmed);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect((await call('schedule/GetChildrenInfo')).registeredChildren).toEqual([
    expect.objectContaining({ fullName: `${firstName} Example`, isConfirmed: true, expiresAt: null }),
  ]);

  // The same link again: the child stays confirmed, and the page says so once more rather than failing.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('dialog', { name: `${firstName} Example is confirmed` })).toBeVisible();
});
