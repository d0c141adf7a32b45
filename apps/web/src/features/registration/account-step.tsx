import type { IsInfoExistResponse } from '@testerhub/shared/account-schemas';
import { useState, type FormEvent, type ReactNode } from 'react';
import { message, type Language, type MessageKey } from '@testerhub/shared/account-messages';
import { apiPost } from '../../lib/api';
import { TextField } from '../../components/form-field';
import { useCheckedForm } from '../../hooks/use-checked-form';
import { focusControl } from '../../hooks/use-touched';
import { requestFailureText } from './form-helpers';
import { accountErrors, recallPasswords, rememberPasswords, type AccountField } from './registration-draft';
import { REGISTRATION_TEXTS } from './registration-texts';

const FIELDS: readonly AccountField[] = ['username', 'email', 'password', 'confirmation'];

export interface AccountValues {
  username: string;
  email: string;
}

interface AccountStepProps {
  language: Language;
  values: AccountValues;
  onValuesChange: (values: AccountValues) => void;
  /** Values the server already refused as taken (from a failed registration). */
  taken: { username?: string; email?: string };
  /** The e-mailed link's u, sent with the uniqueness check. */
  linkUser: string;
  submitLabel: string;
  /** A request of the page (register) is under way. */
  busy: boolean;
  onSubmit: (values: AccountValues, password: string) => void;
  notice?: ReactNode;
  children?: ReactNode;
}

type Taken = Record<'username' | 'email', Record<string, boolean>>;
const normalise = (value: string) => value.trim().toLowerCase();

/** Username, e-mail, password and confirmation: step 1 of registration, and the existing-user Complete form. */
export function AccountStep({
  language,
  values,
  onValuesChange,
  taken,
  linkUser,
  submitLabel,
  busy,
  onSubmit,
  notice,
  children,
}: AccountStepProps) {
  const t = REGISTRATION_TEXTS[language];
  const [passwords, setPasswords] = useState(recallPasswords);
  const [known, setKnown] = useState<Taken>({ username: {}, email: {} });
  const [checking, setChecking] = useState(0);
  const [requestProblem, setRequestProblem] = useState<string | null>(null);

  const errors: Partial<Record<AccountField, MessageKey>> = accountErrors(values, passwords);
  const isTaken = (field: 'username' | 'email') => {
    const key = normalise(values[field]);
    return known[field][key] === true || (taken[field] !== undefined && normalise(taken[field]) === key);
  };
  if (!errors.username && isTaken('username')) errors.username = 'usernameTaken';
  if (!errors.email && isTaken('email')) errors.email = 'emailTaken';

  const pending = checking > 0 || busy;
  const { formRef, touch, shown: shownOnceLeft, hasProblem, readyToSubmit } = useCheckedForm(FIELDS, errors, language);
  const blocked = pending || hasProblem;
  // A taken name is news from the server: show it even before the field was left.
  const shown = (field: AccountField) => {
    const problem = errors[field];
    return problem === 'usernameTaken' || problem === 'emailTaken' ? message(problem, language) : shownOnceLeft(field);
  };

  /** Asks the server whether a valid username or e-mail is free; null when the answer is unknown. */
  function checkTaken(field: 'username' | 'email', value: string): Promise<boolean | null> {
    const key = normalise(value);
    const cached = known[field][key];
    if (cached !== undefined) return Promise.resolve(cached);
    setChecking((count) => count + 1);
    return apiPost<IsInfoExistResponse>('/account/IsInfoExist', {
      username: field === 'username' ? value.trim() : '',
      email: field === 'email' ? value.trim() : '',
      u: linkUser,
    })
      .then((answer) => {
        const result = field === 'username' ? answer.isExists1 : answer.isExists2;
        setKnown((previous) => ({ ...previous, [field]: { ...previous[field], [key]: result } }));
        setRequestProblem(null);
        return result;
      })
      .catch((error: unknown) => {
        // Not fatal: registration itself refuses a taken name, so the visitor may go on.
        setRequestProblem(requestFailureText(error, language));
        return null;
      })
      .finally(() => setChecking((count) => count - 1));
  }

  function leave(field: AccountField) {
    touch(field);
    if (field === 'username' && !accountErrors(values, passwords).username) void checkTaken('username', values.username);
    if (field === 'email' && !accountErrors(values, passwords).email) void checkTaken('email', values.email);
  }

  function changePasswords(next: typeof passwords) {
    setPasswords(next);
    rememberPasswords(next);
  }

  async function submit(event: FormEvent) {
    if (!readyToSubmit(event, pending)) return;
    const [usernameTaken, emailTaken] = await Promise.all([checkTaken('username', values.username), checkTaken('email', values.email)]);
    if (usernameTaken) return focusControl(formRef.current, 'username');
    if (emailTaken) return focusControl(formRef.current, 'email');
    onSubmit(values, passwords.password);
  }

  return (
    <form ref={formRef} className="registration-form" noValidate onSubmit={submit} aria-busy={pending}>
      {notice}
      <TextField
        label={t.username}
        name="username"
        value={values.username}
        onChange={(event) => onValuesChange({ ...values, username: event.target.value })}
        onBlur={() => leave('username')}
        error={shown('username')}
        hint={t.usernameHint}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <TextField
        label={t.email}
        name="email"
        type="email"
        value={values.email}
        onChange={(event) => onValuesChange({ ...values, email: event.target.value })}
        onBlur={() => leave('email')}
        error={shown('email')}
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <TextField
        label={t.password}
        name="password"
        type="password"
        value={passwords.password}
        onChange={(event) => changePasswords({ ...passwords, password: event.target.value })}
        onBlur={() => leave('password')}
        error={shown('password')}
        hint={t.passwordHint}
        autoComplete="new-password"
        required
      />
      <TextField
        label={t.confirmPassword}
        name="confirmation"
        type="password"
        value={passwords.confirmation}
        onChange={(event) => changePasswords({ ...passwords, confirmation: event.target.value })}
        onBlur={() => leave('confirmation')}
        error={shown('confirmation')}
        autoComplete="new-password"
        required
      />
      {requestProblem && (
        <p className="registration-form__problem" role="alert">
          {requestProblem}
        </p>
      )}
      <div className="registration-form__actions">
        {children}
        <button type="submit" className="button button--primary registration-form__submit" aria-disabled={blocked} aria-busy={pending}>
          {pending ? (checking > 0 && !busy ? t.checking : t.working) : submitLabel}
        </button>
      </div>
    </form>
  );
}
