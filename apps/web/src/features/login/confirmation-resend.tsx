import { useState } from 'react';
import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import { requestErrorMessage } from '../../lib/request-error';
import { postResendConfirmation } from './login-api';

/**
 * Under "Not confirmed" at login: sends the confirmation e-mail again for that very login, once, and
 * says what happened (sent, already confirmed, log in again, or too many attempts).
 */
export function ConfirmationResend() {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);

  function resend() {
    setPending(true);
    postResendConfirmation()
      .then(
        (answer) => setOutcome(answer.message),
        (error: unknown) => setOutcome(requestErrorMessage(error)),
      )
      .finally(() => setPending(false));
  }

  if (outcome) return <p role="status">{outcome}</p>;
  return (
    <button type="button" className="button button--outline" onClick={resend} disabled={pending}>
      {pending ? 'Sending…' : ENTRY_TEXTS.resendConfirmation}
    </button>
  );
}
