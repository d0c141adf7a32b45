// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { StaffTestSite } from '@testerhub/shared/site-content-schemas';
import { STAFF_TEXTS, type StaffListEntry } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../../test/fake-api';
import { renderStaffPages } from '../../../test/staff-pages';
import { StaffListPage } from './staff-list-page';

/**
 * The staff accounts page (decision 043): site staff's test sites are ticked by name (issue 29:
 * admins typed ids); a site that no longer exists is refused by the server at the sites field
 * (decision 069), and the refusal shows beside it, in the invitation form and in a staff member's
 * roles form.
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

const site = (siteId: string, name: string): StaffTestSite => ({
  siteId,
  name,
  city: name,
  address: '1 Main St',
  phone: '',
  fax: '',
  tollFree: '',
  timeZone: 'America/Chicago',
  airportDirections: [],
  mapCode: null,
  revision: 1,
});
const SITES = [site('00001', 'Chicago Lincoln Park'), site('00002', 'Dallas Uptown'), site('00003', 'Denver Highlands')];

function renderPage() {
  api.answers['/staff/admin/StaffList'] = { body: { status: 'succeed', staff: [SAM] } };
  api.answers['/staff/content/TestSites'] = { body: { status: 'succeed', sites: SITES } };
  return renderStaffPages('/staff/accounts', { accounts: <StaffListPage /> }, ['admin']);
}

describe('site ids that name no test site', () => {
  test('the invitation form offers the test sites by name and sends the ids of those ticked (issue 29)', async () => {
    api.answers['/staff/admin/Invite'] = { body: { status: 'succeed', message: 'Sid Site is invited.' } };
    const user = renderPage();
    const form = screen.getByRole('form', { name: 'Invite someone' });
    await user.type(within(form).getByLabelText('Name'), 'Sid Site');
    await user.type(within(form).getByLabelText('E-mail address'), 'sid@staff.example.test');
    await user.click(within(form).getByRole('checkbox', { name: 'Site staff' }));
    const sites = within(await within(form).findByRole('group', { name: 'Test sites they work at' }));
    expect(await sites.findAllByRole('checkbox')).toHaveLength(3);
    expect(within(form).queryByRole('textbox', { name: /site/i })).toBeNull();
    await user.click(sites.getByRole('checkbox', { name: 'Denver Highlands' }));
    await user.click(sites.getByRole('checkbox', { name: 'Chicago Lincoln Park' }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Sid Site is invited.');
    expect(api.calls.find((call) => call.path === '/staff/admin/Invite')?.body).toEqual({
      name: 'Sid Site',
      email: 'sid@staff.example.test',
      roles: ['site-staff'],
      siteIds: ['00001', '00003'],
    });
  });

  test('the invitation form shows the refusal at the sites and keeps what was ticked', async () => {
    api.answers['/staff/admin/Invite'] = refusal(['00003']);
    const user = renderPage();
    const form = screen.getByRole('form', { name: 'Invite someone' });
    await user.type(within(form).getByLabelText('Name'), 'Sid Site');
    await user.type(within(form).getByLabelText('E-mail address'), 'sid@staff.example.test');
    await user.click(within(form).getByRole('checkbox', { name: 'Site staff' }));
    const group = await within(form).findByRole('group', { name: 'Test sites they work at' });
    await user.click(await within(group).findByRole('checkbox', { name: 'Chicago Lincoln Park' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Denver Highlands' }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    expect(await within(form).findByText(STAFF_TEXTS.unknownSites(['00003']))).toHaveAttribute('role', 'alert');
    expect(group).toHaveAccessibleDescription(STAFF_TEXTS.unknownSites(['00003']));
    expect(within(group).getByRole('checkbox', { name: 'Chicago Lincoln Park' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Denver Highlands' })).toBeChecked();
    expect(within(form).queryByRole('status')).toBeNull();
    expect(api.calls.find((call) => call.path === '/staff/admin/Invite')?.body).toMatchObject({ siteIds: ['00001', '00003'] });
  });

  test("the invitation form checks with the call's schema before sending, and empties itself after a success", async () => {
    api.answers['/staff/admin/Invite'] = { body: { status: 'succeed', message: 'Invitation sent.' } };
    const user = renderPage();
    const form = screen.getByRole('form', { name: 'Invite someone' });
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('E-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.find((call) => call.path === '/staff/admin/Invite')).toBeUndefined();
    await user.type(within(form).getByLabelText('Name'), 'Rae Recruiter');
    await user.type(within(form).getByLabelText('E-mail address'), 'rae@staff.example.test');
    await user.click(within(form).getByRole('checkbox', { name: 'Recruiter' }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Invitation sent.');
    expect(api.calls.find((call) => call.path === '/staff/admin/Invite')?.body).toEqual({
      name: 'Rae Recruiter',
      email: 'rae@staff.example.test',
      roles: ['recruiter'],
      siteIds: [],
    });
    expect(within(form).getByLabelText('Name')).toHaveValue('');
    expect(within(form).getByRole('checkbox', { name: 'Recruiter' })).not.toBeChecked();
  });

  test("a staff member's roles form shows their sites ticked and the refusal at the sites", async () => {
    api.answers['/staff/admin/SetRoles'] = refusal(['00002']);
    const user = renderPage();
    const card = await screen.findByRole('listitem', { name: 'Sam Site' });
    await user.click(within(card).getByText('Change roles of Sam Site'));
    const group = within(card).getByRole('group', { name: 'Test sites they work at' });
    expect(await within(group).findByRole('checkbox', { name: 'Chicago Lincoln Park' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'Dallas Uptown' }));
    await user.click(within(card).getByRole('button', { name: 'Save roles' }));

    expect(await within(card).findByText(STAFF_TEXTS.unknownSites(['00002']))).toBeInTheDocument();
    expect(group).toHaveAccessibleDescription(STAFF_TEXTS.unknownSites(['00002']));
    expect(api.calls.find((call) => call.path === '/staff/admin/SetRoles')?.body).toMatchObject({ siteIds: ['00001', '00002'] });
    expect(within(card).queryByRole('status')).toBeNull();
  });
});

describe('a new set-up link for a staff member (decision 073)', () => {
  const ME: StaffListEntry = { ...SAM, id: 's-1', name: 'Rita', email: 'rita@staff.example.test', roles: ['admin'], siteIds: [] };
  const GONE: StaffListEntry = { ...SAM, id: '0b6c1f3e-1111-4a2b-8c3d-123456789abc', name: 'Gus Gone', state: 'disabled' };

  function renderList() {
    api.answers['/staff/admin/StaffList'] = { body: { status: 'succeed', staff: [ME, SAM, GONE] } };
    return renderStaffPages('/staff/accounts', { accounts: <StaffListPage /> }, ['admin']);
  }
  const resetCalls = () => api.calls.filter((call) => call.path === '/staff/admin/ResetSignIn');

  test('is offered for another active member only, and asks first in a dialog naming them; Cancel and Escape send nothing', async () => {
    const user = renderList();
    const card = await screen.findByRole('listitem', { name: 'Sam Site' });
    expect(
      within(screen.getByRole('listitem', { name: 'Rita (you)' })).queryByRole('button', { name: STAFF_TEXTS.resetAction }),
    ).toBeNull();
    expect(within(screen.getByRole('listitem', { name: 'Gus Gone' })).queryByRole('button', { name: STAFF_TEXTS.resetAction })).toBeNull();

    const open = within(card).getByRole('button', { name: STAFF_TEXTS.resetAction });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: STAFF_TEXTS.resetTitle('Sam Site') });
    expect(dialog).toHaveTextContent(STAFF_TEXTS.resetExplained('sam@staff.example.test'));
    expect(dialog).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: STAFF_TEXTS.resetCancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();

    await user.click(open);
    expect(screen.getByRole('dialog', { name: STAFF_TEXTS.resetTitle('Sam Site') })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(resetCalls()).toEqual([]);
  });

  test('sends the call for that member on confirmation, closes the dialog and shows the answer on their card', async () => {
    api.answers['/staff/admin/ResetSignIn'] = { body: { status: 'succeed', message: STAFF_TEXTS.setupLinkSent('Sam Site') } };
    const user = renderList();
    const card = await screen.findByRole('listitem', { name: 'Sam Site' });
    await user.click(within(card).getByRole('button', { name: STAFF_TEXTS.resetAction }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: STAFF_TEXTS.resetConfirm }));

    expect(await within(card).findByRole('status')).toHaveTextContent(STAFF_TEXTS.setupLinkSent('Sam Site'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(resetCalls().map((call) => call.body)).toEqual([{ staffId: SAM.id }]);
  });

  test('a refusal (the member was disabled meanwhile) shows on their card', async () => {
    api.answers['/staff/admin/ResetSignIn'] = { body: { status: 'failed', message: STAFF_TEXTS.resetDisabled } };
    const user = renderList();
    const card = await screen.findByRole('listitem', { name: 'Sam Site' });
    await user.click(within(card).getByRole('button', { name: STAFF_TEXTS.resetAction }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: STAFF_TEXTS.resetConfirm }));
    expect(await within(card).findByText(STAFF_TEXTS.resetDisabled)).toHaveClass('staff-problem');
  });
});
