import { useState } from 'react';
import { message } from '@testerhub/shared/account-messages';
import { LIMITS, checkPassword, checkPasswordConfirmation } from '@testerhub/shared/account-rules';
import { TextField } from './form-field';

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  passwordLabel?: string;
  confirmationLabel?: string;
  disabled?: boolean;
}

export const NEW_PASSWORD_HINT = `${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters, with at least one digit, one lowercase letter, one uppercase letter and one special character.`;

/** Both fields follow the registration password rules (spec 2, section 5). */
export function isNewPasswordValid(password: string, confirmation: string): boolean {
  return checkPassword(password) === null && checkPasswordConfirmation(password, confirmation) === null;
}

/**
 * New password and its confirmation with the registration rules and messages. A message
 * shows once the field has text or has been left, so an untouched form is not all red.
 */
export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  passwordLabel = 'New password',
  confirmationLabel = 'Confirm new password',
  disabled = false,
}: NewPasswordFieldsProps) {
  const [left, setLeft] = useState({ password: false, confirmation: false });
  const passwordProblem = checkPassword(password);
  const confirmationProblem = checkPasswordConfirmation(password, confirmation);
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        value={password}
        maxLength={LIMITS.passwordMax * 2}
        disabled={disabled}
        required
        hint={NEW_PASSWORD_HINT}
        error={(password || left.password) && passwordProblem ? message(passwordProblem) : null}
        onChange={(event) => onPasswordChange(event.target.value)}
        onBlur={() => setLeft((current) => ({ ...current, password: true }))}
      />
      <TextField
        label={confirmationLabel}
        type="password"
        autoComplete="new-password"
        value={confirmation}
        maxLength={LIMITS.passwordMax * 2}
        disabled={disabled}
        required
        error={(confirmation || left.confirmation) && confirmationProblem ? message(confirmationProblem) : null}
        onChange={(event) => onConfirmationChange(event.target.value)}
        onBlur={() => setLeft((current) => ({ ...current, confirmation: true }))}
      />
    </>
  );
}
