import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { message } from '@testerhub/shared/account-messages';
import { REFERRAL_LIMITS, REFERRAL_TEXTS } from '@testerhub/shared/referral-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { newTester, pathOf, registerThroughApi } from './support/accounts';
import { findLink, waitForMessage } from './support/mailbox';
import { attendStudy, createTester, testerIdOf } from './support/test-support';

/**
 * Issue 11, section 4 (decision 036): a tester refers a friend (each form message, 'Exist user',
 * 'Maximum' at the cap), the friend's invitation e-mail carries a join link whose code registers
 * them (Registered), a first attended study makes the referral Complete, and the claim pays.
 */

const EVENT = '/community/main/referral/event';
const OFFER = '/community/main/referral/offer';
const HISTORY = '/community/main/referral/history';

/** A friend nobody referred: a random 10-digit phone (not the test testers' 312 number) and e-mail. */
function newFriend() {
  const person = newTester('frnd');
  return { ...person, phone: `773${String(randomInt(0, 10_000_000)).padStart(7, '0')}` };
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const submit = (page: Page) => page.getByRole('button', { name: 'Refer my friend' });
const coinsInNav = (page: Page) => page.getByTestId('level-progress-button').locator('.level-progress__coins');

async function fillForm(page: Page, friend: { firstName: string; lastName: string; email: string; phone: string }) {
  await field(page, 'First name').fill(friend.firstName);
  await field(page, 'Last name').fill(friend.lastName);
  await field(page, 'Age').fill('29');
  await field(page, 'E-mail address').fill(friend.email);
  await field(page, 'Phone number').fill(friend.phone);
  await field(page, 'Phone number').blur();
}

/** Submits the filled form and checks the popup of the answer, with axe on it; closes it. */
async function referAndExpect(page: Page, title: string) {
  await expect(submit(page)).toBeEnabled();
  await submit(page).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('a referral from the form to the claim: messages, Exist user, the invitation, the join link, Registered, Complete, the reward @postgres', async ({
  loggedInPage: page,
  testerSession,
  request,
  browser,
  baseURL,
}) => {
  await page.goto(EVENT);
  await expect(page.getByRole('heading', { level: 1, name: 'Referral event' })).toBeVisible();
  const guidelines = page.getByTestId('referral-guidelines');
  await expect(guidelines).toContainText(`up to ${REFERRAL_LIMITS.monthly} people a month`);
  await expect(guidelines).toContainText(`within ${REFERRAL_LIMITS.contactedWithinBusinessDays} business days`);
  await expect(guidelines).toContainText(`within ${REFERRAL_LIMITS.checkMailedWithinDays} days`);
  await expect(page.getByTestId('referral-event-comments').or(page.getByText(/no special offer this month/))).toBeVisible();
  await expectNoAxeViolations(page);

  // The form's messages (spec 3, section 5), with submit disabled meanwhile.
  await page.getByRole('navigation', { name: 'Referral pages' }).getByRole('link', { name: 'Refer a friend' }).click();
  await expect(page).toHaveURL(OFFER);
  await expect(submit(page)).toBeDisabled();
  await expectNoAxeViolations(page);
  await field(page, 'First name').focus();
  await field(page, 'First name').blur();
  await expect(page.getByText(message('required'))).toBeVisible();
  await field(page, 'Age').fill('2x');
  await field(page, 'Age').blur();
  await expect(page.getByText(REFERRAL_TEXTS.digitsOnly)).toBeVisible();
  await field(page, 'E-mail address').fill('friend@example');
  await field(page, 'E-mail address').blur();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await field(page, 'Phone number').fill('77355');
  await field(page, 'Phone number').blur();
  await expect(page.getByText(message('phoneInvalid'))).toBeVisible();
  await expect(submit(page)).toBeDisabled();
  await expectNoAxeViolations(page);

  const friend = newFriend();
  await fillForm(page, friend);
  await expect(field(page, 'Phone number')).toHaveValue(
    `(${friend.phone.slice(0, 3)})${friend.phone.slice(3, 6)}-${friend.phone.slice(6)}`,
  );
  await referAndExpect(page, 'Referral sent');
  await expect(field(page, 'First name')).toHaveValue('');

  // The same friend again: 'Exist user'. Someone who is already a tester is referred like anyone else,
  // so that the answer never tells whether a person is a tester (decision 075).
  await fillForm(page, friend);
  await referAndExpect(page, REFERRAL_TEXTS.existUser);
  const member = await createTester(request);
  await fillForm(page, { ...newFriend(), email: member.email });
  await referAndExpect(page, 'Referral sent');

  // The history: the friend is New, nothing to claim yet.
  await page.goto(HISTORY);
  const row = page.getByTestId('referral-row').filter({ hasText: friend.firstName });
  await expect(row).toContainText(friend.lastName);
  await expect(row).toContainText('New');
  await expect(row.getByRole('button', { name: /Claim/ })).toBeDisabled();
  await expectNoAxeViolations(page);

  // The invitation e-mail and its join link: the registration pages keep its code.
  const invitation = await waitForMessage({ to: friend.email, subject: 'invites you to join' });
  // The subject names no one (issue 24); the body names the referrer and greets the friend.
  expect(invitation.subject).toBe('A friend invites you to join TesterHub');
  expect(invitation.text).toContain(`${testerSession.tester.firstName} thinks you would enjoy`);
  expect(invitation.text).toContain(`Hi ${friend.firstName},`);
  const link = findLink(invitation, '/community/join/attention');
  const code = link.searchParams.get('refer');
  expect(code).toMatch(/^[A-Z2-9]{10}$/);
  const visitor = await browser.newContext({ baseURL });
  const joinPage = await visitor.newPage();
  await joinPage.goto(pathOf(link));
  await expect(joinPage.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await joinPage.evaluate(() => window.sessionStorage.getItem('referralCode'))).toBe(code);
  await expectNoAxeViolations(joinPage);
  await visitor.close();
  await registerThroughApi(request, friend, 'en', code!);
  await page.reload();
  await expect(row).toContainText('Registered');
  await expect(row.getByRole('button', { name: /Claim/ })).toBeDisabled();

  // The friend's first study, checked in: Complete, and the reward claimed once.
  await attendStudy(request, await testerIdOf(request, friend.username));
  await page.reload();
  await expect(row).toContainText('Complete');
  const claim = row.getByRole('button', { name: `Claim the reward for ${friend.firstName} ${friend.lastName}` });
  await expect(claim).toBeEnabled();
  await expectNoAxeViolations(page);
  await claim.click();
  const reward = page.getByRole('dialog');
  await expect(reward.getByTestId('reward-coins')).toHaveText(`+${REFERRAL_LIMITS.rewardCoins} coins`);
  await expect(reward.getByTestId('reward-exp')).toHaveText(`+${REFERRAL_LIMITS.rewardExp} EXP`);
  await expect(coinsInNav(page)).toContainText((testerSession.tester.coins + REFERRAL_LIMITS.rewardCoins).toLocaleString('en-US'));
  // 250 EXP may take the tester up a level: either way the popup has settled.
  await expect(reward).toHaveAccessibleName(/Task complete|Level up!/);
  await expectNoAxeViolations(page);
  await reward.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Claimed');
  await expect(row.getByRole('button')).toHaveCount(0);
});

test("'Maximum' once the tester referred 10 friends this month", async ({ loggedInPage: page }) => {
  for (let index = 0; index < REFERRAL_LIMITS.monthly; index += 1) {
    const friend = newFriend();
    const response = await page.request.post('/api/account/UpdateReferralList', {
      headers: { 'x-requested-with': 'TesterHub' },
      data: { firstname: friend.firstName, lastname: friend.lastName, age: '40', emailAddress: friend.email, phoneNumber: friend.phone },
    });
    expect(await response.json()).toEqual({ status: 'succeed' });
  }
  await page.goto(OFFER);
  await fillForm(page, newFriend());
  await referAndExpect(page, REFERRAL_TEXTS.maximum);
  await page.goto(HISTORY);
  await expect(page.getByTestId('referral-row')).toHaveCount(REFERRAL_LIMITS.monthly);
});

test("the failures: 'Referral Request Failed' and 'Failed to Fetch Referral List' with Try again", async ({ loggedInPage: page }) => {
  await page.route('**/api/account/UpdateReferralList', (route) => route.fulfill({ status: 500, json: { message: 'Server fault' } }));
  await page.goto(OFFER);
  await fillForm(page, newFriend());
  await referAndExpect(page, REFERRAL_TEXTS.failed);

  let failing = true;
  await page.route('**/api/reward/GetReferralList', (route) =>
    failing ? route.fulfill({ status: 500, json: { message: 'Server fault' } }) : route.continue(),
  );
  await page.goto(HISTORY);
  const alert = page.getByRole('alert').filter({ hasText: REFERRAL_TEXTS.fetchFailed });
  await expect(alert).toBeVisible();
  await expectNoAxeViolations(page);
  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText(/You have not referred anyone yet/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('at 360 px (a phone)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the three referral pages fit and work', async ({ loggedInPage: page }) => {
    for (const path of [EVENT, OFFER, HISTORY]) {
      await page.goto(path);
      // On a phone the cookie notice covers the foot of the page until it is accepted.
      if (path === EVENT) await page.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Accept' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The friend referred on the offer page.
      if (path === HISTORY) await expect(page.getByTestId('referral-row')).toHaveCount(1);
      if (path === EVENT) await expect(page.getByTestId('referral-guidelines')).toBeVisible();
      if (path === OFFER) {
        const friend = newFriend();
        await fillForm(page, friend);
        await referAndExpect(page, 'Referral sent');
      }
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: path })
        .toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    }
  });
});
