import { useTesterInfo } from './api/get-tester-info';
import { usePortalPagesTexts } from './portal-pages-texts';

/** The My Profile tile's summary (spec 3, "Account general"): the tester's picture, name and level. */
export function ProfileSummary() {
  const info = useTesterInfo();
  const t = usePortalPagesTexts();
  if (info.isError) return <p role="alert">{t('profileFailed')}</p>;
  if (!info.data) return <p role="status">{t('loading')}</p>;
  return (
    <p className="profile-summary" data-testid="profile-summary">
      <img src={info.data.imageSrc} alt="" width={40} height={40} className="level-progress__avatar" />{' '}
      {t('profileLine', { username: info.data.username, level: info.data.level })}
    </p>
  );
}
