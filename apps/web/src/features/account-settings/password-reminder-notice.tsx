import { Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { usePasswordAge } from './api/get-password-age';
import './account-settings.css';

export const PASSWORD_PAGE = '/community/main/account/password';

// On every portal page but due now and then: it loads with its texts when due (the first load's ceiling).
const PasswordReminder = lazyPage(() => import('./password-reminder'), 'PasswordReminder');

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
  // Its own boundary: loading the reminder (and a Spanish reader's texts) never blanks the page.
  return (
    <Suspense fallback={null}>
      <PasswordReminder months={age.data.reminderMonths} onDismiss={() => setDismissed(true)} />
    </Suspense>
  );
}
