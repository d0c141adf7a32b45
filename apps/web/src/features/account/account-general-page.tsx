import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { COMPANY } from '@testerhub/shared/company';
import { CHILD_TEXTS } from '@testerhub/shared/children-schemas';
import { usePageTitle } from '../../hooks/use-page-title';
import { LOCATIONS, visibleTiles, type AccountTile } from './account-tiles';
import './account-general.css';

interface AccountGeneralPageProps {
  /** The children feature's selectChildAddOnly popup (handed in by app/, decision 030). */
  kidsPopup: (onClose: () => void) => ReactNode;
  /** The account settings feature's optIn popup (handed in by app/, decision 035). */
  notificationsPopup: (onClose: () => void) => ReactNode;
  /** The shell's Log out button. */
  logOutButton: ReactNode;
  /** The portal shell's login-day count of this month (decision 033). */
  loginCount: ReactNode;
  /** The leaderboard feature's leaderBoard popup (decision 039). */
  leaderboardPopup: (onClose: () => void) => ReactNode;
  /** The perks feature's skill tree (decision 038). */
  perksPopup: (onClose: () => void) => ReactNode;
  /** The tester's picture and level (the shell's), and the picture choice (decision 038). */
  profileSummary: ReactNode;
  profilePopup: (onClose: () => void) => ReactNode;
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** /community/main/account/general: the account tiles that work today (spec 3, "Account general"; decision 030). */
export function AccountGeneralPage({
  kidsPopup,
  notificationsPopup,
  logOutButton,
  loginCount,
  leaderboardPopup,
  perksPopup,
  profileSummary,
  profilePopup,
}: AccountGeneralPageProps) {
  usePageTitle('My account');
  const [open, setOpen] = useState<'kids' | 'perks' | 'profile' | 'notifications' | 'leaderboard' | null>(null);
  const close = () => setOpen(null);

  const body = (tile: AccountTile): ReactNode => {
    switch (tile.id) {
      case 'perks':
        return (
          <>
            <p>Spend coins on perks: more spins, a cheaper drawing, a bigger daily bonus.</p>
            <button type="button" className="button button--primary" onClick={() => setOpen('perks')}>
              Open perks
            </button>
          </>
        );
      case 'kids':
        return (
          <>
            <p>Register your children and see whether they are confirmed.</p>
            <p>{CHILD_TEXTS.onlineAfterFirstVisit}</p>
            <button type="button" className="button button--primary" onClick={() => setOpen('kids')}>
              {tile.label}
            </button>
          </>
        );
      case 'profile':
        return (
          <>
            {profileSummary}
            <button type="button" className="button button--outline" onClick={() => setOpen('profile')}>
              Change picture
            </button>
          </>
        );
      case 'notifications':
        return (
          <>
            <p>Choose whether we may call, text or e-mail you.</p>
            <button type="button" className="button button--primary" onClick={() => setOpen('notifications')}>
              {tile.label}
            </button>
          </>
        );
      case 'leaderboard':
        return (
          <>
            <p>See who spent, referred and screened the most this month.</p>
            <button type="button" className="button button--primary" onClick={() => setOpen('leaderboard')}>
              Open the leaderboard
            </button>
          </>
        );
      case 'faqs':
        return (
          <p>
            <Link to="/popup/faqs">Read the FAQs</Link>
          </p>
        );
      case 'support':
        return (
          <>
            <p>Tester Services, {COMPANY.supportHours}.</p>
            <p>
              <a href={telHref(COMPANY.supportPhone)}>{COMPANY.supportPhone}</a>
              <br />
              <a href={`mailto:${COMPANY.supportEmail}`}>{COMPANY.supportEmail}</a>
            </p>
          </>
        );
      case 'location':
        return (
          <ul className="account-tiles__links">
            {LOCATIONS.map((location) => (
              <li key={location.code}>
                <Link to={`/popup/maps/${location.code}`}>{location.city}</Link>
              </li>
            ))}
          </ul>
        );
      case 'privacy':
        return (
          <>
            <p>Download everything we hold about you, or delete your account.</p>
            <p>
              <Link to="/community/main/account/privacy">Download or delete my data</Link>
            </p>
          </>
        );
      case 'loginCount':
        return loginCount;
      case 'logout':
        return logOutButton;
      default:
        return null;
    }
  };

  return (
    <section className="account-general" aria-labelledby="account-general-title">
      <h1 id="account-general-title" className="account-general__title">
        My account
      </h1>
      <ul className="account-tiles">
        {visibleTiles().map((tile) => (
          <li key={tile.id} className="account-tiles__tile">
            <h2 className="account-tiles__name">{tile.label}</h2>
            {body(tile)}
          </li>
        ))}
      </ul>
      {open === 'kids' && kidsPopup(close)}
      {open === 'perks' && perksPopup(close)}
      {open === 'profile' && profilePopup(close)}
      {open === 'notifications' && notificationsPopup(close)}
      {open === 'leaderboard' && leaderboardPopup(close)}
    </section>
  );
}
