import type { FocusEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Language } from '@testerhub/shared/account-messages';
import { formatPhone } from '@testerhub/shared/account-rules';
import { phoneProblem } from '../lib/phone';
import { TextField } from './form-field';

const TEXTS: Record<Language, { label: string; hint: string }> = {
  en: { label: 'Phone number', hint: '10 digits, including the area code.' },
  es: { label: 'Número de teléfono', hint: '10 dígitos, incluyendo el código de área.' },
};

interface SchemaPhoneFieldProps {
  language: Language;
  /** useSchemaForm's field('phone'): register's props and the message. */
  field: UseFormRegisterReturn & { error: string | null };
  /** The value as typed, and a way to show it formatted (and check it again). */
  value: () => string;
  show: (formatted: string) => void;
}

/**
 * The phone number of the entry forms (join, re-engagement, registration), on useSchemaForm
 * (decision 091): any formatting may be typed, the digits are what counts, and a valid number is
 * shown as (123)456-7890 once left.
 */
export function SchemaPhoneField({ language, field, value, show }: SchemaPhoneFieldProps) {
  const t = TEXTS[language];
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    void field.onBlur(event);
    const typed = value();
    // Anything that is not a valid number stays exactly as typed.
    if (phoneProblem(typed) === null) show(formatPhone(typed));
  };
  return (
    <TextField label={t.label} {...field} onBlur={onBlur} type="tel" hint={t.hint} inputMode="tel" autoComplete="tel-national" required />
  );
}
