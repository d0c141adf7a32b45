import { useState } from 'react';
import { LIMITS } from '@testerhub/shared/account-rules';
import {
  ACCOUNT_SETTINGS_TEXTS,
  changePasswordFormSchema,
  passwordReminderText,
  type ChangePasswordForm,
} from '@testerhub/shared/account-settings-schemas';
import { MessagePopup, type PopupMessage } from '../../components/message-popup';
import { NEW_PASSWORD_HINT } from '../../components/new-password-fields';
import { TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { ApiRequestError } from '../../lib/api';
import { shownFailure } from '../../lib/query-status';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useChangePassword } from './api/change-password';
import { usePasswordAge } from './api/get-password-age';
import { SettingsSubmit } from './settings-submit';
import './account-settings.css';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FAILED: PopupMessage = { data: ACCOUNT_SETTINGS_TEXTS.passwordFailedTitle, message: ACCOUNT_SETTINGS_TEXTS.passwordFailedBody };

/**
 * /community/main/account/password (spec 3, sections 5 and 8; decision 035): the current password,
 * a new one by the registration's rule and its confirmation. A success ends the tester's other
 * sessions; the reminder shows while the password is older than the configured months.
 */
export function PasswordPage() {
  usePageTitle('Change password');
  const { field, handleSubmit, reset } = useSchemaForm(changePasswordFormSchema, { defaultValues: EMPTY });
  const change = useChangePassword();
  const age = usePasswordAge();
  const [popup, setPopup] = useState<PopupMessage | null>(null);

  const submit = handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (answer) => {
          if (answer.status !== 'succeed') return setPopup(FAILED);
          reset(EMPTY);
          setPopup({ data: 'Password Changed', message: ACCOUNT_SETTINGS_TEXTS.passwordChanged });
        },
        onError: (error) => {
          if (!shownFailure(error)) return;
          // Too many wrong current passwords: the server's own words (429).
          const limited = error instanceof ApiRequestError && error.status === 429;
          setPopup(limited ? { data: ACCOUNT_SETTINGS_TEXTS.passwordFailedTitle, message: error.message } : FAILED);
        },
      },
    );
  });

  return (
    <section className="account-settings" aria-labelledby="password-title">
      <h1 id="password-title" className="account-settings__title">
        Change password
      </h1>
      {age.data?.changeRecommended && (
        <p className="account-settings__reminder" role="note">
          {passwordReminderText(age.data.reminderMonths)}
        </p>
      )}
      <form className="account-settings__form" noValidate onSubmit={(event) => void submit(event)} aria-busy={change.isPending}>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          maxLength={200}
          {...field('currentPassword')}
          required
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax * 2}
          hint={NEW_PASSWORD_HINT}
          {...field('newPassword')}
          required
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax * 2}
          {...field('confirmPassword')}
          required
        />
        <SettingsSubmit busy={change.isPending} label="Change password" busyLabel="Changing…" />
      </form>
      {popup && <MessagePopup {...popup} onClose={() => setPopup(null)} />}
    </section>
  );
}
