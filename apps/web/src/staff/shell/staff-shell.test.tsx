// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test } from 'vitest';
import type { StaffMe, StaffRole } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { StaffShell } from './staff-shell';

const api = fakeApi();

/** The shell at `entry` for a member holding `roles`; every page below it is a plain heading. */
async function renderShell(entry: string, roles: StaffRole[]) {
  const me: StaffMe = { status: 'succeed', id: 's-1', name: 'Cora', email: 'cora@staff.example.test', roles, siteIds: ['00001'] };
  api.answers['/staff/Me'] = { body: me };
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[entry]}>
      <WithPortalQuery>
        <Routes>
          <Route path="/staff" element={<StaffShell />}>
            <Route path="*" element={<h1>A page</h1>} />
            <Route
              index
              element={
                <>
                  <h1>Home page</h1>
                  <Link to="/staff/testers">A link in the page</Link>
                </>
              }
            />
          </Route>
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
  const nav = within(await screen.findByRole('navigation', { name: 'Staff console' }));
  return { user, nav };
}

type Nav = { getAllByRole: (role: 'button' | 'link') => HTMLElement[] };

/** The group buttons in order, each with whether it is open. */
const groupsOf = (nav: Nav) => nav.getAllByRole('button').map((button) => [button.textContent, button.getAttribute('aria-expanded')]);

/** The links shown (the closed groups' are hidden), in order. */
const linksOf = (nav: Nav) => nav.getAllByRole('link').map((link) => link.textContent);

describe('the staff console’s navigation, grouped by the work (issue 29, decision 126)', () => {
  test('site staff see their own links and At the door only, open as their only group, with the calendar there', async () => {
    const { nav } = await renderShell('/staff', ['site-staff']);
    expect(groupsOf(nav)).toEqual([['At the door', 'true']]);
    expect(linksOf(nav)).toEqual(['Home', 'Dashboard', 'Check-in', 'Calendar']);
    expect(screen.getByRole('link', { name: 'Your sign-in' })).toHaveAttribute('href', '/staff/account');
  });

  test('an admin sees every group, each link once; the group holding the page is the open one', async () => {
    const { user, nav } = await renderShell('/staff/rewards/catalogue', ['admin']);
    expect(groupsOf(nav)).toEqual([
      ['Recruiting', 'false'],
      ['At the door', 'false'],
      ['Rewards', 'true'],
      ['Site content', 'false'],
      ['Administration', 'false'],
    ]);
    expect(linksOf(nav)).toEqual(['Home', 'Dashboard', 'Orders', 'Catalogue']);
    expect(nav.getByRole('link', { name: 'Catalogue' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current');

    // Every group opened: all seventeen sections, the calendar once (in Recruiting).
    for (const group of ['Recruiting', 'At the door', 'Site content', 'Administration'])
      await user.click(nav.getByRole('button', { name: group }));
    expect(linksOf(nav)).toEqual([
      'Home',
      'Dashboard',
      'Studies',
      'Sessions',
      'Calendar',
      'Invitations',
      'Testers',
      'Children',
      'Referrals',
      'Reports',
      'Check-in',
      'Orders',
      'Catalogue',
      'Content',
      'Loyalty settings',
      'Staff accounts',
      'Audit log',
    ]);

    // Following a link: the new page's group is the open one, the others close again.
    await user.click(nav.getByRole('link', { name: 'Audit log' }));
    expect(await screen.findByRole('heading', { name: 'A page' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
    expect(groupsOf(nav).filter(([, open]) => open === 'true')).toEqual([['Administration', 'true']]);
  });

  test('a page under a section marks that section: a study’s sessions mark Studies (regression guard)', async () => {
    const { nav } = await renderShell('/staff/studies/24101/sessions', ['recruiter']);
    expect(nav.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page')).toEqual([
      nav.getByRole('link', { name: 'Studies' }),
    ]);
    expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  test('the phone’s Menu button opens the groups; Escape closes them and gives the focus back; so does choosing a link', async () => {
    const { user } = await renderShell('/staff', ['recruiter']);
    const menu = screen.getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toContainElement(screen.getByRole('navigation', { name: 'Staff console' }));
    expect(panel).not.toHaveClass('staff-menu--open');

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveClass('staff-menu--open');
    await user.tab();
    expect(within(panel).getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toHaveClass('staff-menu--open');
    expect(menu).toHaveFocus();

    // By keyboard only: open, go to Studies, follow it.
    await user.keyboard('{Enter}');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    within(panel).getByRole('link', { name: 'Studies' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'A page' })).toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    expect(within(panel).getByRole('link', { name: 'Studies' })).toHaveAttribute('aria-current', 'page');
  });

  test('the phone’s menu closes when the page changes by a link outside it', async () => {
    const { user } = await renderShell('/staff', ['recruiter']);
    const menu = screen.getByRole('button', { name: 'Menu' });
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'A link in the page' }));
    expect(await screen.findByRole('heading', { name: 'A page' })).toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
