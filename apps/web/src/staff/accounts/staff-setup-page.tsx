import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RECOVERY_CODE_COUNT, staffCodeSchema, staffSetupPasswordSchema, STAFF_TEXTS } from '@testerhub/shared/staff-schemas';
import { z } from 'zod';
import { usePageTitle } from '../../hooks/use-page-title';
import { requestErrorMessage } from '../../lib/request-error';
import { useSchemaForm } from '../../lib/use-schema-form';
import { checkSetup, setupConfirm, setupPassword } from '../api/staff-auth';
import { staffKeys } from '../api/query-keys';
import { RecoveryCodeList } from './recovery-code-list';
import { AuthenticatorCodeField, NewPasswordFields } from '../shell/staff-page-parts';
import { StaffQr } from './staff-qr';
import '../shell/staff.css';

type Step =
  | { kind: 'checking' }
  | { kind: 'invalid'; message: string }
  | { kind: 'password'; name: string; email: string }
  | { kind: 'enrol'; otpauthUri: string; secret: string }
  | { kind: 'codes'; codes: string[] };

/**
 * The set-up link's page (decisions 043, 044): the first admin's and every invitation's. The
 * password, then the authenticator app (QR code and the secret as text) confirmed by a code,
 * then the 10 recovery codes, shown this once.
 */
export function StaffSetupPage() {
  usePageTitle('Staff account set-up');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [step, setStep] = useState<Step>(() => (token ? { kind: 'checking' } : { kind: 'invalid', message: STAFF_TEXTS.setupLinkInvalid }));

  useEffect(() => {
    let live = true;
    if (!token) return;
    checkSetup(token).then(
      (answer) => {
        if (!live) return;
        setStep(
          answer.status === 'succeed'
            ? { kind: 'password', name: answer.name, email: answer.email }
            : { kind: 'invalid', message: answer.message },
        );
      },
      (error: unknown) => live && setStep({ kind: 'invalid', message: requestErrorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <main className="staff-entry" id="content">
      <h1>Set up your staff account</h1>
      {step.kind === 'checking' && <p aria-busy="true">Checking your link…</p>}
      {step.kind === 'invalid' && (
        <p className="staff-problem" role="alert">
          {step.message}
        </p>
      )}
      {step.kind === 'password' && (
        <PasswordStep
          token={token}
          name={step.name}
          email={step.email}
          onDone={(otpauthUri, secret) => setStep({ kind: 'enrol', otpauthUri, secret })}
        />
      )}
      {step.kind === 'enrol' && (
        <EnrolStep
          token={token}
          otpauthUri={step.otpauthUri}
          secret={step.secret}
          onInvalid={(message) => setStep({ kind: 'invalid', message })}
          onDone={(codes) => setStep({ kind: 'codes', codes })}
        />
      )}
      {step.kind === 'codes' && <CodesStep codes={step.codes} />}
    </main>
  );
}

function PasswordStep({
  token,
  name,
  email,
  onDone,
}: {
  token: string;
  name: string;
  email: string;
  onDone: (uri: string, secret: string) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSchemaForm(staffSetupPasswordSchema, { defaultValues: { token, password: '', confirmPassword: '' } });
  const submit = form.handleSubmit(async (payload) => {
    setProblem(null);
    try {
      const answer = await setupPassword(payload);
      if (answer.status === 'succeed') onDone(answer.otpauthUri, answer.secret);
      else setProblem(answer.message);
    } catch (error) {
      setProblem(requestErrorMessage(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="staff-form">
      <h2>Step 1 of 3: your password</h2>
      <p>
        Welcome, {name}. You sign in as <strong>{email}</strong>.
      </p>
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordFields password={form.field('password')} confirmPassword={form.field('confirmPassword')} />
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="staff-button" disabled={form.formState.isSubmitting}>
        Save password
      </button>
    </form>
  );
}

const codeForm = z.object({ code: staffCodeSchema });

function EnrolStep(props: {
  token: string;
  otpauthUri: string;
  secret: string;
  onInvalid: (message: string) => void;
  onDone: (codes: string[]) => void;
}) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSchemaForm(codeForm, { defaultValues: { code: '' } });
  const submit = form.handleSubmit(async ({ code }) => {
    setProblem(null);
    try {
      const answer = await setupConfirm(props.token, code);
      if (answer.status === 'succeed') {
        queryClient.removeQueries({ queryKey: staffKeys.all });
        props.onDone(answer.recoveryCodes);
      } else if (answer.status === 'invalid') props.onInvalid(answer.message);
      else {
        setProblem(answer.message);
        form.resetField('code');
      }
    } catch (error) {
      setProblem(requestErrorMessage(error));
    }
  });
  const grouped = props.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <form onSubmit={submit} noValidate className="staff-form">
      <h2>Step 2 of 3: your sign-in code</h2>
      <p>Scan this QR code with an authenticator app on your phone, or type the key below into it.</p>
      <StaffQr value={props.otpauthUri} label="QR code for your authenticator app" />
      <p>
        Key:{' '}
        <code className="staff-secret" data-testid="totp-secret">
          {grouped}
        </code>
      </p>
      <AuthenticatorCodeField {...form.field('code')} />
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="staff-button" disabled={form.formState.isSubmitting}>
        Confirm code
      </button>
    </form>
  );
}

function CodesStep({ codes }: { codes: string[] }) {
  return (
    <section className="staff-form" aria-labelledby="recovery-title">
      <h2 id="recovery-title">Step 3 of 3: your recovery codes</h2>
      <p>
        Keep these {RECOVERY_CODE_COUNT} codes somewhere safe. If you lose your phone, each one signs you in once instead of a code from the
        app. They are shown only now.
      </p>
      <RecoveryCodeList codes={codes} />
      <Link className="staff-button" to="/staff">
        I have saved them: open the staff console
      </Link>
    </section>
  );
}
