import { NavLink } from 'react-router';

const PAGES = [
  { to: '/community/main/referral/event', label: 'This month' },
  { to: '/community/main/referral/offer', label: 'Refer a friend' },
  { to: '/community/main/referral/history', label: 'My referrals' },
] as const;

/** The three referral pages, one link each; the current one is marked for screen readers. */
export function ReferralNav() {
  return (
    <nav className="referral__nav" aria-label="Referral pages">
      <ul>
        {PAGES.map((page) => (
          <li key={page.to}>
            <NavLink to={page.to} className="referral__nav-link">
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
