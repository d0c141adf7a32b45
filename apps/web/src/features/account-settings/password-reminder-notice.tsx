import { useState } from 'react';
import { useLocation } from 'react-router';
import { PASSWORD_PAGE, usePasswordReminder } from './use-password-reminder';
import './account-settings.css';

/**
 * The portal's notice that the password is older than the configured months (spec 3, section 5:
 * a change is recommended every 6 months). Not on the password page, which shows its own; closed
 * for the rest of the visit by Dismiss. The portal waits for it before it shows the page (decision
 * 138), so it is there from the first paint and never pushes the page down under a click.
 */
export function PasswordReminderNotice() {
  const { months, PasswordReminder } = usePasswordReminder();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  if (months === undefined || !PasswordReminder || dismissed || pathname.toLowerCase() === PASSWORD_PAGE.toLowerCase()) return null;
  return <PasswordReminder months={months} onDismiss={() => setDismissed(true)} />;
}
