import { z } from 'zod';
import { formatPhone } from '@testerhub/shared/account-rules';
import { referralRequestSchema, type ReferralRequest } from '@testerhub/shared/referral-schemas';
import { TextField } from '../../components/form-field';
import { phoneValue } from '../../lib/phone';
import { useSchemaForm } from '../../lib/use-schema-form';

const FIELDS = ['firstname', 'lastname', 'age', 'emailAddress', 'phoneNumber'] as const;
type FormValues = Record<(typeof FIELDS)[number], string>;
const EMPTY: FormValues = { firstname: '', lastname: '', age: '', emailAddress: '', phoneNumber: '' };

/** The controls hold a formatted phone; the payload has its digits, checked by the call's own schema. */
export const referralFormSchema = z
  .object({ firstname: z.string(), lastname: z.string(), age: z.string(), emailAddress: z.string(), phoneNumber: z.string() })
  .transform((values) => ({ ...values, phoneNumber: phoneValue(values.phoneNumber) }))
  .pipe(referralRequestSchema);

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
  const { field, handleSubmit, watch, setValue, getValues, reset } = useSchemaForm(referralFormSchema, { defaultValues: EMPTY });
  const values = watch();
  const ready = FIELDS.every((name) => values[name].trim() !== '') && referralFormSchema.safeParse(values).success;
  const phone = field('phoneNumber');

  const submit = handleSubmit(async (referral) => {
    if (await onRefer(referral)) reset(EMPTY);
  });

  return (
    <form className="referral__form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <div className="referral__grid">
        <TextField label="First name" {...field('firstname')} autoComplete="off" maxLength={60} required />
        <TextField label="Last name" {...field('lastname')} autoComplete="off" maxLength={60} required />
      </div>
      <TextField label="Age" {...field('age')} inputMode="numeric" autoComplete="off" maxLength={5} required />
      <TextField label="E-mail address" {...field('emailAddress')} type="email" autoComplete="off" maxLength={60} required />
      <TextField
        label="Phone number"
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
        hint="10 digits, including the area code."
        required
      />
      <div className="referral__actions">
        <button type="submit" className="button button--primary" disabled={!ready || busy} aria-busy={busy}>
          {busy ? 'Sending…' : 'Refer my friend'}
        </button>
      </div>
    </form>
  );
}
