import type { ComponentProps } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { LIMITS } from '@testerhub/shared/account-rules';
import { TextField } from './form-field';

export const NEW_PASSWORD_HINT = `${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters, with at least one digit, one lowercase letter, one uppercase letter and one special character.`;

/** useSchemaForm's field(name): register's props and the message. */
type BoundField = Omit<ComponentProps<typeof TextField>, 'label'>;

interface NewPasswordFieldsProps {
  password: BoundField;
  confirmation: BoundField;
  passwordLabel?: string;
  confirmationLabel?: string;
  /** The rules under the password; the English NEW_PASSWORD_HINT unless the page speaks another language. */
  hint?: string;
  disabled?: boolean;
}

/**
 * New password and its confirmation, checked by the form's shared schema with the registration
 * rules and messages (a form in mode 'all': a message shows once the field has text or was left).
 */
export function NewPasswordFields({
  password,
  confirmation,
  passwordLabel = 'New password',
  confirmationLabel = 'Confirm new password',
  hint = NEW_PASSWORD_HINT,
  disabled = false,
}: NewPasswordFieldsProps) {
  const shared = { type: 'password', autoComplete: 'new-password', maxLength: LIMITS.passwordMax * 2, required: true, disabled };
  return (
    <>
      <TextField label={passwordLabel} hint={hint} {...password} {...shared} />
      <TextField label={confirmationLabel} {...confirmation} {...shared} />
    </>
  );
}

/**
 * register's options for the new password: a changed password checks its confirmation again, once
 * that has text or was left (an untouched empty confirmation stays quiet).
 */
export function rechecksConfirmation<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'getValues' | 'getFieldState' | 'trigger'>,
  confirmation: Path<Values>,
) {
  return {
    onChange: () => {
      if (form.getValues(confirmation) || form.getFieldState(confirmation).isTouched) void form.trigger(confirmation);
    },
  };
}
