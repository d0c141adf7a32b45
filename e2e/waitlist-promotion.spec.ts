import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { findLink, waitForMessage } from './support/mailbox';
import { bookGroup, createGroup, createTester } from './support/test-support';
import { DAY, siteSession } from './support/site-clock';

/**
 * Issue 10, section 6 (decision 031): a tester on Notify me for a full group is offered the seat
 * another tester frees, by e-mail over real SMTP; the e-mailed self-schedule link shows the held
 * seat as theirs, they book it, and it is on their schedule check.
 */

const STUDY = 24101;
const STUDY_NAME = 'Breakfast cereal taste test, 90 minutes, $60';
/** The tester qualified for the study (as a passed screener records it) and its self-schedule address. */
async function selfScheduleLink(request: APIRequestContext, testerId: string): Promise<string> {
  const response = await request.post('/api/test-support/self-schedule-link', {
    headers: { 'x-test-support-secret': process.env.E2E_TEST_SUPPORT_SECRET! },
    data: { testerId, studyNo: STUDY },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

test('a seat freed by a cancel is offered by e-mail to the tester waiting for it, who books the held seat @postgres', async ({
  loggedInPage: page,
  testerSession,
  request,
  browser,
}) => {
  // Nineteen days ahead on a five-minute mark: far outside the notice window, and clear of other tests' groups.
  const start = Math.floor((Date.now() + 19 * DAY) / 300_000) * 300_000;
  const session = { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 90 * 60_000).toISOString() };
  const group = await createGroup(request, { studyNo: STUDY, seats: 1, coOpCostCents: 6000, sessions: [session] });
  const other = await createTester(request);
  await bookGroup(request, { testerId: other.testerId, groupId: group.groupId });

  // The group is full: the waiting tester asks to be told (Notify me, Wait for this time).
  await page.goto(await selfScheduleLink(request, testerSession.tester.testerId));
  await expect(heading(page, 'Congratulations!')).toBeVisible();
  await page.getByRole('radio', { name: `Notify me ${siteSession(session)} (Closed)`, exact: true }).check();
  await page.getByRole('button', { name: 'Wait for this time' }).click();
  // Back on the screener list, which says what was done (issue 28, item 3).
  await expect(page).toHaveURL('/community/main/screener');
  await expect(page.getByRole('status').filter({ hasText: 'You are on the waiting list for' })).toHaveText(
    `You are on the waiting list for ${STUDY_NAME}. We will contact you if a place opens at the time you chose.`,
  );
  await expectNoAxeViolations(page);

  // The other tester cancels from their booking e-mail's one-click link.
  const booked = await waitForMessage({ to: other.email, subject: 'You are booked' });
  const cancelLink = findLink(booked, '/community/cancel');
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await otherPage.goto(`${cancelLink.pathname}${cancelLink.search}`);
  await otherPage.getByRole('button', { name: 'Cancel Schedule' }).click();
  await expect(otherPage.getByText('Your booking is cancelled. We have e-mailed you a confirmation.')).toBeVisible();
  await otherContext.close();

  // The offer: the seat is held for the waiting tester, with the hold's end and a self-schedule link.
  const offer = await waitForMessage({ to: testerSession.tester.email, subject: `A seat is free for you: ${STUDY_NAME}` });
  expect(offer.text).toMatch(/we are holding it for you until \w+day, \w+ \d+(st|nd|rd|th), \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T\./);
  expect(offer.text).toContain(`When: ${siteSession(session)}.`);
  const link = findLink(offer, '/community/main/schedule/self');
  expect(link.searchParams.get('t')).toBe(testerSession.tester.testerId);

  await page.goto(`${link.pathname}${link.search}`);
  await expect(heading(page, 'Congratulations!')).toBeVisible();
  const select = page.getByRole('radio', { name: `Select ${siteSession(session)}`, exact: true });
  await expect(select).toBeVisible();
  await expectNoAxeViolations(page);
  await select.check();
  await page.getByRole('button', { name: 'Schedule Me' }).click();
  const reward = page.getByRole('dialog');
  await expect(reward.getByRole('heading', { name: /Task complete|Level up!/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await reward.getByRole('button', { name: 'Close' }).click();

  await expect(page).toHaveURL('/community/main/schedule/check');
  const card = page.getByTestId('booking-card').filter({ has: page.getByRole('heading', { level: 2, name: STUDY_NAME }) });
  await expect(card).toContainText(siteSession(session));
  await expectNoAxeViolations(page);
});
