import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import { EMAIL_PATTERN, LIMITS } from '@testerhub/shared/account-rules';
import { TextField } from '../../components/form-field';
import { ModalDialog } from '../../components/modal-dialog';
import { requestErrorMessage, requestErrorTitle } from '../../lib/request-error';
import { statusTitle } from '../../lib/status-title';
import { postFindUsername } from './recovery-api';

type Field = 'firstname' | 'lastname' | 'emailAddress';
type Popup = { kind: 'found'; userName: string } | { kind: 'error'; title: string; message: string };

/** The find-username message has no full stop (spec 2, section 5), unlike registration's. */
export const FIND_USERNAME_EMAIL_MESSAGE = 'Please enter a valid email address';

export function findUsernameProblems(values: Record<Field, string>): Record<Field, string | null> {
  const email = values.emailAddress.trim();
  return {
    firstname: values.firstname.trim() ? null : 'Please enter your first name.',
    lastname: values.lastname.trim() ? null : 'Please enter your last name.',
    emailAddress: EMAIL_PATTERN.test(email) && email.length <= LIMITS.emailMax ? null : FIND_USERNAME_EMAIL_MESSAGE,
  };
}

/** Find username: first and last name and e-mail; the popups findUsername and findUsernameError. */
export function FindUsernameForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ firstname: '', lastname: '', emailAddress: '' });
  const [left, setLeft] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [popup, setPopup] = useState<Popup | null>(null);
  const problems = findUsernameProblems(values);
  const shown = (field: Field) => (submitted || left[field] ? problems[field] : null);
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: shown(field),
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
    onBlur: () => setLeft((current) => ({ ...current, [field]: true })),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const firstInvalid = (Object.keys(problems) as Field[]).find((field) => problems[field]);
    if (firstInvalid) return event.currentTarget.querySelector<HTMLInputElement>(`input[name="${firstInvalid}"]`)?.focus();
    setPending(true);
    postFindUsername(values.firstname.trim(), values.lastname.trim(), values.emailAddress.trim())
      .then(
        (result) =>
          setPopup(
            result.status === 'succeed' && result.userName
              ? { kind: 'found', userName: result.userName }
              : { kind: 'error', title: statusTitle(result.status), message: ENTRY_TEXTS.findUsernameFailure },
          ),
        (error: unknown) => setPopup({ kind: 'error', title: requestErrorTitle(error), message: requestErrorMessage(error) }),
      )
      .finally(() => setPending(false));
  };

  const closePopup = useCallback(() => setPopup(null), []);

  return (
    <form onSubmit={submit} noValidate aria-busy={pending}>
      <TextField label="First name" autoComplete="given-name" maxLength={LIMITS.profileNameMax} required {...bind('firstname')} />
      <TextField label="Last name" autoComplete="family-name" maxLength={LIMITS.profileNameMax} required {...bind('lastname')} />
      <TextField label="E-mail address" type="email" autoComplete="email" maxLength={LIMITS.emailMax} required {...bind('emailAddress')} />
      <button type="submit" className="button button--primary find-info__submit" disabled={pending}>
        {pending ? 'Searching…' : 'Find username'}
      </button>
      {popup?.kind === 'found' && (
        <ModalDialog
          title="Your username"
          onClose={closePopup}
          actions={
            <button type="button" className="button button--outline" onClick={() => navigate('/community/login', { state: { username: popup.userName } })}>
              Log in
            </button>
          }
        >
          <p>
            Your username is <span className="find-info__name">{popup.userName}</span>
          </p>
          <p>We have also sent it to your e-mail address.</p>
        </ModalDialog>
      )}
      {popup?.kind === 'error' && (
        <ModalDialog title={popup.title} tone="error" onClose={closePopup}>
          <p>{popup.message}</p>
        </ModalDialog>
      )}
    </form>
  );
}
