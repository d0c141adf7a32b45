import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { holdsRole, type StaffMe, type StaffRole } from '@testerhub/shared/staff-schemas';
import { requestErrorMessage } from '../../lib/request-error';
import { useStaffMe } from '../api/me';
import { staffKeys } from '../api/query-keys';
import { staffLogout } from '../api/staff-auth';
import { LoadingStatus } from '../../components/loading-status';
import './staff.css';

/** A link of the console's navigation; `section` is the path it stands for when wider than its own. */
type StaffNavLink = { to: string; label: string; section?: string };

/**
 * The console's sections grouped by the work they are for (issue 29), each group for the role whose
 * work it is (an admin holds every role, decision 049). A link listed twice shows in the first group
 * the member holds: the calendar is recruiting's, and at the door for site staff who do not recruit.
 */
const STAFF_NAV: { label: string; role: StaffRole; links: StaffNavLink[] }[] = [
  {
    label: 'Recruiting',
    role: 'recruiter',
    links: [
      { to: '/staff/studies', label: 'Studies' },
      { to: '/staff/sessions', label: 'Sessions' },
      { to: '/staff/calendar', label: 'Calendar' },
      { to: '/staff/invitations', label: 'Invitations' },
      { to: '/staff/testers', label: 'Testers' },
      { to: '/staff/children', label: 'Children' },
      { to: '/staff/referrals', label: 'Referrals' },
      { to: '/staff/reports/payments', label: 'Reports', section: '/staff/reports' },
    ],
  },
  {
    label: 'At the door',
    role: 'site-staff',
    links: [
      { to: '/staff/check-in', label: 'Check-in' },
      { to: '/staff/calendar', label: 'Calendar' },
    ],
  },
  {
    label: 'Rewards',
    role: 'rewards',
    links: [
      { to: '/staff/rewards/orders', label: 'Orders' },
      { to: '/staff/rewards/catalogue', label: 'Catalogue' },
    ],
  },
  {
    label: 'Site content',
    role: 'content',
    links: [
      { to: '/staff/content', label: 'Content' },
      { to: '/staff/settings/loyalty', label: 'Loyalty settings' },
    ],
  },
  {
    label: 'Administration',
    role: 'admin',
    links: [
      { to: '/staff/admin/staff', label: 'Staff accounts' },
      { to: '/staff/admin/audit', label: 'Audit log' },
    ],
  },
];

/** The groups a member's roles open, each link in the first of them that lists it. */
function navGroupsFor(roles: readonly StaffRole[]) {
  const shown = new Set<string>();
  return STAFF_NAV.filter((group) => holdsRole(roles, group.role))
    .map((group) => ({ ...group, links: group.links.filter((link) => !shown.has(link.to) && shown.add(link.to)) }))
    .filter((group) => group.links.length > 0);
}

/** Whether the page at `pathname` is the link's section: the path itself or a page under it. */
const isCurrent = (pathname: string, { to, section = to }: StaffNavLink) =>
  pathname === section || (to !== '/staff' && pathname.startsWith(`${section}/`));

/** What the shell hands its pages: the staff member logged in. */
export type StaffOutletContext = { me: StaffMe };

/**
 * The staff console's frame (decision 043): asks who is logged in (a 401 leads to the staff
 * login through the console's query client), then shows the navigation the roles allow, the
 * name with a log-out button, and the page. The navigation is a side column; on a phone it sits
 * behind a Menu button (decision 126).
 */
export function StaffShell() {
  const me = useStaffMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  // The phone's menu is open on the page it was opened on: any move to another page closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  // The groups the member opened or closed on this page; a new page starts again from its own group.
  const [toggled, setToggled] = useState({ on: pathname, groups: [] as string[] });
  const menuButton = useRef<HTMLButtonElement>(null);
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
  const closeMenu = () => {
    if (!menuOpen) return;
    setMenuOpenOn(null);
    menuButton.current?.focus();
  };
  const navLink = (link: StaffNavLink) => (
    <Link to={link.to} aria-current={isCurrent(pathname, link) ? 'page' : undefined} onClick={closeMenu}>
      {link.label}
    </Link>
  );
  const groups = navGroupsFor(me.data.roles);
  const togglesHere = toggled.on === pathname ? toggled.groups : [];
  // Open by default: the group holding the page, or a member's only group.
  const isOpen = (group: (typeof groups)[number]) =>
    (groups.length === 1 || group.links.some((link) => isCurrent(pathname, link))) !== togglesHere.includes(group.label);
  const toggle = (label: string) =>
    setToggled({
      on: pathname,
      groups: togglesHere.includes(label) ? togglesHere.filter((other) => other !== label) : [...togglesHere, label],
    });
  return (
    <div className="staff-console">
      {/* Escape closes the phone's menu from anywhere in it, the button included. */}
      <header className="staff-header" onKeyDown={(event) => event.key === 'Escape' && closeMenu()}>
        <p className="staff-brand">Staff console</p>
        <button
          ref={menuButton}
          type="button"
          className="staff-button staff-button--quiet staff-menu-button"
          aria-expanded={menuOpen}
          aria-controls="staff-menu"
          onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
        >
          Menu
        </button>
        <div id="staff-menu" className={menuOpen ? 'staff-menu staff-menu--open' : 'staff-menu'}>
          <nav aria-label="Staff console">
            <ul className="staff-nav">
              <li>{navLink({ to: '/staff', label: 'Home' })}</li>
              <li>{navLink({ to: '/staff/dashboard', label: 'Dashboard' })}</li>
              {groups.map((group) => (
                <li key={group.label}>
                  <button
                    type="button"
                    className="staff-nav-group"
                    aria-expanded={isOpen(group)}
                    aria-controls={`staff-nav-${group.role}`}
                    onClick={() => toggle(group.label)}
                  >
                    {group.label}
                  </button>
                  <ul id={`staff-nav-${group.role}`} hidden={!isOpen(group)}>
                    {group.links.map((link) => (
                      <li key={link.to}>{navLink(link)}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </nav>
          <div className="staff-who">
            <span>{me.data.name}</span>
            {navLink({ to: '/staff/account', label: 'Your sign-in' })}
            <button type="button" className="staff-button staff-button--quiet" onClick={() => void logOut()}>
              Log out
            </button>
          </div>
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
