import type { ReEngagementResponse } from '@testerhub/shared/account-schemas';
import { useState, type FormEvent } from 'react';
import type { Language, MessageKey } from '@testerhub/shared/account-messages';
import { checkCode } from '@testerhub/shared/account-rules';
import { apiPost } from '../../lib/api';
import { phoneProblem, phoneValue } from '../../lib/phone';
import { TextField } from '../../components/form-field';
import { PhoneField } from '../../components/phone-field';
import { useCheckedForm } from '../../hooks/use-checked-form';
import { requestProblem, type Problem } from './join-form-helpers';
import { JoinFormSubmit } from './join-form-submit';
import { writeEngaged } from './join-storage';
import { JOIN_TEXTS } from './join-texts';

type Field = 'code' | 'phone';
const FIELDS: readonly Field[] = ['code', 'phone'];

/** Registration code and phone of a tester known from before the site (POST /api/account/ReEngagement). */
export function ReEngagementForm({ language, onEngaged }: { language: Language; onEngaged: (v: string) => void }) {
  const t = JOIN_TEXTS[language];
  const [values, setValues] = useState({ code: '', phone: '' });
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const errors: Record<Field, MessageKey | null> = { code: checkCode(values.code.trim()), phone: phoneProblem(values.phone) };
  const { formRef, touch, shown, readyToSubmit } = useCheckedForm(FIELDS, errors, language);

  async function submit(event: FormEvent) {
    if (!readyToSubmit(event, pending)) return;
    setPending(true);
    setProblem(null);
    const phone = phoneValue(values.phone);
    try {
      const answer = await apiPost<ReEngagementResponse>('/account/ReEngagement', { c: values.code.trim(), p: phone, Language: language });
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
      <PhoneField
        language={language}
        value={values.phone}
        error={shown('phone')}
        onChange={(phone) => setValues({ ...values, phone })}
        onLeave={() => touch('phone')}
      />
      <JoinFormSubmit language={language} problem={problem} pending={pending} label={t.continue} tone="primary" />
    </form>
  );
}
