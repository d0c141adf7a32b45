import { useState } from 'react';
import { postResendConfirmation } from './login-api';
import { signInRequestError, useSignInTexts } from '../../components/sign-in-texts';

/**
 * Under "Not confirmed" at login: sends the confirmation e-mail again for that very login, once, and
 * says what happened (sent, already confirmed, log in again, or too many attempts).
 */
export function ConfirmationResend() {
  const t = useSignInTexts();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);

  function resend() {
    setPending(true);
    postResendConfirmation()
      .then(
        (answer) => setOutcome(answer.message),
        (error: unknown) => setOutcome(signInRequestError(error, t).message),
      )
      .finally(() => setPending(false));
  }

  if (outcome) return <p role="status">{outcome}</p>;
  return (
    <button type="button" className="button button--outline" onClick={resend} disabled={pending}>
      {pending ? t('sending') : t('resendConfirmation')}
    </button>
  );
}
