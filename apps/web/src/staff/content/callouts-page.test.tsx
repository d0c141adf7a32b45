// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CALLOUT_ADMIN_TEXTS, type StaffCallout } from '@testerhub/shared/callout-admin-schemas';
import { fakeApi } from '../../../test/fake-api';
import { renderStaffPages } from '../../../test/staff-pages';
import { CalloutsPage } from './callouts-page';

const api = fakeApi();

const HOLIDAY: StaffCallout = {
  id: 7,
  rKey: 'demo-holiday-screeners',
  title: 'Holiday taste tests are open',
  description: 'Fill in the holiday snack screener.',
  pkCoins: 50,
  screener: '/community/main/screener',
  active: true,
  startTimeStamp: '2020-01-01T00:00:00.000Z',
  endTimeStamp: '2999-01-01T00:00:00.000Z',
  revision: 3,
};

const renderPage = () => renderStaffPages('/staff/content/callouts', { 'content/callouts': <CalloutsPage /> }, ['content']);

describe('the call-outs page (decision 063)', () => {
  afterEach(() => vi.unstubAllEnvs());

  test('adds a call-out: refuses wrong fields beside them, sends the typed one with its times as instants and says so', async () => {
    api.answers['/staff/content/Callouts'] = { body: { status: 'succeed', callouts: [] } };
    api.answers['/staff/content/AddCallout'] = { body: { status: 'succeed', message: CALLOUT_ADMIN_TEXTS.added, callout: HOLIDAY } };
    const user = renderPage();
    expect(await screen.findByText('No call-outs yet. Add the first one above.')).toBeInTheDocument();
    await user.click(screen.getByText('Add a call-out'));
    const form = within(screen.getByRole('form', { name: 'Add a call-out' }));
    const field = (label: string) => form.getByLabelText(label, { exact: false });
    await user.clear(field('Bonus coins'));
    await user.type(field('Bonus coins'), '100001');
    await user.type(field('Portal page it points to'), 'https://elsewhere.example/');
    await user.clear(field('Ends'));
    await user.type(field('Ends'), '2020-01-01T10:00');
    await user.click(form.getByRole('button', { name: 'Add call-out' }));
    expect(form.getByText(CALLOUT_ADMIN_TEXTS.titleRequired)).toBeInTheDocument();
    expect(form.getByText(CALLOUT_ADMIN_TEXTS.descriptionRequired)).toBeInTheDocument();
    expect(form.getByText(CALLOUT_ADMIN_TEXTS.coinsInvalid)).toBeInTheDocument();
    expect(form.getByText(CALLOUT_ADMIN_TEXTS.screenerInvalid)).toBeInTheDocument();
    expect(form.getByText(CALLOUT_ADMIN_TEXTS.endBeforeStart)).toBeInTheDocument();
    expect(field('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(api.paths()).not.toContain('/staff/content/AddCallout');

    await user.type(field('Title'), 'Cereal week');
    await user.type(field('Text'), 'Answer the cereal screener.');
    await user.clear(field('Bonus coins'));
    await user.type(field('Bonus coins'), '25');
    await user.clear(field('Portal page it points to'));
    await user.type(field('Portal page it points to'), '/community/main/screener');
    await user.clear(field('Starts'));
    await user.type(field('Starts'), '2030-03-01T09:00');
    await user.clear(field('Ends'));
    await user.type(field('Ends'), '2030-03-08T17:30');
    await user.click(form.getByRole('button', { name: 'Add call-out' }));
    expect(await screen.findByText(CALLOUT_ADMIN_TEXTS.added)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/AddCallout')?.body).toEqual({
      title: 'Cereal week',
      description: 'Answer the cereal screener.',
      pkCoins: 25,
      screener: '/community/main/screener',
      active: true,
      // Typed on the company's clock (Chicago, CST in early March 2030), not the browser's (decision 139).
      startTimeStamp: '2030-03-01T15:00:00.000Z',
      endTimeStamp: '2030-03-08T23:30:00.000Z',
    });
  });

  test('edits from the copy it opened and says so when someone else changed it; switches off with the revision', async () => {
    api.answers['/staff/content/Callouts'] = { body: { status: 'succeed', callouts: [HOLIDAY] } };
    api.answers['/staff/content/EditCallout'] = (body) =>
      (body as { active: boolean }).active
        ? { body: { status: 'failed', message: CALLOUT_ADMIN_TEXTS.changed } }
        : { body: { status: 'succeed', message: CALLOUT_ADMIN_TEXTS.saved } };
    const user = renderPage();
    const card = within(await screen.findByRole('listitem', { name: /Holiday taste tests are open/ }));
    expect(card.getByText('(showing now)')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Edit Holiday taste tests are open' }));
    const title = card.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Holiday tests, last week');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText(CALLOUT_ADMIN_TEXTS.changed)).toBeInTheDocument();
    const { rKey: _key, ...sent } = HOLIDAY;
    expect(api.calls.find((call) => call.path === '/staff/content/EditCallout')?.body).toEqual({
      ...sent,
      title: 'Holiday tests, last week',
    });
    await user.click(card.getByRole('button', { name: 'Close and reload' }));

    await user.click(card.getByRole('button', { name: 'Switch off Holiday taste tests are open' }));
    expect(await screen.findByText(`Holiday taste tests are open: ${CALLOUT_ADMIN_TEXTS.saved}`)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/staff/content/EditCallout').at(-1)?.body).toEqual({ ...sent, active: false });
  });

  test('times are typed and read on the company’s clock whatever the browser’s zone, and said so next to the fields (decision 139)', async () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    const callout = { ...HOLIDAY, startTimeStamp: '2030-03-01T15:00:00.000Z', endTimeStamp: '2030-07-01T14:00:00.000Z' };
    api.answers['/staff/content/Callouts'] = { body: { status: 'succeed', callouts: [callout] } };
    api.answers['/staff/content/EditCallout'] = { body: { status: 'succeed', message: CALLOUT_ADMIN_TEXTS.saved } };
    const user = renderPage();
    const card = within(await screen.findByRole('listitem', { name: /Holiday taste tests are open/ }));
    expect(card.getByText(/Friday, March 1st, 2030, 9:00 AM CST to Monday, July 1st, 2030, 9:00 AM CDT/)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Edit Holiday taste tests are open' }));
    const starts = card.getByLabelText('Starts');
    expect(starts).toHaveValue('2030-03-01T09:00');
    expect(starts).toHaveAccessibleDescription(/^Times are in Chicago time \(C[SD]T, UTC−[56]\), the company’s clock\.$/);
    expect(card.getByLabelText('Ends', { exact: false })).toHaveValue('2030-07-01T09:00');
    await user.clear(starts);
    await user.type(starts, '2030-06-01T08:00');
    await user.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/staff/content/EditCallout')?.body).toMatchObject({
        startTimeStamp: '2030-06-01T13:00:00.000Z',
        endTimeStamp: '2030-07-01T14:00:00.000Z',
      }),
    );
  });

  test('has an error state with Try again', async () => {
    let fail = true;
    api.answers['/staff/content/Callouts'] = () =>
      fail ? { status: 500, body: { message: 'boom' } } : { body: { status: 'succeed', callouts: [] } };
    const user = renderPage();
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No call-outs yet. Add the first one above.')).toBeInTheDocument();
  });
});
