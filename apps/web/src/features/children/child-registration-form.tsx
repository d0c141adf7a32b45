import { useId, useMemo } from 'react';
import { z } from 'zod';
import { GENDERS, RACES, daysInMonth } from '@testerhub/shared/account-rules';
import { childBirthYearChoices, childRegistrationSchema, type ChildRegistrationPayload } from '@testerhub/shared/children-schemas';
import { SelectField, TextField } from '../../components/form-field';
import { FormattedPhoneField } from '../../components/formatted-phone-field';
import { phoneProblem, phoneValue } from '../../lib/phone';
import { useSchemaForm } from '../../lib/use-schema-form';
import { CHILD_FORM_TEXTS as T } from './child-texts';

const FIELDS = ['firstName', 'lastName', 'phone', 'race', 'gender', 'year', 'month', 'day'] as const;
type FormValues = Record<(typeof FIELDS)[number], string>;
const EMPTY: FormValues = { firstName: '', lastName: '', phone: '', race: '', gender: '', year: '', month: '', day: '' };

const number = (value: string) => (value ? Number(value) : undefined);

/**
 * The form's values are what the controls hold (strings, a formatted phone); they become the
 * shared payload (digits, numbers) and are then checked by the call's own schema.
 */
function childFormSchema(today: () => Date) {
  return z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string(),
      race: z.string(),
      gender: z.string(),
      year: z.string(),
      month: z.string(),
      day: z.string(),
    })
    .transform((values) => ({
      ...values,
      phone: phoneValue(values.phone),
      race: values.race || undefined,
      gender: values.gender || undefined,
      year: number(values.year),
      month: number(values.month),
      day: number(values.day),
    }))
    .pipe(childRegistrationSchema(today));
}

const RACE_OPTIONS = RACES.map((race) => ({ value: race.raceID, label: race.en }));
const GENDER_OPTIONS = GENDERS.map((gender) => ({ value: gender, label: T.genders[gender] }));
const MONTH_OPTIONS = T.months.map((name, index) => ({ value: String(index + 1), label: name }));

interface ChildRegistrationFormProps {
  busy: boolean;
  onRegister: (child: ChildRegistrationPayload) => void;
}

/**
 * The child registration form (spec 3, section 5): names up to 50, a 10-digit phone shown
 * formatted once left, race, gender, and the birth date as year, then month, then day (the
 * month's own days). Register stays disabled until every field is filled and the phone is valid.
 */
export function ChildRegistrationForm({ busy, onRegister }: ChildRegistrationFormProps) {
  const schema = useMemo(() => childFormSchema(() => new Date()), []);
  const { field, register, handleSubmit, watch, setValue, getValues } = useSchemaForm(schema, { defaultValues: EMPTY });
  const years = useMemo(() => childBirthYearChoices(new Date()).map((year) => ({ value: String(year), label: String(year) })), []);
  const birthId = useId();
  const reasonId = useId();

  const values = watch();
  const year = Number(values.year) || 0;
  const month = Number(values.month) || 0;
  const dayCount = year && month ? daysInMonth(year, month) : 0;
  const ready = FIELDS.every((name) => values[name].trim() !== '') && phoneProblem(values.phone) === null;

  // Month needs a year and day a month; a day past the month's end is dropped (29 February).
  const fitDay = (nextYear: number, nextMonth: number) => {
    const day = Number(getValues('day'));
    if (day && (!nextYear || !nextMonth || day > daysInMonth(nextYear, nextMonth))) setValue('day', '');
  };
  const yearField = register('year', {
    onChange: () => {
      const nextYear = Number(getValues('year')) || 0;
      if (!nextYear) setValue('month', '');
      fitDay(nextYear, Number(getValues('month')) || 0);
    },
  });
  const monthField = register('month', { onChange: () => fitDay(year, Number(getValues('month')) || 0) });

  return (
    <form className="child-form" noValidate onSubmit={(event) => void handleSubmit(onRegister)(event)} aria-busy={busy}>
      <div className="child-form__grid">
        <TextField label={T.firstName} {...field('firstName')} autoComplete="off" maxLength={60} required />
        <TextField label={T.lastName} {...field('lastName')} autoComplete="off" maxLength={60} required />
      </div>
      <FormattedPhoneField
        label={T.phone}
        hint={T.phoneHint}
        field={field('phone')}
        value={() => getValues('phone')}
        show={(formatted) => setValue('phone', formatted, { shouldValidate: true })}
      />
      <div className="child-form__grid">
        <SelectField label={T.race} {...field('race')} options={RACE_OPTIONS} placeholder={T.choose} required />
        <SelectField label={T.gender} {...field('gender')} options={GENDER_OPTIONS} placeholder={T.choose} required />
      </div>
      <fieldset className="child-form__birth" aria-labelledby={birthId}>
        <legend id={birthId} className="form-field__label">
          {T.birthDate}
        </legend>
        <div className="child-form__birth-selects">
          <SelectField label={T.year} {...field('year')} {...yearField} options={years} placeholder={T.year} required />
          <SelectField
            label={T.month}
            {...field('month')}
            {...monthField}
            options={MONTH_OPTIONS}
            placeholder={T.month}
            disabled={!year}
            required
          />
          <SelectField
            label={T.day}
            {...field('day')}
            options={Array.from({ length: dayCount }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }))}
            placeholder={T.day}
            disabled={!month}
            required
          />
        </div>
      </fieldset>
      <div className="child-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={!ready || busy}
          aria-busy={busy}
          aria-describedby={ready ? undefined : reasonId}
        >
          {busy ? T.registering : T.register}
        </button>
        {!ready && (
          <p id={reasonId} className="button-reason">
            {T.registerNeeds}
          </p>
        )}
      </div>
    </form>
  );
}
