import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { message, type Language, type MessageKey } from '@testerhub/shared/account-messages';
import { LIMITS, checkEmail, checkPhone, checkRequired, formatPhone } from '@testerhub/shared/account-rules';
import { apiPost } from '../../lib/api';
import { TextField } from '../../components/form-field';
import { focusControl, useTouched } from '../../hooks/use-touched';
import { problemText, requestProblem, type Problem } from './join-form-helpers';
import { phoneValue, readPartialProfile, writePartialProfile, type PartialProfile } from './join-storage';
import { JOIN_TEXTS } from './join-texts';

type Field = keyof PartialProfile;
const FIELDS: readonly Field[] = ['firstName', 'lastName', 'phone', 'email'];
const checkName = (value: string) => checkRequired(value, LIMITS.shortNameMax, 'nameTooLong');

/** The short sign-up form: saves a lead, then registration starts from this partial profile. */
export function ShortSignUpForm({ language }: { language: Language }) {
  const t = JOIN_TEXTS[language];
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(readPartialProfile);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const { touched, touch, touchAll } = useTouched<Field>();

  const errors: Record<Field, MessageKey | null> = {
    firstName: checkName(values.firstName),
    lastName: checkName(values.lastName),
    phone: checkPhone(phoneValue(values.phone)),
    email: checkEmail(values.email.trim()),
  };
  const shown = (field: Field) => {
    const key = errors[field];
    return key && touched.has(field) ? message(key, language) : null;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const first = FIELDS.find((field) => errors[field]);
    if (first) {
      touchAll(FIELDS);
      focusControl(formRef.current, first);
      return;
    }
    setPending(true);
    setProblem(null);
    const profile = { firstName: values.firstName.trim(), lastName: values.lastName.trim(), phone: phoneValue(values.phone), email: values.email.trim() };
    try {
      const answer = await apiPost<{ status: string }>('/account/SaveSignUpProfile', { ...profile, Language: language });
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

  const field = (name: Field, label: string, extra: { type?: string; autoComplete: string; inputMode?: 'tel' | 'email' }) => (
    <TextField
      label={label}
      name={name}
      type={extra.type ?? 'text'}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      onBlur={() => {
        touch(name);
        if (name === 'phone' && checkPhone(phoneValue(values.phone)) === null) setValues({ ...values, phone: formatPhone(values.phone) });
      }}
      error={shown(name)}
      hint={name === 'phone' ? t.phoneHint : undefined}
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
      {field('phone', t.phone, { type: 'tel', autoComplete: 'tel-national', inputMode: 'tel' })}
      {field('email', t.email, { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      {problem && (
        <p className="join-form__problem" role="alert">
          {problemText(problem, language)}
        </p>
      )}
      <button type="submit" className="button button--accent join-form__submit" aria-disabled={pending} aria-busy={pending}>
        {pending ? t.working : t.saveAndContinue}
      </button>
    </form>
  );
}
