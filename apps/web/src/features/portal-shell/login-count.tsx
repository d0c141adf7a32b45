import { useTesterInfo } from './api/get-tester-info';

/** The Login Count tile's figure (spec 3, "Account general"): the days this month the tester came, from GetPKTesterInfo. */
export function LoginCount() {
  const info = useTesterInfo();
  if (info.data) {
    const days = info.data.loginDaysThisMonth;
    return (
      <p data-testid="login-count">
        <strong className="login-count__days">{days}</strong> {days === 1 ? 'day' : 'days'} this month
      </p>
    );
  }
  if (info.isError) return <p role="alert">Your login count could not be loaded.</p>;
  return <p role="status">Loading…</p>;
}
