import { useMemo } from 'react';
import { z } from 'zod';
import { formatPhone } from '@testerhub/shared/account-rules';
import { REFERRAL_LIMITS, referralRequestSchemaIn, type ReferralAgeTexts, type ReferralRequest } from '@testerhub/shared/referral-schemas';
import type { Language } from '@testerhub/shared/i18n';
import { TextField } from '../../components/form-field';
import { phoneValue } from '../../lib/phone';
import { useLanguage } from '../../hooks/use-entry-language';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useReferralTexts } from './referral-texts';

const FIELDS = ['firstname', 'lastname', 'age', 'emailAddress', 'phoneNumber'] as const;
type FormValues = Record<(typeof FIELDS)[number], string>;
const EMPTY: FormValues = { firstname: '', lastname: '', age: '', emailAddress: '', phoneNumber: '' };

/** The controls hold a formatted phone; the payload has its digits, checked by the call's own rule in the tester's language. */
const referralFormSchemaIn = (language: Language, ageTexts: ReferralAgeTexts) =>
  z
    .object({ firstname: z.string(), lastname: z.string(), age: z.string(), emailAddress: z.string(), phoneNumber: z.string() })
    .transform((values) => ({ ...values, phoneNumber: phoneValue(values.phoneNumber) }))
    .pipe(referralRequestSchemaIn(language, ageTexts));

interface ReferralFormProps {
  busy: boolean;
  /** Sends the referral; resolves true when it was made (the form then empties for the next friend). */
  onRefer: (referral: ReferralRequest) => Promise<boolean>;
}

/**
 * The referral form (spec 3, section 5): all five fields required, the age digits only, a simple
 * e-mail pattern, a 10-digit phone shown as (123)456-7890 once left. Submit stays disabled while
 * any field is empty or has a problem.
 */
export function ReferralForm({ busy, onRefer }: ReferralFormProps) {
  const t = useReferralTexts();
  const language = useLanguage();
  const schema = useMemo(
    () =>
      referralFormSchemaIn(language, { digitsOnly: t('digitsOnly'), ageTooLong: t('ageTooLong', { max: REFERRAL_LIMITS.ageDigitsMax }) }),
    [language, t],
  );
  const { field, handleSubmit, watch, setValue, getValues, reset } = useSchemaForm(schema, { language, defaultValues: EMPTY });
  const values = watch();
  const ready = FIELDS.every((name) => values[name].trim() !== '') && schema.safeParse(values).success;
  const phone = field('phoneNumber');

  const submit = handleSubmit(async (referral) => {
    if (await onRefer(referral)) reset(EMPTY);
  });

  return (
    <form className="referral__form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <div className="referral__grid">
        <TextField label={t('firstName')} {...field('firstname')} autoComplete="off" maxLength={60} required />
        <TextField label={t('lastName')} {...field('lastname')} autoComplete="off" maxLength={60} required />
      </div>
      <TextField label={t('age')} {...field('age')} inputMode="numeric" autoComplete="off" maxLength={5} required />
      <TextField label={t('emailAddress')} {...field('emailAddress')} type="email" autoComplete="off" maxLength={60} required />
      <TextField
        label={t('phoneNumber')}
        {...phone}
        onBlur={(event) => {
          void phone.onBlur(event);
          // 10 digits show as (123)456-7890; anything else stays as typed.
          const typed = getValues('phoneNumber');
          const shown = formatPhone(typed);
          if (shown !== typed) setValue('phoneNumber', shown, { shouldValidate: true });
        }}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        hint={t('phoneHint')}
        required
      />
      <div className="referral__actions">
        <button type="submit" className="button button--primary" disabled={!ready || busy} aria-busy={busy}>
          {busy ? t('sending') : t('submit')}
        </button>
      </div>
    </form>
  );
}
