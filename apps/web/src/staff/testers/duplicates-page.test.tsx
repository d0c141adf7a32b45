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
const LIST = { status: 'succeed', page: 1, hasMore: false, pairs: [{ older: OLDER, newer: NEWER, signals: ['email', 'phone'] }] };

describe('the possible duplicates page (decision 129)', () => {
  test('lists each pair with what they share and their joined dates; a review needs a reason and sends the pair and the outcome', async () => {
    api.answers['/staff/testers/Duplicates?page=1'] = { body: LIST };
    api.answers['/staff/testers/ReviewDuplicate'] = { body: { status: 'succeed', message: DUPLICATE_TEXTS.blockedNewer } };
    const user = renderStaffPages('/staff/testers/duplicates', { 'testers/duplicates': <DuplicatesPage /> }, ['recruiter']);
    const row = within(await screen.findByRole('row', { name: 'Ana Ruiz and Anna Ruiz' }));
    expect(row.getByText('Same e-mail (dots or +tag aside)')).toBeInTheDocument();
    expect(row.getByText('Same phone')).toBeInTheDocument();
    expect(row.getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Anna Ruiz' })).toHaveAttribute('href', `/staff/testers/${NEWER.testerId}`);

    await user.click(row.getByRole('button', { name: 'Block the newer account' }));
    expect(row.getByText(STAFF_TESTER_TEXTS.reasonRequired)).toBeInTheDocument();
    expect(api.paths()).not.toContain('/staff/testers/ReviewDuplicate');

    await user.type(row.getByLabelText('Reason for the review', { exact: false }), 'Same person twice');
    await user.click(row.getByRole('button', { name: 'Block the newer account' }));
    expect(await screen.findByText(DUPLICATE_TEXTS.blockedNewer)).toBeInTheDocument();
    const sent = api.calls.find((call) => call.path === '/staff/testers/ReviewDuplicate');
    expect(sent?.body).toEqual({ testerIds: [OLDER.testerId, NEWER.testerId], outcome: 'blockNewer', reason: 'Same person twice' });
  });

  test('says when there is nothing to review', async () => {
    api.answers['/staff/testers/Duplicates?page=1'] = { body: { ...LIST, pairs: [] } };
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
