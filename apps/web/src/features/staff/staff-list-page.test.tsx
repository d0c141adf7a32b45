// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { STAFF_TEXTS, type StaffListEntry } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../../test/fake-api';
import { renderStaffPages } from '../../../test/staff-pages';
import { StaffListPage } from './staff-list-page';

/**
 * The staff accounts page (decision 043): a site id that names no test site is refused by the
 * server at the site ids field (decision 069), and the refusal shows beside that field, in the
 * invitation form and in a staff member's roles form.
 */

const api = fakeApi();

const SAM: StaffListEntry = {
  id: '6f1c2b1e-8d1a-4c3e-9a55-2b7f0c1d9e01',
  name: 'Sam Site',
  email: 'sam@staff.example.test',
  roles: ['site-staff'],
  siteIds: ['00001'],
  state: 'active',
  createdAt: '2026-11-20T15:00:00.000Z',
};
const refusal = (siteIds: string[]) => ({ body: { status: 'failed', message: STAFF_TEXTS.unknownSites(siteIds), field: 'siteIds' } });

function renderPage() {
  api.answers['/staff/admin/StaffList'] = { body: { status: 'succeed', staff: [SAM] } };
  return renderStaffPages('/staff/accounts', { accounts: <StaffListPage /> }, ['admin']);
}

describe('site ids that name no test site', () => {
  test('the invitation form shows the refusal at the site ids field and keeps what was typed', async () => {
    api.answers['/staff/admin/Invite'] = refusal(['99999']);
    const user = renderPage();
    const form = screen.getByRole('form', { name: 'Invite someone' });
    await user.type(within(form).getByLabelText('Name'), 'Sid Site');
    await user.type(within(form).getByLabelText('E-mail address'), 'sid@staff.example.test');
    await user.click(within(form).getByRole('checkbox', { name: 'Site staff' }));
    await user.type(within(form).getByLabelText('Site ids (comma-separated)'), '00001, 99999');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    const field = within(form).getByLabelText('Site ids (comma-separated)');
    expect(await within(form).findByText(STAFF_TEXTS.unknownSites(['99999']))).toHaveAttribute('role', 'alert');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(STAFF_TEXTS.unknownSites(['99999']));
    expect(field).toHaveValue('00001, 99999');
    expect(within(form).queryByRole('status')).toBeNull();
    expect(api.calls.find((call) => call.path === '/staff/admin/Invite')?.body).toMatchObject({ siteIds: ['00001', '99999'] });
  });

  test("a staff member's roles form shows the refusal at their site ids field", async () => {
    api.answers['/staff/admin/SetRoles'] = refusal(['77777']);
    const user = renderPage();
    const card = await screen.findByRole('listitem', { name: 'Sam Site' });
    await user.click(within(card).getByText('Change roles of Sam Site'));
    const field = within(card).getByLabelText('Site ids (comma-separated)');
    await user.clear(field);
    await user.type(field, '00001 77777');
    await user.click(within(card).getByRole('button', { name: 'Save roles' }));

    expect(await within(card).findByText(STAFF_TEXTS.unknownSites(['77777']))).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(STAFF_TEXTS.unknownSites(['77777']));
    expect(within(card).queryByRole('status')).toBeNull();
  });
});
