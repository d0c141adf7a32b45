import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ENTRY_TEXTS, message } from '@testerhub/shared/account-messages';
import { LIMITS, checkEmail } from '@testerhub/shared/account-rules';
import { TextField } from '../../components/form-field';
import { ModalDialog } from '../../components/modal-dialog';
import { requestErrorMessage, requestErrorTitle } from '../../lib/request-error';
import { postForgotPassword } from './recovery-api';

type Field = 'username' | 'emailAddress';
type Popup = { kind: 'sent' } | { kind: 'error'; title: string; message: string };

/** Reset password request: username non-empty, e-mail valid, both at most 50 characters (spec 2, section 5). */
export function forgotPasswordProblems(values: Record<Field, string>): Record<Field, string | null> {
  const username = values.username.trim();
  const emailProblem = checkEmail(values.emailAddress.trim());
  return {
    username: !username ? 'Please enter your username.' : username.length > LIMITS.emailMax ? `Username must contain at most ${LIMITS.emailMax} characters.` : null,
    emailAddress: emailProblem ? message(emailProblem === 'required' ? 'emailInvalid' : emailProblem) : null,
  };
}

/** Reset password: the popups forgotPassword (then login) and forgotPasswordError. */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', emailAddress: '' });
  const [left, setLeft] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [popup, setPopup] = useState<Popup | null>(null);
  const problems = forgotPasswordProblems(values);
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: submitted || left[field] ? problems[field] : null,
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
    onBlur: () => setLeft((current) => ({ ...current, [field]: true })),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const firstInvalid = (Object.keys(problems) as Field[]).find((field) => problems[field]);
    if (firstInvalid) return event.currentTarget.querySelector<HTMLInputElement>(`input[name="${firstInvalid}"]`)?.focus();
    setPending(true);
    postForgotPassword(values.username.trim(), values.emailAddress.trim())
      .then(
        (result) => setPopup(result.status === 'succeed' ? { kind: 'sent' } : { kind: 'error', title: 'Something went wrong', message: ENTRY_TEXTS.forgotPasswordFailure }),
        (error: unknown) => setPopup({ kind: 'error', title: requestErrorTitle(error), message: requestErrorMessage(error) }),
      )
      .finally(() => setPending(false));
  };

  const closeError = useCallback(() => setPopup(null), []);
  const closeSent = useCallback(() => navigate('/community/login'), [navigate]);

  return (
    <form onSubmit={submit} noValidate aria-busy={pending}>
      <TextField label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} maxLength={LIMITS.emailMax} required {...bind('username')} />
      <TextField label="E-mail address" type="email" autoComplete="email" maxLength={LIMITS.emailMax} required {...bind('emailAddress')} />
      <button type="submit" className="button button--primary find-info__submit" disabled={pending}>
        {pending ? 'Sending…' : 'Reset password'}
      </button>
      {popup?.kind === 'sent' && (
        <ModalDialog title="Check your e-mail" onClose={closeSent} closeLabel="Go to log in">
          <p>{ENTRY_TEXTS.forgotPasswordSuccess}</p>
        </ModalDialog>
      )}
      {popup?.kind === 'error' && (
        <ModalDialog title={popup.title} tone="error" onClose={closeError}>
          <p>{popup.message}</p>
        </ModalDialog>
      )}
    </form>
  );
}
