import { NavLink } from 'react-router';

/** The content section's own pages (decision 057). */
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
      </ul>
    </nav>
  );
}
