import ICAL from 'ical.js';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { findLink, waitForMessage } from './support/mailbox';
import { bookGroup, createGroup, createTester } from './support/test-support';

/**
 * Issue 10, section 6 (decision 027): a booking e-mails the tester over real SMTP with an .ics
 * invitation a calendar library reads, and a one-click cancel link whose page cancels only when
 * asked; the cancellation e-mail's calendar removes the same entries.
 */

const CHICAGO_SITE = 'Chicago Test Center, 200 W Monroe St, Suite 1200, Chicago, IL 60606';
const STUDY_NAME = 'Breakfast cereal taste test, 90 minutes, $60';
const CANCEL_QUESTION =
  'Are you sure you want to cancel? Doing so will clear your schedule and you will not be able to reschedule these dates.';
const DAY = 24 * 3600_000;

function readCalendar(text: string | null) {
  expect(text, 'the message carries a text/calendar part').not.toBeNull();
  const calendar = new ICAL.Component(ICAL.parse(text!));
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    events: calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component)),
  };
}

test('a booking e-mails an invitation and a cancel link; the link cancels only on the button, and the cancellation is e-mailed', async ({
  page,
  request,
}) => {
  const tester = await createTester(request);
  // Three days ahead on a five-minute mark, an hour and a half long: far outside the 24-hour window.
  const start = Math.floor((Date.now() + 3 * DAY) / 300_000) * 300_000;
  const session = { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 90 * 60_000).toISOString() };
  const group = await createGroup(request, { studyNo: 24101, seats: 1, coOpCostCents: 6000, sessions: [session] });
  await bookGroup(request, { testerId: tester.testerId, groupId: group.groupId });

  const booked = await waitForMessage({ to: tester.email, subject: 'You are booked' });
  expect(booked.text).toContain(CHICAGO_SITE);
  expect(booked.text).toContain('Bring a government-issued photo ID and arrive 15 minutes early.');
  expect(booked.text).toContain('Compensation: $60 in total.');
  const invitation = readCalendar(booked.calendar);
  expect(invitation.method).toBe('REQUEST');
  expect(invitation.events).toHaveLength(1);
  const [event] = invitation.events;
  expect(event!.startDate.toJSDate().toISOString()).toBe(session.startsAt);
  expect(event!.endDate.toJSDate().toISOString()).toBe(session.endsAt);
  expect(event!.location).toBe(CHICAGO_SITE);
  expect(event!.summary).toBe(STUDY_NAME);

  // Not logged in: the link alone opens the page, and opening it cancels nothing.
  const link = findLink(booked, '/community/cancel');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: STUDY_NAME })).toBeVisible();
  await expect(page.getByText(CANCEL_QUESTION)).toBeVisible();
  await expectNoAxeViolations(page);
  // A phone (spec 3, section 9: 360 px): nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Cancel Schedule' })).toBeEnabled();

  await page.getByRole('button', { name: 'Cancel Schedule' }).click();
  await expect(page.getByText('Your booking is cancelled. We have e-mailed you a confirmation.')).toBeVisible();
  await expectNoAxeViolations(page);

  const cancelled = await waitForMessage({ to: tester.email, subject: 'Your booking is cancelled' });
  const removal = readCalendar(cancelled.calendar);
  expect(removal.method).toBe('CANCEL');
  expect(removal.events.map((each) => each.uid)).toEqual([event!.uid]);
  expect(removal.events[0]!.sequence).toBeGreaterThan(event!.sequence);

  // The link again: the booking is already cancelled.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('alert')).toHaveText('This booking is already cancelled.');
  await expectNoAxeViolations(page);
});
