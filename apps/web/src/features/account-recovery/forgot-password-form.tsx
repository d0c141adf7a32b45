import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ENTRY_TEXTS, message } from '@testerhub/shared/account-messages';
import { LIMITS, checkEmail } from '@testerhub/shared/account-rules';
import { TextField } from '../../components/form-field';
import { ModalDialog } from '../../components/modal-dialog';
import { postForgotPassword } from './recovery-api';
import { ErrorPopupDialog, useRecoveryForm, type ErrorPopup } from './recovery-form';

type Field = 'username' | 'emailAddress';
type Popup = { kind: 'sent' } | ErrorPopup;

/** Reset password request: username non-empty, e-mail valid, both at most 50 characters (spec 2, section 5). */
export function forgotPasswordProblems(values: Record<Field, string>): Record<Field, string | null> {
  const username = values.username.trim();
  const emailProblem = checkEmail(values.emailAddress.trim());
  return {
    username: !username
      ? 'Please enter your username.'
      : username.length > LIMITS.emailMax
        ? `Username must contain at most ${LIMITS.emailMax} characters.`
        : null,
    emailAddress: emailProblem ? message(emailProblem === 'required' ? 'emailInvalid' : emailProblem) : null,
  };
}

/** Reset password: the popups forgotPassword (then login) and forgotPasswordError. */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const { bind, pending, popup, closePopup, submitWith } = useRecoveryForm<Field, Popup>(
    { username: '', emailAddress: '' },
    forgotPasswordProblems,
  );

  const submit = submitWith((values) =>
    postForgotPassword(values.username.trim(), values.emailAddress.trim()).then((result): Popup =>
      result.status === 'succeed'
        ? { kind: 'sent' }
        : { kind: 'error', title: 'Something went wrong', message: ENTRY_TEXTS.forgotPasswordFailure },
    ),
  );

  const closeSent = useCallback(() => navigate('/community/login'), [navigate]);

  return (
    <form onSubmit={submit} noValidate aria-busy={pending}>
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={LIMITS.emailMax}
        required
        {...bind('username')}
      />
      <TextField label="E-mail address" type="email" autoComplete="email" maxLength={LIMITS.emailMax} required {...bind('emailAddress')} />
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
