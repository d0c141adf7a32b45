// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { REFERRAL_EVENT_TEXTS, type StaffReferralEvent } from '@testerhub/shared/referral-event-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../../test/fake-api';
import { renderStaffPages } from '../../../test/staff-pages';
import { ReferralEventsPage } from './referral-events-page';

const api = fakeApi();

const MAY: StaffReferralEvent = { id: 9, month: '2031-05', referralComment: 'Double coins for May referrals.', sortOrder: 1, revision: 3 };

function renderPage(roles: StaffRole[] = ['content']) {
  return renderStaffPages('/staff/content/referral-events', { 'content/referral-events': <ReferralEventsPage /> }, roles);
}

describe('the referral event texts page (decision 066)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  test('adds a text: refuses markup and a bad month beside the fields, sends the typed one and says so', async () => {
    api.answers['/staff/content/ReferralEvents'] = { body: { status: 'succeed', shownMonth: null, events: [] } };
    api.answers['/staff/content/SaveReferralEvent'] = { body: { status: 'succeed', message: REFERRAL_EVENT_TEXTS.added, event: MAY } };
    const user = renderPage();
    expect(await screen.findByText('No referral event texts yet. Add the first one above.')).toBeInTheDocument();
    expect(screen.getByText('Testers see no special offer now.')).toBeInTheDocument();
    await user.click(screen.getByText('Add a referral event text'));
    const form = within(screen.getByRole('form', { name: 'Add a referral event text' }));
    const month = form.getByLabelText('Month');
    await user.clear(month);
    await user.type(form.getByLabelText('Text testers see', { exact: false }), '<b>Double</b> coins');
    await user.click(form.getByRole('button', { name: 'Add text' }));
    expect(form.getByText(REFERRAL_EVENT_TEXTS.monthRequired)).toBeInTheDocument();
    expect(form.getByLabelText('Text testers see', { exact: false })).toHaveAccessibleDescription(
      expect.stringContaining(REFERRAL_EVENT_TEXTS.commentMarkup),
    );
    expect(api.paths()).not.toContain('/staff/content/SaveReferralEvent');

    await user.type(month, '2031-05');
    const text = form.getByLabelText('Text testers see', { exact: false });
    await user.clear(text);
    await user.type(text, 'Double coins for May referrals.');
    const place = form.getByLabelText('Place in the month', { exact: false });
    await user.clear(place);
    await user.type(place, '1');
    await user.click(form.getByRole('button', { name: 'Add text' }));
    expect(await screen.findByText(REFERRAL_EVENT_TEXTS.added)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/SaveReferralEvent')?.body).toEqual({
      month: '2031-05',
      referralComment: 'Double coins for May referrals.',
      sortOrder: 1,
    });
  });

  test('a new text starts on this month on the company’s clock, not UTC’s or the browser’s, and the field says so (decision 139)', async () => {
    // 03:00 UTC on 1 December 2026 is still 30 November in Chicago (and already 1 December in Tokyo).
    vi.stubEnv('TZ', 'Asia/Tokyo');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T03:00:00Z'));
    api.answers['/staff/content/ReferralEvents'] = { body: { status: 'succeed', shownMonth: null, events: [] } };
    const user = renderPage();
    await user.click(await screen.findByText('Add a referral event text'));
    const month = within(screen.getByRole('form', { name: 'Add a referral event text' })).getByLabelText('Month');
    expect(month).toHaveValue('2026-11');
    expect(month).toHaveAccessibleDescription(
      /^The month the text is shown from \(YYYY-MM\)\. Months are in Chicago time \(C[SD]T, UTC−[56]\), the company’s clock\.$/,
    );
  });

  test('edits from the copy it opened and says so when someone else changed it; removes only after the explicit button', async () => {
    api.answers['/staff/content/ReferralEvents'] = { body: { status: 'succeed', shownMonth: '2031-05', events: [MAY] } };
    api.answers['/staff/content/SaveReferralEvent'] = { body: { status: 'failed', message: REFERRAL_EVENT_TEXTS.changed } };
    api.answers['/staff/content/RemoveReferralEvent'] = { body: { status: 'succeed', message: REFERRAL_EVENT_TEXTS.removed } };
    const user = renderPage();
    expect(await screen.findByText('Testers now see the texts of May 2031.')).toBeInTheDocument();
    const card = within(screen.getByRole('listitem', { name: /^May 2031, place 1/ }));
    expect(card.getByRole('heading')).toHaveTextContent('May 2031, place 1 (testers see it now)');
    expect(card.getByText(MAY.referralComment)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Edit May 2031, place 1' }));
    const text = card.getByLabelText('Text testers see', { exact: false });
    await user.clear(text);
    await user.type(text, 'Triple coins.');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText(REFERRAL_EVENT_TEXTS.changed)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/SaveReferralEvent')?.body).toEqual({
      ...MAY,
      referralComment: 'Triple coins.',
    });
    await user.click(card.getByRole('button', { name: 'Close and reload' }));

    await user.click(card.getByRole('button', { name: 'Remove May 2031, place 1' }));
    expect(api.paths()).not.toContain('/staff/content/RemoveReferralEvent');
    await user.click(card.getByRole('button', { name: 'Remove May 2031, place 1 for good' }));
    expect(await screen.findByText(`May 2031, place 1: ${REFERRAL_EVENT_TEXTS.removed}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/RemoveReferralEvent')?.body).toEqual({ id: 9, revision: 3 });
  });

  test('has an error state with Try again', async () => {
    let fail = true;
    api.answers['/staff/content/ReferralEvents'] = () =>
      fail ? { status: 500, body: { message: 'boom' } } : { body: { status: 'succeed', shownMonth: null, events: [] } };
    const user = renderPage();
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No referral event texts yet. Add the first one above.')).toBeInTheDocument();
  });

  test('without the content role the page says so and asks nothing', () => {
    renderPage(['rewards']);
    expect(screen.getByRole('alert')).toHaveTextContent('Only staff with the content role can open this page.');
    expect(api.calls).toHaveLength(0);
  });
});
