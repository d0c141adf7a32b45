import { useMemo, useState, type ChangeEvent } from 'react';
import { message } from '@testerhub/shared/account-messages';
import { LIMITS, phoneDigits } from '@testerhub/shared/account-rules';
import { initializeInformationFormSchemaIn } from '@testerhub/shared/account-schemas';
import { TextField } from '../../components/form-field';
import { NewPasswordFields, rechecksConfirmation } from '../../components/new-password-fields';
import { useLanguage } from '../../hooks/use-entry-language';
import { useSchemaForm } from '../../lib/use-schema-form';
import { postInitializeInformation } from './login-api';
import { newPasswordTexts, signInRequestError, useSignInTexts } from '../../components/sign-in-texts';

export interface NewCredentials {
  username: string;
  password: string;
}

interface CredentialsFormProps {
  initialUsername?: string;
  initialPassword?: string;
  onSucceeded: (credentials: NewCredentials) => void;
}

/**
 * The forced credential change (login status changePassword): the current username and
 * password, then a new e-mail address, phone and password under the rules of spec 2,
 * section 5 (initializeInformationFormSchema). Submit stays disabled until every rule holds.
 */
export function CredentialsForm({ initialUsername = '', initialPassword = '', onSucceeded }: CredentialsFormProps) {
  const t = useSignInTexts();
  const language = useLanguage();
  const schema = useMemo(() => initializeInformationFormSchemaIn(t, language), [t, language]);
  // A message shows once the field has text or was left; the server's 'in use' at once.
  const form = useSchemaForm(schema, {
    language,
    mode: 'all',
    defaultValues: {
      username: initialUsername,
      currentPassword: initialPassword,
      email: '',
      phone: '',
      newPassword: '',
      confirmation: '',
    },
  });
  const { field } = form;
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(({ username, currentPassword, email, phone, newPassword }) => {
    if (pending) return;
    setPending(true);
    setFailure(null);
    postInitializeInformation({
      Username: username,
      CurrentPassword: currentPassword,
      NewPassword: newPassword,
      EmailAddress: email,
      PhoneNumber: phone,
    })
      .then(
        (result) => {
          if (result.status === 'succeed') onSucceeded({ username, password: newPassword });
          // 'Sorry, this email is already in use' goes as soon as the address changes (the next check replaces it).
          else if (result.status === 'emailTaken') form.setError('email', { message: message('emailTaken', language) });
          else setFailure(t('forcedChangeFailure'));
        },
        (error: unknown) => setFailure(signInRequestError(error, t).message),
      )
      .finally(() => setPending(false));
  });

  return (
    <form className="credentials-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
      {failure && (
        <p className="account-panel__alert" role="alert">
          {failure}
        </p>
      )}
      <TextField label={t('username')} autoComplete="username" maxLength={LIMITS.usernameMax * 2} required {...field('username')} />
      <TextField label={t('currentPassword')} type="password" autoComplete="current-password" required {...field('currentPassword')} />
      <TextField label={t('emailAddress')} type="email" autoComplete="email" maxLength={LIMITS.emailMax} required {...field('email')} />
      <TextField
        label={t('phoneNumber')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={LIMITS.phoneDigits}
        required
        hint={t('phoneHint')}
        {...field('phone')}
        // Digits only (spec 2, section 5): anything else typed or pasted is dropped.
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          event.target.value = phoneDigits(event.target.value).slice(0, LIMITS.phoneDigits);
          void field('phone').onChange(event);
        }}
      />
      <NewPasswordFields
        password={field('newPassword', rechecksConfirmation(form, 'confirmation'))}
        confirmation={field('confirmation')}
        {...newPasswordTexts(t)}
      />
      <button type="submit" className="button button--primary credentials-form__submit" disabled={!form.formState.isValid || pending}>
        {pending ? t('saving') : t('saveAndContinue')}
      </button>
    </form>
  );
}
