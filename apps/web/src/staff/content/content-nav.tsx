import { NavLink } from 'react-router';

/** The content section's own pages (decisions 057, 061, 063, 066 and 070). */
export function ContentNav() {
  return (
    <nav aria-label="Content" className="staff-subnav">
      <ul>
        <li>
          <NavLink to="/staff/content/faqs">FAQs</NavLink>
        </li>
        <li>
          <NavLink to="/staff/content/terms">Terms of Use</NavLink>
        </li>
        <li>
          <NavLink to="/staff/content/winners">Winners</NavLink>
        </li>
        <li>
          <NavLink to="/staff/content/sites">Test sites</NavLink>
        </li>
        <li>
          <NavLink to="/staff/content/callouts">Call-outs</NavLink>
        </li>
        <li>
          <NavLink to="/staff/content/referral-events">Referral event texts</NavLink>
        </li>
        <li>
          <NavLink to="/staff/content/legal">Legal texts</NavLink>
        </li>
      </ul>
    </nav>
  );
}
