import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '@testerhub/shared/account-rules';
import { forgotPasswordSchemaIn } from '@testerhub/shared/account-schemas';
import { TextField } from '../../components/form-field';
import { ModalDialog } from '../../components/modal-dialog';
import { useLanguage } from '../../hooks/use-entry-language';
import { useSchemaForm } from '../../lib/use-schema-form';
import { postForgotPassword } from './recovery-api';
import { ErrorPopupDialog, useRecoveryCall, type ErrorPopup } from './recovery-form';

type Popup = { kind: 'sent' } | ErrorPopup;

/** Reset password: the popups forgotPassword (then login) and forgotPasswordError. */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const language = useLanguage();
  const { pending, popup, closePopup, send, t } = useRecoveryCall<Popup>();
  const schema = useMemo(() => forgotPasswordSchemaIn(t, language), [t, language]);
  const { field, handleSubmit } = useSchemaForm(schema, { language, defaultValues: { username: '', emailAddress: '' } });

  const submit = handleSubmit(({ username, emailAddress }) =>
    send(() =>
      postForgotPassword(username, emailAddress).then((result): Popup =>
        result.status === 'succeed'
          ? { kind: 'sent' }
          : { kind: 'error', title: t('somethingWentWrong'), message: t('forgotPasswordFailure') },
      ),
    ),
  );

  const closeSent = useCallback(() => navigate('/community/login'), [navigate]);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
      <TextField
        label={t('username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={LIMITS.emailMax}
        required
        {...field('username')}
      />
      <TextField
        label={t('emailAddress')}
        type="email"
        autoComplete="email"
        maxLength={LIMITS.emailMax}
        required
        {...field('emailAddress')}
      />
      <button type="submit" className="button button--primary find-info__submit" disabled={pending}>
        {pending ? t('sending') : t('resetPasswordTab')}
      </button>
      {popup?.kind === 'sent' && (
        <ModalDialog title={t('checkYourEmail')} onClose={closeSent} closeLabel={t('goToLogIn')}>
          <p>{t('forgotPasswordSuccess')}</p>
        </ModalDialog>
      )}
      <ErrorPopupDialog popup={popup} onClose={closePopup} />
    </form>
  );
}
