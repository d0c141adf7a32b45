import { registrationAccountFormSchema, type IsInfoExistResponse } from '@testerhub/shared/account-schemas';
import { useCallback, useEffect, useMemo, useState, type FocusEvent, type ReactNode } from 'react';
import type { Language } from '@testerhub/shared/account-messages';
import { apiPost } from '../../lib/api';
import { useSchemaForm } from '../../lib/use-schema-form';
import { TextField } from '../../components/form-field';
import { rechecksConfirmation } from '../../components/new-password-fields';
import { requestFailureText } from './form-helpers';
import { recallPasswords, rememberPasswords } from './registration-draft';
import { REGISTRATION_TEXTS } from './registration-texts';

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

type Checked = 'username' | 'email';
type Known = Record<Checked, Record<string, boolean>>;
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
  // The server's answers by normalised value.
  const [known, setKnown] = useState<Known>({ username: {}, email: {} });
  const isTaken = useCallback(
    (name: Checked, value: string) => {
      const key = normalise(value);
      const refused = taken[name];
      return known[name][key] === true || (refused !== undefined && normalise(refused) === key);
    },
    [known, taken],
  );
  const schema = useMemo(() => registrationAccountFormSchema(language, isTaken), [language, isTaken]);
  const [defaultValues] = useState(() => ({ ...values, ...recallPasswords() }));
  const { field, handleSubmit, watch, trigger, getFieldState, getValues, setFocus, formState } = useSchemaForm(schema, {
    language,
    defaultValues,
  });
  const [checking, setChecking] = useState(0);
  const [requestProblem, setRequestProblem] = useState<string | null>(null);

  // The page's draft follows the username and e-mail; the passwords stay in memory only (Back and Next keep them).
  useEffect(() => {
    const subscription = watch(({ username = '', email = '', password = '', confirmation = '' }) => {
      onValuesChange({ username, email });
      rememberPasswords({ password, confirmation });
    });
    return () => subscription.unsubscribe();
  }, [watch, onValuesChange]);

  // A taken name is news from the server (an answer, or a refused registration): it shows at once, even before the field is left.
  useEffect(() => {
    const refused = (['username', 'email'] as const).filter((name) => isTaken(name, getValues(name)));
    if (refused.length > 0) void trigger(refused);
  }, [isTaken, getValues, trigger]);

  const pending = checking > 0 || busy;
  const blocked = pending || !formState.isValid;

  /** Asks the server whether a valid username or e-mail is free; null when the answer is unknown. */
  function checkTaken(name: Checked): Promise<boolean | null> {
    const value = getValues(name);
    const key = normalise(value);
    const cached = known[name][key];
    if (cached !== undefined) return Promise.resolve(cached);
    setChecking((count) => count + 1);
    return apiPost<IsInfoExistResponse>('/account/IsInfoExist', {
      username: name === 'username' ? value.trim() : '',
      email: name === 'email' ? value.trim() : '',
      u: linkUser,
    })
      .then((answer) => {
        const result = name === 'username' ? answer.isExists1 : answer.isExists2;
        setKnown((previous) => ({ ...previous, [name]: { ...previous[name], [key]: result } }));
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

  /** A field's register props; leaving a valid username or e-mail asks the server whether it is taken. */
  function checkedField(name: Checked) {
    const registered = field(name);
    return {
      ...registered,
      onBlur: async (event: FocusEvent<HTMLInputElement>) => {
        await registered.onBlur(event);
        if (!getFieldState(name).invalid) void checkTaken(name);
      },
    };
  }

  // Problems show and take the focus even while a check is under way; a busy form never goes on.
  const submit = handleSubmit(async ({ username, email, password }) => {
    if (pending) return;
    const [usernameTaken, emailTaken] = await Promise.all([checkTaken('username'), checkTaken('email')]);
    if (usernameTaken) return setFocus('username');
    if (emailTaken) return setFocus('email');
    onSubmit({ username, email }, password);
  });

  return (
    <form className="registration-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={pending}>
      {notice}
      <TextField
        label={t.username}
        {...checkedField('username')}
        hint={t.usernameHint}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <TextField
        label={t.email}
        type="email"
        {...checkedField('email')}
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <TextField
        label={t.password}
        type="password"
        {...field('password', rechecksConfirmation({ getValues, getFieldState, trigger }, 'confirmation'))}
        hint={t.passwordHint}
        autoComplete="new-password"
        required
      />
      <TextField label={t.confirmPassword} type="password" {...field('confirmation')} autoComplete="new-password" required />
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
