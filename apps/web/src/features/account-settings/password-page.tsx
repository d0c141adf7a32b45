import { useMemo, useState } from 'react';
import { LIMITS } from '@testerhub/shared/account-rules';
import { changePasswordFormSchemaIn, type ChangePasswordForm } from '@testerhub/shared/account-settings-schemas';
import { MessagePopup, type PopupMessage } from '../../components/message-popup';
import { TextField } from '../../components/form-field';
import { useLanguage } from '../../hooks/use-entry-language';
import { usePageTitle } from '../../hooks/use-page-title';
import { ApiRequestError } from '../../lib/api';
import { shownFailure } from '../../lib/query-status';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useAccountSettingsTexts } from './account-settings-texts';
import { useChangePassword } from './api/change-password';
import { usePasswordAge } from './api/get-password-age';
import { SettingsSubmit } from './settings-submit';
import './account-settings.css';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * /community/main/account/password (spec 3, sections 5 and 8; decision 035): the current password,
 * a new one by the registration's rule and its confirmation. A success ends the tester's other
 * sessions; the reminder shows while the password is older than the configured months.
 */
export function PasswordPage() {
  const t = useAccountSettingsTexts();
  usePageTitle(t('passwordTitle'));
  const language = useLanguage();
  const schema = useMemo(() => changePasswordFormSchemaIn(language, t('currentPasswordRequired')), [language, t]);
  const { field, handleSubmit, reset } = useSchemaForm(schema, { language, defaultValues: EMPTY });
  const change = useChangePassword();
  const age = usePasswordAge();
  const [popup, setPopup] = useState<PopupMessage | null>(null);
  const failed: PopupMessage = { data: t('passwordFailedTitle'), message: t('passwordFailedBody') };

  const submit = handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (answer) => {
          if (answer.status !== 'succeed') return setPopup(failed);
          reset(EMPTY);
          setPopup({ data: t('passwordChangedTitle'), message: t('passwordChanged') });
        },
        onError: (error) => {
          if (!shownFailure(error)) return;
          // Too many wrong current passwords: the server's own words (429).
          const limited = error instanceof ApiRequestError && error.status === 429;
          setPopup(limited ? { data: t('passwordFailedTitle'), message: error.message } : failed);
        },
      },
    );
  });

  return (
    <section className="account-settings" aria-labelledby="password-title">
      <h1 id="password-title" className="account-settings__title">
        {t('passwordTitle')}
      </h1>
      {age.data?.changeRecommended && (
        <p className="account-settings__reminder" role="note">
          {t('passwordReminder', { months: age.data.reminderMonths })}
        </p>
      )}
      <form className="account-settings__form" noValidate onSubmit={(event) => void submit(event)} aria-busy={change.isPending}>
        <TextField
          label={t('currentPassword')}
          type="password"
          autoComplete="current-password"
          maxLength={200}
          {...field('currentPassword')}
          required
        />
        <TextField
          label={t('newPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax * 2}
          hint={t('newPasswordHint', { min: LIMITS.passwordMin, max: LIMITS.passwordMax })}
          {...field('newPassword')}
          required
        />
        <TextField
          label={t('confirmPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax * 2}
          {...field('confirmPassword')}
          required
        />
        <SettingsSubmit busy={change.isPending} label={t('passwordSubmit')} busyLabel={t('changing')} />
      </form>
      {popup && <MessagePopup {...popup} onClose={() => setPopup(null)} />}
    </section>
  );
}
