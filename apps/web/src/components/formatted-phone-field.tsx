import type { FocusEvent, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatPhone } from '@testerhub/shared/account-rules';
import { TextField } from './form-field';

interface FormattedPhoneFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** useSchemaForm's field('phone'): register's props and the message. */
  field: UseFormRegisterReturn & { error: string | null };
  /** The value as typed, and a way to show it formatted (and check it again). */
  value: () => string;
  show: (formatted: string) => void;
}

/**
 * The phone field of the portal's schema forms (spec 3, section 5): once left, 10 digits show as
 * (123)456-7890 and 11 starting with 1 as +1(123)456-7890 (still refused: the calls take 10);
 * anything else stays as typed. The form's schema sends the digits.
 */
export function FormattedPhoneField({ label, hint, field, value, show }: FormattedPhoneFieldProps) {
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    void field.onBlur(event);
    const typed = value();
    const shown = formatPhone(typed);
    if (shown !== typed) show(shown);
  };
  return <TextField label={label} {...field} onBlur={onBlur} type="tel" inputMode="tel" autoComplete="tel-national" hint={hint} required />;
}
