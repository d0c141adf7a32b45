import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import { LIMITS } from '@testerhub/shared/account-rules';
import { forgotPasswordSchema } from '@testerhub/shared/account-schemas';
import { TextField } from '../../components/form-field';
import { ModalDialog } from '../../components/modal-dialog';
import { useSchemaForm } from '../../lib/use-schema-form';
import { postForgotPassword } from './recovery-api';
import { ErrorPopupDialog, useRecoveryCall, type ErrorPopup } from './recovery-form';

type Popup = { kind: 'sent' } | ErrorPopup;

/** Reset password: the popups forgotPassword (then login) and forgotPasswordError. */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const { field, handleSubmit } = useSchemaForm(forgotPasswordSchema, { defaultValues: { username: '', emailAddress: '' } });
  const { pending, popup, closePopup, send } = useRecoveryCall<Popup>();

  const submit = handleSubmit(({ username, emailAddress }) =>
    send(() =>
      postForgotPassword(username, emailAddress).then((result): Popup =>
        result.status === 'succeed'
          ? { kind: 'sent' }
          : { kind: 'error', title: 'Something went wrong', message: ENTRY_TEXTS.forgotPasswordFailure },
      ),
    ),
  );

  const closeSent = useCallback(() => navigate('/community/login'), [navigate]);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={LIMITS.emailMax}
        required
        {...field('username')}
      />
      <TextField label="E-mail address" type="email" autoComplete="email" maxLength={LIMITS.emailMax} required {...field('emailAddress')} />
      <button type="submit" className="button button--primary find-info__submit" disabled={pending}>
        {pending ? 'Sending…' : 'Reset password'}
      </button>
      {popup?.kind === 'sent' && (
        <ModalDialog title="Check your e-mail" onClose={closeSent} closeLabel="Go to log in">
          <p>{ENTRY_TEXTS.forgotPasswordSuccess}</p>
        </ModalDialog>
      )}
      <ErrorPopupDialog popup={popup} onClose={closePopup} />
    </form>
  );
}
