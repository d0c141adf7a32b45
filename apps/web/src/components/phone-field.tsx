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

interface PhoneFieldProps {
  language: Language;
  /** As typed (possibly formatted); phoneValue gives the digits to send. */
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  /** The field was left: its message may show from now on. */
  onLeave: () => void;
}

/**
 * The phone number of the entry forms (join, re-engagement, registration): any formatting may
 * be typed, the digits are what counts, and a valid number is shown as (123)456-7890 once left.
 */
export function PhoneField({ language, value, error, onChange, onLeave }: PhoneFieldProps) {
  const t = TEXTS[language];
  return (
    <TextField
      label={t.label}
      name="phone"
      type="tel"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        onLeave();
        // Anything that is not a valid number stays exactly as typed.
        if (phoneProblem(value) === null) onChange(formatPhone(value));
      }}
      error={error}
      hint={t.hint}
      inputMode="tel"
      autoComplete="tel-national"
      required
    />
  );
}

interface SchemaPhoneFieldProps {
  language: Language;
  /** useSchemaForm's field('phone'): register's props and the message. */
  field: UseFormRegisterReturn & { error: string | null };
  /** The value as typed, and a way to show it formatted (and check it again). */
  value: () => string;
  show: (formatted: string) => void;
}

/** PhoneField for a form on useSchemaForm (decision 091): the same label, hint and formatting once left. */
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
