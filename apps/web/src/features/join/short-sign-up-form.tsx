import { shortSignUpFormSchema, type StatusResponse } from '@testerhub/shared/account-schemas';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Language } from '@testerhub/shared/account-messages';
import { formatPhone } from '@testerhub/shared/account-rules';
import { apiPost } from '../../lib/api';
import { useSchemaForm } from '../../lib/use-schema-form';
import { TextField } from '../../components/form-field';
import { SchemaPhoneField } from '../../components/phone-field';
import { requestProblem, type Problem } from './join-form-helpers';
import { JoinFormSubmit } from './join-form-submit';
import { readPartialProfile, writePartialProfile } from './join-storage';
import { JOIN_TEXTS } from './join-texts';

/** The short sign-up form: saves a lead, then registration starts from this partial profile. */
export function ShortSignUpForm({ language }: { language: Language }) {
  const t = JOIN_TEXTS[language];
  const navigate = useNavigate();
  const schema = useMemo(() => shortSignUpFormSchema(language), [language]);
  const [defaultValues] = useState(readPartialProfile);
  const { field, handleSubmit, getValues, setValue } = useSchemaForm(schema, { language, defaultValues });
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const submit = handleSubmit(async (profile) => {
    if (pending) return;
    setPending(true);
    setProblem(null);
    try {
      const answer = await apiPost<StatusResponse>('/account/SaveSignUpProfile', { ...profile, Language: language });
      if (answer.status !== 'succeed') {
        setProblem({ key: 'registrationFailed' });
        return;
      }
      writePartialProfile({ ...profile, phone: formatPhone(profile.phone) });
      navigate('/community/join/account', { state: { focusHeading: true } });
    } catch (error) {
      setProblem(requestProblem(error));
    } finally {
      setPending(false);
    }
  });

  return (
    <form className="join-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={pending}>
      <div className="join-form__grid">
        <TextField label={t.firstName} {...field('firstName')} autoComplete="given-name" required />
        <TextField label={t.lastName} {...field('lastName')} autoComplete="family-name" required />
      </div>
      <SchemaPhoneField
        language={language}
        field={field('phone')}
        value={() => getValues('phone')}
        show={(formatted) => setValue('phone', formatted, { shouldValidate: true })}
      />
      <TextField label={t.email} {...field('email')} type="email" autoComplete="email" inputMode="email" required />
      <JoinFormSubmit language={language} problem={problem} pending={pending} label={t.saveAndContinue} tone="accent" />
    </form>
  );
}
