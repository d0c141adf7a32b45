import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { passwordReminderText } from '@testerhub/shared/password-reminder';
import { usePasswordAge } from './api/get-password-age';
import './account-settings.css';

export const PASSWORD_PAGE = '/community/main/account/password';

/**
 * The portal's notice that the password is older than the configured months (spec 3, section 5:
 * a change is recommended every 6 months). Not on the password page, which shows its own; closed
 * for the rest of the visit by Dismiss.
 */
export function PasswordReminderNotice() {
  const age = usePasswordAge();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  if (!age.data?.changeRecommended || dismissed || pathname.toLowerCase() === PASSWORD_PAGE.toLowerCase()) return null;
  return (
    <aside className="password-reminder" aria-label="Password reminder">
      <p>{passwordReminderText(age.data.reminderMonths)}</p>
      <Link to={PASSWORD_PAGE}>Change your password</Link>
      <button type="button" className="button button--outline" onClick={() => setDismissed(true)}>
        Dismiss reminder
      </button>
    </aside>
  );
}
