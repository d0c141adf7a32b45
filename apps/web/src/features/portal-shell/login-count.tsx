import { useTesterInfo } from './api/get-tester-info';
import { usePortalPagesTexts } from './portal-pages-texts';

/** The Login Count tile's figure (spec 3, "Account general"): the days this month the tester came, from GetPKTesterInfo. */
export function LoginCount() {
  const info = useTesterInfo();
  const t = usePortalPagesTexts();
  if (info.data) {
    const days = info.data.loginDaysThisMonth;
    return (
      <p data-testid="login-count">
        <strong className="login-count__days">{days}</strong> {t(days === 1 ? 'loginDaysOne' : 'loginDaysMany')}
      </p>
    );
  }
  if (info.isError) return <p role="alert">{t('loginCountFailed')}</p>;
  return <p role="status">{t('loading')}</p>;
}
