import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { COMPANY, supportHoursIn } from '@testerhub/shared/company';
import { useLanguage } from '../../hooks/use-entry-language';
import { usePageTitle } from '../../hooks/use-page-title';
import { useAccountTexts } from './account-texts';
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
  /** The account settings feature's language choice (decision 114), on the My Profile tile. */
  languageSetting?: ReactNode;
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
  languageSetting,
}: AccountGeneralPageProps) {
  const t = useAccountTexts();
  const language = useLanguage();
  usePageTitle(t('title'));
  const [open, setOpen] = useState<'kids' | 'perks' | 'profile' | 'notifications' | 'leaderboard' | null>(null);
  const close = () => setOpen(null);

  const body = (tile: AccountTile): ReactNode => {
    switch (tile.id) {
      case 'perks':
        return (
          <>
            <p>{t('perksNote')}</p>
            <button type="button" className="button button--primary" onClick={() => setOpen('perks')}>
              {t('openPerks')}
            </button>
          </>
        );
      case 'kids':
        return (
          <>
            <p>{t('kidsNote')}</p>
            <p>{t('kidsOnline')}</p>
            <button type="button" className="button button--primary" onClick={() => setOpen('kids')}>
              {t(`tile.${tile.id}`)}
            </button>
          </>
        );
      case 'profile':
        return (
          <>
            {profileSummary}
            <button type="button" className="button button--outline" onClick={() => setOpen('profile')}>
              {t('changePicture')}
            </button>
            {languageSetting}
          </>
        );
      case 'notifications':
        return (
          <>
            <p>{t('notificationsNote')}</p>
            <button type="button" className="button button--primary" onClick={() => setOpen('notifications')}>
              {t(`tile.${tile.id}`)}
            </button>
          </>
        );
      case 'leaderboard':
        return (
          <>
            <p>{t('leaderboardNote')}</p>
            <button type="button" className="button button--primary" onClick={() => setOpen('leaderboard')}>
              {t('openLeaderboard')}
            </button>
          </>
        );
      case 'faqs':
        return (
          <p>
            <Link to="/popup/faqs">{t('readFaqs')}</Link>
          </p>
        );
      case 'support':
        return (
          <>
            <p>{t('supportLine', { hours: supportHoursIn(language) })}</p>
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
            <p>{t('privacyNote')}</p>
            <p>
              <Link to="/community/main/account/privacy">{t('privacyLink')}</Link>
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
        {t('title')}
      </h1>
      <ul className="account-tiles">
        {visibleTiles().map((tile) => (
          <li key={tile.id} className="account-tiles__tile">
            <h2 className="account-tiles__name">{t(`tile.${tile.id}`)}</h2>
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
