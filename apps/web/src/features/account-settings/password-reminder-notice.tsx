import { Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAccountSettingsTexts } from './account-settings-texts';
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
  // Its own boundary: on every portal page, so a Spanish reader's texts loading must not blank the page.
  return (
    <Suspense fallback={null}>
      <PasswordReminder months={age.data.reminderMonths} onDismiss={() => setDismissed(true)} />
    </Suspense>
  );
}

function PasswordReminder({ months, onDismiss }: { months: number; onDismiss: () => void }) {
  const t = useAccountSettingsTexts();
  return (
    <aside className="password-reminder" aria-label={t('reminderLabel')}>
      <p>{t('passwordReminder', { months })}</p>
      <Link to={PASSWORD_PAGE}>{t('reminderLink')}</Link>
      <button type="button" className="button button--outline" onClick={onDismiss}>
        {t('reminderDismiss')}
      </button>
    </aside>
  );
}
