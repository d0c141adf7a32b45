import { useTesterInfo } from './api/get-tester-info';

/** The My Profile tile's summary (spec 3, "Account general"): the tester's picture, name and level. */
export function ProfileSummary() {
  const info = useTesterInfo();
  if (info.isError) return <p role="alert">Your profile could not be loaded.</p>;
  if (!info.data) return <p role="status">Loading…</p>;
  return (
    <p className="profile-summary" data-testid="profile-summary">
      <img src={info.data.imageSrc} alt="" width={40} height={40} className="level-progress__avatar" /> {info.data.username}, level{' '}
      {info.data.level}
    </p>
  );
}
