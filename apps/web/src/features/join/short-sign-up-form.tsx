import type { StatusResponse } from '@testerhub/shared/account-schemas';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Language, MessageKey } from '@testerhub/shared/account-messages';
import { LIMITS, checkEmail, checkPersonName, formatPhone } from '@testerhub/shared/account-rules';
import { apiPost } from '../../lib/api';
import { phoneProblem, phoneValue } from '../../lib/phone';
import { TextField } from '../../components/form-field';
import { PhoneField } from '../../components/phone-field';
import { useCheckedForm } from '../../hooks/use-checked-form';
import { requestProblem, type Problem } from './join-form-helpers';
import { JoinFormSubmit } from './join-form-submit';
import { readPartialProfile, writePartialProfile, type PartialProfile } from './join-storage';
import { JOIN_TEXTS } from './join-texts';

type Field = keyof PartialProfile;
const FIELDS: readonly Field[] = ['firstName', 'lastName', 'phone', 'email'];
const checkName = (value: string) => checkPersonName(value, LIMITS.shortNameMax, 'nameTooLong');

/** The short sign-up form: saves a lead, then registration starts from this partial profile. */
export function ShortSignUpForm({ language }: { language: Language }) {
  const t = JOIN_TEXTS[language];
  const navigate = useNavigate();
  const [values, setValues] = useState(readPartialProfile);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const errors: Record<Field, MessageKey | null> = {
    firstName: checkName(values.firstName),
    lastName: checkName(values.lastName),
    phone: phoneProblem(values.phone),
    email: checkEmail(values.email.trim()),
  };
  const { formRef, touch, shown, readyToSubmit } = useCheckedForm(FIELDS, errors, language);

  async function submit(event: FormEvent) {
    if (!readyToSubmit(event, pending)) return;
    setPending(true);
    setProblem(null);
    const profile = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phone: phoneValue(values.phone),
      email: values.email.trim(),
    };
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
  }

  const field = (name: Exclude<Field, 'phone'>, label: string, extra: { type?: string; autoComplete: string; inputMode?: 'email' }) => (
    <TextField
      label={label}
      name={name}
      type={extra.type ?? 'text'}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      onBlur={() => touch(name)}
      error={shown(name)}
      autoComplete={extra.autoComplete}
      inputMode={extra.inputMode}
      required
    />
  );

  return (
    <form ref={formRef} className="join-form" noValidate onSubmit={submit} aria-busy={pending}>
      <div className="join-form__grid">
        {field('firstName', t.firstName, { autoComplete: 'given-name' })}
        {field('lastName', t.lastName, { autoComplete: 'family-name' })}
      </div>
      <PhoneField
        language={language}
        value={values.phone}
        error={shown('phone')}
        onChange={(phone) => setValues({ ...values, phone })}
        onLeave={() => touch('phone')}
      />
      {field('email', t.email, { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      <JoinFormSubmit language={language} problem={problem} pending={pending} label={t.saveAndContinue} tone="accent" />
    </form>
  );
}
