import { useState } from 'react';
import {
  RECOVERY_CODE_COUNT,
  staffChangePasswordSchema,
  staffNewRecoveryCodesSchema,
  type StaffAccountChangeResponse,
} from '@testerhub/shared/staff-schemas';
import { TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useChangeStaffPassword, useNewRecoveryCodes, useRecoveryCodesLeft } from '../api/own-account';
import { OutcomeLine, settleSave, type Outcome } from '../content/content-form-parts';
import { RecoveryCodeList } from './recovery-code-list';
import { AuthenticatorCodeField, LoadFailed, NewPasswordFields, SubmitButton } from '../shell/staff-page-parts';

/** The form's status line, with its code and current-password refusals put beside those fields. */
function useAnswer<Field extends string>(setError: (field: Field, error: { message: string }) => void, fields: readonly Field[]) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const settle = <Answer extends StaffAccountChangeResponse>(call: () => Promise<Answer>) => {
    setOutcome(null);
    return settleSave(call, fields, (field, message) => setError(field, { message }), setOutcome);
  };
  return { outcome, settle };
}

/** The signed-in staff member's own sign-in (decision 072): a new password, and a new set of recovery codes. */
export function OwnAccountPage() {
  usePageTitle('Your sign-in');
  return (
    <>
      <h1>Your sign-in</h1>
      <p>Both changes ask for the 6-digit code your authenticator app shows now.</p>
      <RecoveryCodesSection />
      <ChangePasswordSection />
    </>
  );
}

function RecoveryCodesSection() {
  const left = useRecoveryCodesLeft();
  const make = useNewRecoveryCodes();
  const [codes, setCodes] = useState<string[]>([]);
  const form = useSchemaForm(staffNewRecoveryCodesSchema, { defaultValues: { code: '' } });
  const { outcome, settle } = useAnswer(form.setError, ['code'] as const);
  const submit = form.handleSubmit(async (payload) => {
    setCodes([]);
    const answer = await settle(() => make.mutateAsync(payload));
    form.resetField('code', { keepError: true });
    if ('recoveryCodes' in answer) setCodes(answer.recoveryCodes);
  });
  return (
    <section className="staff-card" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">Recovery codes</h2>
      {left.isPending && <p aria-busy="true">Counting your recovery codes…</p>}
      {left.isError && <LoadFailed error={left.error} onRetry={() => void left.refetch()} />}
      {left.data && (
        <p data-testid="recovery-codes-left">
          {left.data.unused} of {left.data.total} recovery codes unused.
          {left.data.unused <= 3 && ' Make a new set before they run out.'}
        </p>
      )}
      <p>
        A new set of {RECOVERY_CODE_COUNT} codes replaces the old one: the old codes stop working at once, and the new ones are shown only
        here, this once.
      </p>
      <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Make new recovery codes">
        <AuthenticatorCodeField {...form.field('code')} />
        <div>
          <SubmitButton pending={make.isPending} label="Make new recovery codes" pendingLabel="Making codes…" />
        </div>
      </form>
      <OutcomeLine outcome={outcome} />
      {codes.length > 0 && <RecoveryCodeList codes={codes} />}
    </section>
  );
}

const EMPTY_PASSWORD_FORM = { currentPassword: '', password: '', confirmPassword: '', code: '' };

function ChangePasswordSection() {
  const change = useChangeStaffPassword();
  const form = useSchemaForm(staffChangePasswordSchema, { defaultValues: EMPTY_PASSWORD_FORM });
  const { outcome, settle } = useAnswer(form.setError, ['currentPassword', 'code'] as const);
  const submit = form.handleSubmit(async (payload) => {
    const answer = await settle(() => change.mutateAsync(payload));
    if (answer.status === 'succeed') form.reset(EMPTY_PASSWORD_FORM);
    else form.resetField('code', { keepError: true });
  });
  return (
    <section className="staff-card" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <p>A new password ends your sessions in other browsers; this one stays signed in.</p>
      <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Change your password">
        <TextField label="Current password" type="password" autoComplete="current-password" {...form.field('currentPassword')} />
        <NewPasswordFields password={form.field('password')} confirmPassword={form.field('confirmPassword')} />
        <AuthenticatorCodeField {...form.field('code')} />
        <div>
          <SubmitButton pending={change.isPending} label="Change password" />
        </div>
      </form>
      <OutcomeLine outcome={outcome} />
    </section>
  );
}
