// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { DUPLICATE_TEXTS, STAFF_TESTER_TEXTS, type DuplicateAccount } from '@testerhub/shared/staff-testers-schemas';
import { fakeApi } from '../../../test/fake-api';
import { renderStaffPages } from '../../../test/staff-pages';
import { DuplicatesPage, PossibleDuplicates } from './duplicates-page';

const api = fakeApi();
const OLDER: DuplicateAccount = {
  testerId: '5b0c1f52-8a54-4c1e-9d3e-2f4b8a6c7d10',
  username: 'anaruiz',
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'ana.ruiz@gmail.com',
  phone: '3125550100',
  blackList: false,
  createdAt: '2026-01-02T10:00:00.000Z',
};
const NEWER: DuplicateAccount = {
  ...OLDER,
  testerId: '6c1d2a63-9b65-4d2f-8e4f-3a5c9b7d8e21',
  username: 'anaruiz2',
  firstName: 'Anna',
  email: 'anaruiz+2@gmail.com',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const LIST = {
  status: 'succeed',
  page: 1,
  hasMore: false,
  total: 1,
  pageSize: 25,
  pairs: [{ older: OLDER, newer: NEWER, signals: ['email', 'phone'] }],
};
const PREVIEW = `/staff/testers/MergePreview?testerId=${OLDER.testerId}&otherTesterId=${NEWER.testerId}`;
const PLAN = {
  status: 'succeed',
  message: '',
  olderTesterId: OLDER.testerId,
  newerTesterId: NEWER.testerId,
  coins: 250,
  children: 1,
  notes: 2,
  referrals: 0,
  blockers: [],
};

describe('the possible duplicates page (decision 129)', () => {
  test('lists each pair in a table with what they share and their joined dates; a review is confirmed in a dialog that needs a reason', async () => {
    api.answers['/staff/testers/Duplicates?page=1'] = { body: LIST };
    api.answers['/staff/testers/ReviewDuplicate'] = { body: { status: 'succeed', message: DUPLICATE_TEXTS.blockedNewer } };
    const user = renderStaffPages('/staff/testers/duplicates', { 'testers/duplicates': <DuplicatesPage /> }, ['recruiter']);
    expect(await screen.findByRole('table', { name: 'Possible duplicate accounts' })).toBeInTheDocument();
    const row = within(await screen.findByRole('row', { name: 'Ana Ruiz and Anna Ruiz' }));
    expect(row.getByText('Same e-mail (dots or +tag aside)')).toBeInTheDocument();
    expect(row.getByText('Same phone')).toBeInTheDocument();
    expect(row.getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Anna Ruiz' })).toHaveAttribute('href', `/staff/testers/${NEWER.testerId}`);
    expect(screen.getByText('Showing 1-1 of 1')).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: /^Block the newer/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Block Anna Ruiz, the newer account?' }));
    await user.click(dialog.getByRole('button', { name: 'Block the newer account' }));
    expect(dialog.getByText(STAFF_TESTER_TEXTS.reasonRequired)).toBeInTheDocument();
    expect(api.paths()).not.toContain('/staff/testers/ReviewDuplicate');

    await user.type(dialog.getByLabelText('Reason for the review', { exact: false }), 'Same person twice');
    await user.click(dialog.getByRole('button', { name: 'Block the newer account' }));
    expect(await screen.findByText(DUPLICATE_TEXTS.blockedNewer)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const sent = api.calls.find((call) => call.path === '/staff/testers/ReviewDuplicate');
    expect(sent?.body).toEqual({ testerIds: [OLDER.testerId, NEWER.testerId], outcome: 'blockNewer', reason: 'Same person twice' });
  });

  test('a merge says what it will move before it is confirmed, and sends mergeNewer', async () => {
    api.answers['/staff/testers/Duplicates?page=1'] = { body: LIST };
    api.answers[PREVIEW] = { body: PLAN };
    api.answers['/staff/testers/ReviewDuplicate'] = { body: { status: 'succeed', message: DUPLICATE_TEXTS.merged } };
    const user = renderStaffPages('/staff/testers/duplicates', { 'testers/duplicates': <DuplicatesPage /> }, ['recruiter']);
    const row = within(await screen.findByRole('row', { name: 'Ana Ruiz and Anna Ruiz' }));
    await user.click(row.getByRole('button', { name: /^Merge into the older/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Merge Anna Ruiz into Ana Ruiz?' }));
    const summary = within(await dialog.findByTestId('merge-summary'));
    expect(summary.getByText(/^250 coins/)).toBeInTheDocument();
    expect(summary.getByText(/^1 child/)).toBeInTheDocument();
    expect(summary.getByText('2 staff notes')).toBeInTheDocument();
    expect(summary.getByText('0 referrals made')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Reason for the review', { exact: false }), 'One person');
    await user.click(dialog.getByRole('button', { name: 'Merge into the older account' }));
    expect(await screen.findByText(DUPLICATE_TEXTS.merged)).toBeInTheDocument();
    const sent = api.calls.find((call) => call.path === '/staff/testers/ReviewDuplicate');
    expect(sent?.body).toEqual({ testerIds: [OLDER.testerId, NEWER.testerId], outcome: 'mergeNewer', reason: 'One person' });
  });

  test('a merge the newer account’s bookings stop says why and cannot be confirmed', async () => {
    const blocker = DUPLICATE_TEXTS.bookingsBlock(['Snack test (study 24001)']);
    api.answers['/staff/testers/Duplicates?page=1'] = { body: LIST };
    api.answers[PREVIEW] = { body: { ...PLAN, blockers: [blocker] } };
    const user = renderStaffPages('/staff/testers/duplicates', { 'testers/duplicates': <DuplicatesPage /> }, ['recruiter']);
    const row = within(await screen.findByRole('row', { name: 'Ana Ruiz and Anna Ruiz' }));
    await user.click(row.getByRole('button', { name: /^Merge into the older/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Merge Anna Ruiz into Ana Ruiz?' }));
    expect(await dialog.findByText(blocker)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Merge into the older account' })).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.paths()).not.toContain('/staff/testers/ReviewDuplicate');
  });

  test('says when there is nothing to review', async () => {
    api.answers['/staff/testers/Duplicates?page=1'] = { body: { ...LIST, total: 0, pairs: [] } };
    renderStaffPages('/staff/testers/duplicates', { 'testers/duplicates': <DuplicatesPage /> }, ['recruiter']);
    expect(await screen.findByText('No possible duplicates to review.')).toBeInTheDocument();
  });

  test('is refused without the recruiter role, asking the server nothing', async () => {
    renderStaffPages('/staff/testers/duplicates', { 'testers/duplicates': <DuplicatesPage /> }, ['rewards']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only staff with the recruiter role can open this page.');
    expect(api.calls).toEqual([]);
  });

  test('on a tester’s page, names the other account and why', async () => {
    api.answers[`/staff/testers/Duplicates?page=1&testerId=${NEWER.testerId}`] = { body: LIST };
    renderStaffPages(`/staff/testers/${NEWER.testerId}`, { 'testers/:testerId': <PossibleDuplicates testerId={NEWER.testerId} /> }, [
      'recruiter',
    ]);
    const list = within(await screen.findByTestId('tester-duplicates'));
    expect(list.getByRole('link', { name: 'Ana Ruiz' })).toHaveAttribute('href', `/staff/testers/${OLDER.testerId}`);
    expect(list.getByText(/Same e-mail \(dots or \+tag aside\); Same phone/)).toBeInTheDocument();
  });
});
