import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { holdsRole, type StaffMe, type StaffRole } from '@testerhub/shared/staff-schemas';
import { requestErrorMessage } from '../../lib/request-error';
import { useStaffMe } from '../api/me';
import { staffKeys } from '../api/query-keys';
import { staffLogout } from '../api/staff-auth';
import { LoadingStatus } from '../../components/loading-status';
import './staff.css';

/** The console's sections, each for the role whose work it is (an admin holds every role, decision 049), grouped by role. */
const STAFF_NAV: { to: string; label: string; role?: StaffRole | readonly StaffRole[] }[] = [
  { to: '/staff', label: 'Home' },
  { to: '/staff/dashboard', label: 'Dashboard' },
  { to: '/staff/studies', label: 'Studies', role: 'recruiter' },
  { to: '/staff/sessions', label: 'Sessions', role: 'recruiter' },
  { to: '/staff/invitations', label: 'Invitations', role: 'recruiter' },
  { to: '/staff/testers', label: 'Testers', role: 'recruiter' },
  { to: '/staff/children', label: 'Children', role: 'recruiter' },
  { to: '/staff/referrals', label: 'Referrals', role: 'recruiter' },
  { to: '/staff/calendar', label: 'Calendar', role: ['recruiter', 'site-staff'] },
  { to: '/staff/reports/payments', label: 'Reports', role: 'recruiter' },
  { to: '/staff/check-in', label: 'Check-in', role: 'site-staff' },
  { to: '/staff/rewards/orders', label: 'Orders', role: 'rewards' },
  { to: '/staff/rewards/catalogue', label: 'Catalogue', role: 'rewards' },
  { to: '/staff/content', label: 'Content', role: 'content' },
  { to: '/staff/settings/loyalty', label: 'Loyalty settings', role: 'content' },
  { to: '/staff/admin/staff', label: 'Staff accounts', role: 'admin' },
  { to: '/staff/admin/audit', label: 'Audit log', role: 'admin' },
];

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
            {STAFF_NAV.filter((item) => !item.role || [item.role].flat().some((role) => holdsRole(me.data.roles, role))).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/staff'}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="staff-who">
          <span>{me.data.name}</span>
          <NavLink to="/staff/account">Your sign-in</NavLink>
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
        {/* A section's chunk loads inside the frame: the navigation stays while it arrives. */}
        <Suspense fallback={<LoadingStatus className="staff-loading" />}>
          <Outlet context={{ me: me.data } satisfies StaffOutletContext} />
        </Suspense>
      </main>
    </div>
  );
}
