import { useState, type FormEvent } from 'react';
import { ENTRY_TEXTS, message } from '@testerhub/shared/account-messages';
import { LIMITS, checkEmail, checkPhone, checkUsername, phoneDigits } from '@testerhub/shared/account-rules';
import { TextField } from '../../components/form-field';
import { NewPasswordFields, isNewPasswordValid } from '../../components/new-password-fields';
import { requestErrorMessage } from '../../lib/request-error';
import { postInitializeInformation } from './login-api';

export interface NewCredentials {
  username: string;
  password: string;
}

interface CredentialsFormProps {
  initialUsername?: string;
  initialPassword?: string;
  onSucceeded: (credentials: NewCredentials) => void;
}

type Field = 'username' | 'currentPassword' | 'email' | 'phone';

/**
 * The forced credential change (login status changePassword): the current username and
 * password, then a new e-mail address, phone and password under the rules of spec 2,
 * section 5. Submit stays disabled until every rule holds.
 */
export function CredentialsForm({ initialUsername = '', initialPassword = '', onSucceeded }: CredentialsFormProps) {
  const [values, setValues] = useState({ username: initialUsername, currentPassword: initialPassword, email: '', phone: '' });
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [left, setLeft] = useState<Partial<Record<Field, boolean>>>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // 'Sorry, this email is already in use' is removable: it goes as soon as the address changes.
  const [emailTaken, setEmailTaken] = useState(false);

  const problems: Record<Field, string | null> = {
    username: messageOf(checkUsername(values.username.trim())),
    currentPassword: values.currentPassword ? null : message('required'),
    email: emailTaken ? message('emailTaken') : messageOf(checkEmail(values.email.trim())),
    phone: messageOf(checkPhone(values.phone)),
  };
  // A message shows once the field has text or was left; the server's 'in use' at once.
  const shown = (field: Field) => (values[field] || left[field] || (field === 'email' && emailTaken) ? problems[field] : null);
  const valid = Object.values(problems).every((problem) => problem === null) && isNewPasswordValid(newPassword, confirmation);

  /** The props that tie a TextField to its value, its message and its leaving; clean filters what is typed. */
  const bind = (field: Field, clean: (value: string) => string = (value) => value) => ({
    value: values[field],
    error: shown(field),
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: clean(event.target.value) }));
      if (field === 'email') setEmailTaken(false);
    },
    onBlur: () => setLeft((current) => ({ ...current, [field]: true })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || pending) return;
    setPending(true);
    setFailure(null);
    const username = values.username.trim();
    postInitializeInformation({
      Username: username,
      CurrentPassword: values.currentPassword,
      NewPassword: newPassword,
      EmailAddress: values.email.trim(),
      PhoneNumber: values.phone,
    })
      .then(
        (result) => {
          if (result.status === 'succeed') onSucceeded({ username, password: newPassword });
          else if (result.status === 'emailTaken') setEmailTaken(true);
          else setFailure(ENTRY_TEXTS.forcedChangeFailure);
        },
        (error: unknown) => setFailure(requestErrorMessage(error)),
      )
      .finally(() => setPending(false));
  };

  return (
    <form className="credentials-form" onSubmit={submit} noValidate aria-busy={pending}>
      {failure && (
        <p className="account-panel__alert" role="alert">
          {failure}
        </p>
      )}
      <TextField label="Username" autoComplete="username" maxLength={LIMITS.usernameMax * 2} required {...bind('username')} />
      <TextField label="Current password" type="password" autoComplete="current-password" required {...bind('currentPassword')} />
      <TextField label="E-mail address" type="email" autoComplete="email" maxLength={LIMITS.emailMax} required {...bind('email')} />
      <TextField
        label="Phone number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={LIMITS.phoneDigits}
        required
        hint="10 digits including the area code, for example 3125550100."
        // Digits only (spec 2, section 5): anything else typed or pasted is dropped.
        {...bind('phone', (value) => phoneDigits(value).slice(0, LIMITS.phoneDigits))}
      />
      <NewPasswordFields
        password={newPassword}
        confirmation={confirmation}
        onPasswordChange={setNewPassword}
        onConfirmationChange={setConfirmation}
      />
      <button type="submit" className="button button--primary credentials-form__submit" disabled={!valid || pending}>
        {pending ? 'Saving…' : 'Save and continue'}
      </button>
    </form>
  );
}

function messageOf(problem: ReturnType<typeof checkUsername>): string | null {
  return problem ? message(problem) : null;
}
