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
