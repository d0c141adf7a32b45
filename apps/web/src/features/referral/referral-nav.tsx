import { NavLink } from 'react-router';
import { useReferralTexts } from './referral-texts';

const PAGES = [
  { to: '/community/main/referral/event', label: 'navEvent' },
  { to: '/community/main/referral/offer', label: 'navOffer' },
  { to: '/community/main/referral/history', label: 'navHistory' },
] as const;

/** The three referral pages, one link each; the current one is marked for screen readers. */
export function ReferralNav() {
  const t = useReferralTexts();
  return (
    <nav className="referral__nav" aria-label={t('navLabel')}>
      <ul>
        {PAGES.map((page) => (
          <li key={page.to}>
            <NavLink to={page.to} className="referral__nav-link">
              {t(page.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
