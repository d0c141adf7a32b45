import { useState } from 'react';
import { message, type MessageKey } from '@testerhub/shared/account-messages';
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
  const field = (
    which: keyof typeof left,
    label: string,
    value: string,
    problem: MessageKey | null,
    onChange: (value: string) => void,
    hint?: string,
  ) => (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      value={value}
      maxLength={LIMITS.passwordMax * 2}
      disabled={disabled}
      required
      hint={hint}
      error={(value || left[which]) && problem ? message(problem) : null}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => setLeft((current) => ({ ...current, [which]: true }))}
    />
  );
  return (
    <>
      {field('password', passwordLabel, password, checkPassword(password), onPasswordChange, NEW_PASSWORD_HINT)}
      {field('confirmation', confirmationLabel, confirmation, checkPasswordConfirmation(password, confirmation), onConfirmationChange)}
    </>
  );
}
