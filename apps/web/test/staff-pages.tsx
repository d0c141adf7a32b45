import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import type { StaffMe, StaffRole } from '@testerhub/shared/staff-schemas';
import type { StaffOutletContext } from '../src/staff/shell/staff-shell';
import { WithPortalQuery } from './portal-query';

/**
 * Staff console pages rendered as the shell serves them: under /staff, with the staff member
 * holding `roles` in the outlet's context, at `entry`. `pages` maps each route below /staff to its page.
 */
export function renderStaffPages(entry: string, pages: Record<string, ReactElement>, roles: StaffRole[]) {
  const me: StaffMe = { status: 'succeed', id: 's-1', name: 'Rita', email: 'rita@staff.example.test', roles, siteIds: [] };
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[entry]}>
      <WithPortalQuery>
        <Routes>
          <Route path="/staff" element={<Outlet context={{ me } satisfies StaffOutletContext} />}>
            {Object.entries(pages).map(([path, page]) => (
              <Route key={path} path={path} element={page} />
            ))}
          </Route>
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return user;
}

/**
 * One section of a console page alone (the loyalty settings' drawing, avatars, perks): in a router
 * and the portal's query provider, without the page's other sections and their reads.
 */
export function renderStaffSection(section: ReactElement) {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <WithPortalQuery>{section}</WithPortalQuery>
    </MemoryRouter>,
  );
  return user;
}
