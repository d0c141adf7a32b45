import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { MESSAGE_TEXTS } from '@testerhub/shared/staff-message-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { randomSuffix } from './support/accounts';
import { waitForMessage } from './support/mailbox';
import { openStaffConsole, PHONE } from './support/staff';
import { addSessionCookie, bookGroup, createGroup, createTester, startSession } from './support/test-support';

/**
 * Issue 29, messages to a group's people and cancelling a group (decision 123), on a phone's 360 px:
 * a recruiter sends the Reminder template to a group's two booked testers after its preview, and the
 * SMTP capture holds it in English for one and in Spanish for the other; then the recruiter cancels
 * the group with a notice after the confirm step names how many are told, and the tester's schedule
 * no longer shows the booking. Axe on every state.
 */

const STUDY = 24101;
const STUDY_NAME = 'Breakfast cereal taste test, 90 minutes, $60';
const DAY = 24 * 3600_000;

const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

test('a recruiter messages a group’s people in their languages, then cancels the group and the booking leaves the tester’s schedule', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const cell = `MS-${randomSuffix(5)}`;
  // A random five-minute mark weeks ahead, so parallel runs do not overlap a tester's bookings.
  const startsAt = new Date(Math.floor((Date.now() + 40 * DAY) / 300_000) * 300_000 + randomInt(0, 200) * 300_000);
  const group = await createGroup(request, {
    studyNo: STUDY,
    color: 'Plum',
    cell,
    seats: 3,
    sessions: [{ startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 2 * 3600_000).toISOString() }],
  });
  const ana = await createTester(request, { firstName: 'Ana', lastName: `Message${randomSuffix(4)}` });
  const beto = await createTester(request, { firstName: 'Beto', lastName: `Mensaje${randomSuffix(4)}`, language: 'es' });
  for (const tester of [ana, beto]) await bookGroup(request, { testerId: tester.testerId, groupId: group.groupId });

  const { page: staff } = await openStaffConsole(browser, baseURL!, request, { roles: ['recruiter'] });
  await staff.goto(`/staff/studies/${STUDY}/sessions`);
  const card = staff
    .getByTestId('session-groups')
    .getByRole('listitem')
    .filter({ has: staff.getByRole('heading', { level: 2, name: `Group ${cell} (Plum)` }) });

  // A message from the Reminder template: nothing goes before the preview names who is told.
  await card.getByRole('button', { name: `Message the people of group ${cell}` }).click();
  const composer = card.getByRole('region', { name: `Message the people of group ${cell}` });
  await expect(composer.getByLabel('Template')).toHaveValue('reminder');
  await composer.getByRole('button', { name: 'Preview' }).click();
  await expect(composer.getByTestId('message-preview')).toContainText('2 people will be told.');
  await expectNoAxeViolations(staff);
  await noHorizontalScroll(staff);
  await composer.getByRole('button', { name: 'Send to 2 people' }).click();
  await expect(staff.getByText(`Group ${cell}: ${MESSAGE_TEXTS.sent(2, 0)}`)).toBeVisible();

  const english = await waitForMessage({ to: ana.email, subject: `Reminder: ${STUDY_NAME} on ` });
  expect(english.text).toContain(`This is a reminder of your session for ${STUDY_NAME} on `);
  const spanish = await waitForMessage({ to: beto.email, subject: `Recordatorio: ${STUDY_NAME} el ` });
  expect(spanish.text).toContain(`Le recordamos su sesión de ${STUDY_NAME} el `);

  // Cancel the group: a reason and a notice, and a confirm step naming how many are told.
  await card.getByRole('button', { name: `Cancel group ${cell}` }).click();
  const cancel = card.getByRole('region', { name: `Cancel group ${cell}` });
  await cancel.getByLabel('Reason for cancelling').fill('The client moved the study');
  await cancel.getByLabel('Subject', { exact: true }).fill('Your session is cancelled');
  await cancel.getByLabel('Message', { exact: true }).fill('We are sorry, {firstName}: the session on {sessionTime} is cancelled.');
  await cancel.getByRole('button', { name: 'Check who will be told' }).click();
  await expect(cancel.getByTestId('message-preview')).toContainText('2 people will be told. 2 bookings will be cancelled.');
  await expectNoAxeViolations(staff);
  await noHorizontalScroll(staff);
  await cancel.getByRole('button', { name: `Yes, cancel group ${cell} and tell 2 people` }).click();
  await expect(staff.getByText(`Group ${cell}: ${MESSAGE_TEXTS.cancelled(2, 2)}`)).toBeVisible();
  await expect(card.getByTestId('group-seats')).toHaveText('0 booked of 3');
  await expect(card.getByTestId('group-status')).toHaveText('Closed');
  await expectNoAxeViolations(staff);

  await waitForMessage({ to: ana.email, subject: 'Your session is cancelled', text: 'We are sorry, Ana: the session on ' });

  // Ana's schedule no longer holds the booking.
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  await addSessionCookie(context, baseURL!, await startSession(request, { testerId: ana.testerId }));
  const portal = await context.newPage();
  await portal.goto('/community/main/schedule/check');
  await expect(portal.getByRole('heading', { level: 1, name: 'My schedule' })).toBeVisible();
  await expect(portal.getByRole('region', { name: 'My schedule' })).toHaveAttribute('aria-busy', 'false');
  await expect(portal.getByText('Nothing currently scheduled', { exact: true })).toBeVisible();
  await expectNoAxeViolations(portal);
  await context.close();
});
