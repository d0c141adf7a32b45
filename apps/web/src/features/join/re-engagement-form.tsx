import { reEngagementFormSchema, type ReEngagementResponse } from '@testerhub/shared/account-schemas';
import { useMemo, useState } from 'react';
import type { Language } from '@testerhub/shared/account-messages';
import { apiPost } from '../../lib/api';
import { useSchemaForm } from '../../lib/use-schema-form';
import { TextField } from '../../components/form-field';
import { SchemaPhoneField } from '../../components/phone-field';
import { requestProblem, type Problem } from './join-form-helpers';
import { JoinFormSubmit } from './join-form-submit';
import { writeEngaged } from './join-storage';
import { JOIN_TEXTS } from './join-texts';

/** Registration code and phone of a tester known from before the site (POST /api/account/ReEngagement). */
export function ReEngagementForm({ language, onEngaged }: { language: Language; onEngaged: (v: string) => void }) {
  const t = JOIN_TEXTS[language];
  const schema = useMemo(() => reEngagementFormSchema(language), [language]);
  const { field, handleSubmit, getValues, setValue } = useSchemaForm(schema, { language, defaultValues: { code: '', phone: '' } });
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const submit = handleSubmit(async ({ code, phone }) => {
    if (pending) return;
    setPending(true);
    setProblem(null);
    try {
      const answer = await apiPost<ReEngagementResponse>('/account/ReEngagement', { c: code, p: phone, Language: language });
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
  });

  return (
    <form className="join-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={pending}>
      <TextField label={t.code} {...field('code')} hint={t.codeHint} inputMode="numeric" autoComplete="one-time-code" required />
      <SchemaPhoneField
        language={language}
        field={field('phone')}
        value={() => getValues('phone')}
        show={(formatted) => setValue('phone', formatted, { shouldValidate: true })}
      />
      <JoinFormSubmit language={language} problem={problem} pending={pending} label={t.continue} tone="primary" />
    </form>
  );
}
