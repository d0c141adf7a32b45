import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { staffLoginCodeSchema, staffLoginSchema } from '@testerhub/shared/staff-schemas';
import { TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { requestErrorMessage } from '../../lib/request-error';
import { useSchemaForm } from '../../lib/use-schema-form';
import { staffLogin, staffLoginCode } from '../api/staff-auth';
import { staffKeys } from '../api/query-keys';
import '../shell/staff.css';

/**
 * The staff console's login (decision 044): e-mail and password, then the 6-digit code of the
 * authenticator app or a recovery code. Each refusal shows the server's message.
 */
export function StaffLoginPage() {
  usePageTitle('Staff sign-in');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <main className="staff-entry" id="content">
      <h1>Staff sign-in</h1>
      {step === 'password' ? (
        <PasswordStep notice={notice} onDone={() => setStep('code')} />
      ) : (
        <CodeStep
          onExpired={(message) => {
            setNotice(message);
            setStep('password');
          }}
        />
      )}
    </main>
  );
}

function PasswordStep({ notice, onDone }: { notice: string | null; onDone: () => void }) {
  const [problem, setProblem] = useState<string | null>(notice);
  const form = useSchemaForm(staffLoginSchema, { defaultValues: { email: '', password: '' } });
  const submit = form.handleSubmit(async (payload) => {
    setProblem(null);
    try {
      const answer = await staffLogin(payload);
      if (answer.status === 'secondFactor') onDone();
      else setProblem(answer.message);
    } catch (error) {
      setProblem(requestErrorMessage(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="staff-form">
      <TextField label="E-mail address" type="email" autoComplete="username" {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="staff-button" disabled={form.formState.isSubmitting}>
        Continue
      </button>
    </form>
  );
}

function CodeStep({ onExpired }: { onExpired: (message: string) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSchemaForm(staffLoginCodeSchema, { defaultValues: { code: '' } });
  const submit = form.handleSubmit(async (payload) => {
    setProblem(null);
    try {
      const answer = await staffLoginCode(payload);
      if (answer.status === 'succeed') {
        queryClient.removeQueries({ queryKey: staffKeys.all });
        await navigate('/staff', { replace: true });
      } else if (answer.status === 'expired') {
        onExpired(answer.message);
      } else {
        setProblem(answer.message);
        form.resetField('code');
      }
    } catch (error) {
      setProblem(requestErrorMessage(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="staff-form">
      <p>Enter the 6-digit code your authenticator app shows, or one of your recovery codes.</p>
      <TextField label="Code" autoComplete="one-time-code" inputMode="text" autoFocus {...form.field('code')} />
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="staff-button" disabled={form.formState.isSubmitting}>
        Sign in
      </button>
    </form>
  );
}
