import { useState } from 'react';
import {
  RECOVERY_CODE_COUNT,
  staffChangePasswordSchema,
  staffFinishAuthenticatorMoveSchema,
  staffNewRecoveryCodesSchema,
  staffStartAuthenticatorMoveSchema,
  type StaffAccountChangeResponse,
} from '@testerhub/shared/staff-schemas';
import { TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSchemaForm } from '../../lib/use-schema-form';
import {
  useChangeStaffPassword,
  useFinishAuthenticatorMove,
  useNewRecoveryCodes,
  useRecoveryCodesLeft,
  useStartAuthenticatorMove,
} from '../api/own-account';
import { OutcomeLine, settleSave, type Outcome } from '../content/content-form-parts';
import { RecoveryCodeList } from './recovery-code-list';
import { StaffQr } from './staff-qr';
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

/**
 * The signed-in staff member's own sign-in (decision 072): a new password, a new set of recovery codes,
 * and the authenticator moved to a new phone (decision 128).
 */
export function OwnAccountPage() {
  usePageTitle('Your sign-in');
  return (
    <>
      <h1>Your sign-in</h1>
      <p>Each change asks for the 6-digit code your authenticator app shows now.</p>
      <RecoveryCodesSection />
      <ChangePasswordSection />
      <MoveAuthenticatorSection />
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

const EMPTY_MOVE_START = { currentPassword: '', code: '' };
const newPhoneCodeForm = staffFinishAuthenticatorMoveSchema.pick({ code: true });

/** A move under way: the new secret to enrol, and the sealed token the confirmation sends back (kept in memory only). */
interface PendingMove {
  secret: string;
  otpauthUri: string;
  moveToken: string;
}

/**
 * "Move your authenticator to a new phone" (decision 128): the current password and a code from the
 * current phone, then the new secret (QR code and key), switched to only when the new phone's code
 * is confirmed. Until then the old phone keeps working; leaving the page abandons the move.
 */
function MoveAuthenticatorSection() {
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <section className="staff-card" aria-labelledby="move-authenticator-title">
      <h2 id="move-authenticator-title">Move your authenticator to a new phone</h2>
      <p>
        Your current phone keeps working until your new phone&rsquo;s code is confirmed. Moving it ends your sessions in other browsers;
        this one stays signed in.
      </p>
      {pending ? (
        <ConfirmNewPhone
          pending={pending}
          onDone={(done) => {
            setPending(null);
            setOutcome(done);
          }}
          onCancel={() => setPending(null)}
        />
      ) : (
        <StartMove
          onStarted={(started) => {
            setOutcome(null);
            setPending(started);
          }}
        />
      )}
      <OutcomeLine outcome={outcome} />
    </section>
  );
}

function StartMove({ onStarted }: { onStarted: (move: PendingMove) => void }) {
  const startMove = useStartAuthenticatorMove();
  const form = useSchemaForm(staffStartAuthenticatorMoveSchema, { defaultValues: EMPTY_MOVE_START });
  const { outcome, settle } = useAnswer(form.setError, ['currentPassword', 'code'] as const);
  const submit = form.handleSubmit(async (payload) => {
    const answer = await settle(() => startMove.mutateAsync(payload));
    if (answer.status === 'succeed' && 'moveToken' in answer) onStarted(answer);
    else form.resetField('code', { keepError: true });
  });
  return (
    <>
      <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Start moving your authenticator">
        <TextField label="Current password" type="password" autoComplete="current-password" {...form.field('currentPassword')} />
        <AuthenticatorCodeField {...form.field('code')} />
        <div>
          <SubmitButton pending={startMove.isPending} label="Start the move" pendingLabel="Starting…" />
        </div>
      </form>
      <OutcomeLine outcome={outcome} />
    </>
  );
}

function ConfirmNewPhone({
  pending,
  onDone,
  onCancel,
}: {
  pending: PendingMove;
  onDone: (outcome: Outcome) => void;
  onCancel: () => void;
}) {
  const finishMove = useFinishAuthenticatorMove();
  const form = useSchemaForm(newPhoneCodeForm, { defaultValues: { code: '' } });
  const { outcome, settle } = useAnswer(form.setError, ['code'] as const);
  const submit = form.handleSubmit(async ({ code }) => {
    const answer = await settle(() => finishMove.mutateAsync({ moveToken: pending.moveToken, code }));
    if (answer.status === 'succeed') onDone({ status: 'succeed', message: answer.message });
    else form.resetField('code', { keepError: true });
  });
  const grouped = pending.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <>
      <p>Scan this QR code with the authenticator app on your new phone, or type the key below into it.</p>
      <StaffQr value={pending.otpauthUri} label="QR code for your new phone's authenticator app" />
      <p>
        Key:{' '}
        <code className="staff-secret" data-testid="new-totp-secret">
          {grouped}
        </code>
      </p>
      <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Confirm your new phone">
        <TextField label="The 6-digit code your new phone shows" autoComplete="one-time-code" inputMode="numeric" {...form.field('code')} />
        <div>
          <SubmitButton pending={finishMove.isPending} label="Switch to the new phone" pendingLabel="Switching…" />{' '}
          <button type="button" className="staff-button staff-button--quiet" onClick={onCancel}>
            Cancel the move
          </button>
        </div>
      </form>
      <OutcomeLine outcome={outcome} />
    </>
  );
}
