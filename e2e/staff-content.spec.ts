import { CONTENT_TEXTS } from '@testerhub/shared/content-admin-schemas';
import { TERMS_TEXTS } from '@testerhub/shared/terms-schemas';
import { expect, test } from './fixtures';
import { randomSuffix } from './support/accounts';
import { expectStaffPageSound, openFromConsoleHome, openStaffConsole } from './support/staff';
import { lockTermsPublishing } from './support/terms-lock';
import { settleTermsVersion } from './support/test-support';

/**
 * Issue 12 section 6 (decision 057): a content staff member adds a FAQ, which the public FAQ page
 * shows at once (no rebuild: the page fetches its questions after the prerendered shell), hides it
 * again, and publishes a new terms version; a logged-in tester in a second context is asked to
 * accept it at the next visit. axe on both console pages, at 360 px.
 */

test('content staff add a FAQ the public page shows, and publish a terms version a tester is asked to accept @postgres', async ({
  loggedInPage: tester,
  testerSession,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const suffix = randomSuffix();
  const question = `Can I bring my own headphones ${suffix}?`;
  const { page: staff } = await openStaffConsole(browser, baseURL!, request, { roles: ['content'], name: `Cleo Content ${suffix}` });

  // The FAQ page, from the console's home.
  await openFromConsoleHome(staff, 'FAQs');
  await expect(staff.getByRole('region', { name: 'General' }).getByRole('listitem').first()).toBeVisible();
  await expectStaffPageSound(staff);

  // Add a question: required fields first, then the typed one.
  await staff.getByText('Add a question').click();
  const form = staff.getByRole('form', { name: 'Add a question' });
  await form.getByRole('button', { name: 'Add question' }).click();
  await expect(form.getByText(CONTENT_TEXTS.questionRequired)).toBeVisible();
  await form.getByLabel('Group').selectOption({ label: 'Tester Support' });
  await form.getByLabel('Question').fill(question);
  await form.getByLabel('Answer').fill('<p>Yes, wired ones work best in our labs.</p>');
  await form.getByRole('button', { name: 'Add question' }).click();
  await expect(staff.getByText(CONTENT_TEXTS.faqAdded)).toBeVisible();
  const card = staff.getByRole('region', { name: 'Tester Support' }).getByRole('listitem', { name: question });
  await expect(card).toContainText('wired ones work best');
  await expectStaffPageSound(staff);

  // The public FAQ page shows it, under its group, without a rebuild.
  const visitor = await browser.newPage();
  await visitor.goto('/popup/faqs');
  const support = visitor.getByRole('main').getByRole('region', { name: 'Tester Support' });
  await expect(support.getByRole('button', { name: question })).toBeVisible();
  await support.getByRole('button', { name: question }).click();
  await expect(support.getByText('Yes, wired ones work best in our labs.')).toBeVisible();

  // Hidden again from the console: the public page drops it (and the other specs' FAQ counts stay as seeded).
  await card.getByRole('button', { name: `Hide “${question}”` }).click();
  await expect(staff.getByText(`“${question}”: ${CONTENT_TEXTS.faqSaved}`)).toBeVisible();
  await expect(card).toContainText('(hidden)');
  await visitor.reload();
  await expect(visitor.getByRole('main').getByRole('heading', { level: 2, name: 'Tester Support' })).toBeVisible();
  await expect(visitor.getByText(question)).toHaveCount(0);
  await visitor.close();

  // A new terms version, one spec at a time (the page is opened under the lock: a version another
  // spec published meanwhile would rightly be refused as "changed since you opened it"); everyone
  // but this test's tester accepts it at once.
  const unlock = await lockTermsPublishing();
  try {
    await staff.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'Terms of Use' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Terms of Use versions' })).toBeVisible();
    const inForce = staff.getByRole('listitem').filter({ hasText: '(in force)' });
    await expect(inForce).toHaveCount(1);
    await expectStaffPageSound(staff);
    const summary = `Version for ${suffix}: we now explain how headphones are lent at our sites.`;
    await staff.getByLabel('What changed (English)').fill(summary);
    await staff.getByLabel('What changed (Spanish)').fill('Ahora explicamos cómo prestamos auriculares.');
    const [published] = await Promise.all([
      staff.waitForResponse((response) => response.url().endsWith('/api/staff/content/PublishTerms')),
      staff.getByRole('button', { name: 'Publish and ask testers to accept' }).click(),
    ]);
    const { version } = (await published.json()) as { version: number };
    await settleTermsVersion(request, [testerSession.tester.testerId]);
    await expect(staff.getByText(CONTENT_TEXTS.termsPublished)).toBeVisible();
    await expect(staff.getByRole('listitem', { name: `Version ${version} (in force)` })).toContainText(summary);
    await expect(inForce).toHaveCount(1);

    // The tester, at the next visit, is asked to accept it, and accepts.
    await tester.goto('/community/main/screener');
    const dialog = tester.getByRole('dialog', { name: TERMS_TEXTS.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 3 })).toContainText(`What changed in version ${version}`);
    await expect(dialog).toContainText(summary);
    await dialog.getByRole('button', { name: TERMS_TEXTS.accept }).click();
    await expect(dialog).toHaveCount(0);
  } finally {
    unlock();
  }
});
