import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import type { StaffMe } from '@testerhub/shared/staff-schemas';
import { requestErrorMessage } from '../../lib/request-error';
import { useStaffMe } from './api/me';
import { staffKeys } from './api/query-keys';
import { staffLogout } from './api/staff-auth';
import { holdsRole } from '@testerhub/shared/staff-schemas';
import './staff.css';

/** What the shell hands its pages: the staff member logged in. */
export type StaffOutletContext = { me: StaffMe };

/**
 * The staff console's frame (decision 043): asks who is logged in (a 401 leads to the staff
 * login through the console's query client), then shows the navigation the roles allow, the
 * name with a log-out button, and the page.
 */
export function StaffShell() {
  const me = useStaffMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  if (me.isPending)
    return (
      <p className="staff-loading" aria-busy="true">
        Loading the staff console…
      </p>
    );
  if (me.isError)
    return (
      <p className="staff-problem" role="alert">
        {requestErrorMessage(me.error)}
      </p>
    );
  const logOut = async () => {
    try {
      await staffLogout();
      queryClient.removeQueries({ queryKey: staffKeys.all });
      await navigate('/staff/login', { replace: true });
    } catch (error) {
      setProblem(requestErrorMessage(error));
    }
  };
  return (
    <div className="staff-console">
      <header className="staff-header">
        <p className="staff-brand">Staff console</p>
        <nav aria-label="Staff console">
          <ul className="staff-nav">
            <li>
              <NavLink to="/staff" end>
                Home
              </NavLink>
            </li>
            {holdsRole(me.data.roles, 'site-staff') && (
              <li>
                <NavLink to="/staff/check-in">Check-in</NavLink>
              </li>
            )}
            {holdsRole(me.data.roles, 'admin') && (
              <>
                <li>
                  <NavLink to="/staff/admin/staff">Staff accounts</NavLink>
                </li>
                <li>
                  <NavLink to="/staff/admin/audit">Audit log</NavLink>
                </li>
              </>
            )}
            {holdsRole(me.data.roles, 'rewards') && (
              <li>
                <NavLink to="/staff/rewards/orders">Orders</NavLink>
              </li>
            )}
            {holdsRole(me.data.roles, 'content') && (
              <li>
                <NavLink to="/staff/settings/loyalty">Loyalty settings</NavLink>
              </li>
            )}
          </ul>
        </nav>
        <div className="staff-who">
          <span>{me.data.name}</span>
          <button type="button" className="staff-button staff-button--quiet" onClick={() => void logOut()}>
            Log out
          </button>
        </div>
      </header>
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      <main id="content" className="staff-main">
        <Outlet context={{ me: me.data } satisfies StaffOutletContext} />
      </main>
    </div>
  );
}
