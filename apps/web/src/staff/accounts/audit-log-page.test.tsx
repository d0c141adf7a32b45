// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { StaffAuditEntry } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../../test/fake-api';
import { renderStaffPages } from '../../../test/staff-pages';
import { AuditLogPage } from './audit-log-page';

/**
 * The audit log page (decisions 043 and 127): entries name their targets as the server resolved
 * them ("Tester Ana Ruiz (…9e01)", "(deleted)"), show their details as fields instead of JSON, and
 * the CSV link carries the filters on screen.
 */

const api = fakeApi();

const entry = (overrides: Partial<StaffAuditEntry>): StaffAuditEntry => ({
  id: 1,
  at: '2026-11-25T18:00:00.000Z',
  staffId: 's-2',
  staffName: 'Rick Recruiter',
  action: 'tester.view',
  targetType: 'tester',
  targetId: '6f1c2b1e-8d1a-4c3e-9a55-2b7f0c1d9e01',
  targetName: 'Tester Ana Ruiz (…9e01)',
  before: null,
  after: null,
  ...overrides,
});

describe('the audit log page', () => {
  test('names each target, shows a refused sign-in by nobody known, details as fields, and exports the filtered log as CSV', async () => {
    api.answers['/staff/admin/StaffList'] = { body: { status: 'succeed', staff: [] } };
    api.answers['/staff/admin/AuditLog?action=study-results.export&page=1'] = {
      body: {
        status: 'succeed',
        page: 1,
        hasMore: false,
        actions: ['study-results.export', 'staff.sign-in-failed', 'tester.view'],
        entries: [
          entry({
            id: 3,
            action: 'study-results.export',
            targetType: 'study',
            targetId: '24101',
            targetName: 'Study 24101 Orange',
            after: { screenings: 12, bookings: 3 },
          }),
          entry({
            id: 2,
            staffId: null,
            staffName: 'Unknown (not signed in)',
            action: 'staff.sign-in-failed',
            targetType: 'staff',
            targetId: 'unknown',
            targetName: '',
            after: { username: 'someone@staff.example.test', address: '10.0.0.9', reason: 'unknown-name' },
          }),
          entry({ id: 1, targetName: '(deleted)' }),
        ],
      },
    };
    renderStaffPages('/staff/audit?action=study-results.export', { audit: <AuditLogPage /> }, ['admin']);
    const entries = within(await screen.findByTestId('audit-entries')).getAllByRole('listitem');
    expect(entries.map((item) => item.querySelector('p:nth-of-type(2)')?.textContent)).toEqual([
      'Study 24101 Orange',
      'staff unknown',
      '(deleted)',
    ]);
    expect(entries[0]).toHaveTextContent('study-results.export by Rick Recruiter');
    expect(within(entries[0]!).getByText('screenings').nextSibling).toHaveTextContent('12');
    expect(entries[1]).toHaveTextContent('staff.sign-in-failed by Unknown (not signed in)');
    expect(within(entries[1]!).getByText('username').nextSibling).toHaveTextContent('someone@staff.example.test');
    expect(screen.queryByText(/\{"/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/staff/admin/AuditLog.csv?action=study-results.export',
    );
  });

  test('says its filters and times are in UTC, and shows each entry’s time in UTC whatever the browser’s zone (decision 135)', async () => {
    api.answers['/staff/admin/StaffList'] = { body: { status: 'succeed', staff: [] } };
    api.answers['/staff/admin/AuditLog?page=1'] = {
      body: { status: 'succeed', page: 1, hasMore: false, actions: [], entries: [entry({ at: '2026-11-25T23:30:00.000Z' })] },
    };
    renderStaffPages('/staff/audit', { audit: <AuditLogPage /> }, ['admin']);
    const entries = within(await screen.findByTestId('audit-entries'));
    expect(entries.getByText('Nov 25, 2026, 11:30 PM UTC')).toHaveAttribute('datetime', '2026-11-25T23:30:00.000Z');
    const note = 'Days and times here are in UTC, as in the CSV: the log spans every site.';
    expect(screen.getByLabelText('From (UTC)')).toHaveAccessibleDescription(note);
    expect(screen.getByLabelText('To (UTC)')).toHaveAccessibleDescription(note);
  });
});
