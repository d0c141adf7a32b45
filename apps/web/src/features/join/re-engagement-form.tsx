import { useRef, useState, type FormEvent } from 'react';
import { message, type Language, type MessageKey } from '@testerhub/shared/account-messages';
import { checkCode, checkPhone, formatPhone } from '@testerhub/shared/account-rules';
import { apiPost } from '../../lib/api';
import { TextField } from '../../components/form-field';
import { focusControl, useTouched } from '../../hooks/use-touched';
import { problemText, requestProblem, type Problem } from './join-form-helpers';
import { phoneValue, writeEngaged } from './join-storage';
import { JOIN_TEXTS } from './join-texts';

type Field = 'code' | 'phone';
const FIELDS: readonly Field[] = ['code', 'phone'];

type Answer = { status: string; v?: string; message?: string };

/** Registration code and phone of a tester known from before the site (POST /api/account/ReEngagement). */
export function ReEngagementForm({ language, onEngaged }: { language: Language; onEngaged: (v: string) => void }) {
  const t = JOIN_TEXTS[language];
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ code: '', phone: '' });
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const { touched, touch, touchAll } = useTouched<Field>();

  const errors: Record<Field, MessageKey | null> = { code: checkCode(values.code.trim()), phone: checkPhone(phoneValue(values.phone)) };
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
    const phone = phoneValue(values.phone);
    try {
      const answer = await apiPost<Answer>('/account/ReEngagement', { c: values.code.trim(), p: phone, Language: language });
      if (answer.status === 'succeed' && answer.v) {
        writeEngaged(answer.v, phone);
        onEngaged(answer.v);
      } else {
        setProblem({ key: 'reEngagementInvalid' });
      }
    } catch (error) {
      setProblem(requestProblem(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form ref={formRef} className="join-form" noValidate onSubmit={submit} aria-busy={pending}>
      <TextField
        label={t.code}
        name="code"
        value={values.code}
        onChange={(event) => setValues({ ...values, code: event.target.value })}
        onBlur={() => touch('code')}
        error={shown('code')}
        hint={t.codeHint}
        inputMode="numeric"
        autoComplete="one-time-code"
        required
      />
      <TextField
        label={t.phone}
        name="phone"
        type="tel"
        value={values.phone}
        onChange={(event) => setValues({ ...values, phone: event.target.value })}
        onBlur={() => {
          touch('phone');
          // Shown as (123)456-7890 once left; anything else stays exactly as typed.
          if (checkPhone(phoneValue(values.phone)) === null) setValues({ ...values, phone: formatPhone(values.phone) });
        }}
        error={shown('phone')}
        hint={t.phoneHint}
        inputMode="tel"
        autoComplete="tel-national"
        required
      />
      {problem && (
        <p className="join-form__problem" role="alert">
          {problemText(problem, language)}
        </p>
      )}
      <button type="submit" className="button button--primary join-form__submit" aria-disabled={pending} aria-busy={pending}>
        {pending ? t.working : t.continue}
      </button>
    </form>
  );
}
