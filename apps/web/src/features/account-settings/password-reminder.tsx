import { Link } from 'react-router';
import { useAccountSettingsTexts } from './account-settings-texts';
import { PASSWORD_PAGE } from './use-password-reminder';

/** The reminder itself, loaded when one is due: its texts stay out of the portal's first load. */
export function PasswordReminder({ months, onDismiss }: { months: number; onDismiss: () => void }) {
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
