import { useId, useMemo } from 'react';
import { z } from 'zod';
import { GENDERS, RACES, daysInMonth } from '@testerhub/shared/account-rules';
import {
  childBirthYearChoices,
  childRegistrationSchema,
  type ChildRegistrationPayload,
  type ChildRuleTexts,
} from '@testerhub/shared/children-schemas';
import type { Language } from '@testerhub/shared/i18n';
import { SelectField, TextField } from '../../components/form-field';
import { FormattedPhoneField } from '../../components/formatted-phone-field';
import { useLanguage } from '../../hooks/use-entry-language';
import { phoneProblem, phoneValue } from '../../lib/phone';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useChildTexts } from './child-texts';

const FIELDS = ['firstName', 'lastName', 'phone', 'race', 'gender', 'year', 'month', 'day'] as const;
type FormValues = Record<(typeof FIELDS)[number], string>;
const EMPTY: FormValues = { firstName: '', lastName: '', phone: '', race: '', gender: '', year: '', month: '', day: '' };

const number = (value: string) => (value ? Number(value) : undefined);

/**
 * The form's values are what the controls hold (strings, a formatted phone); they become the
 * shared payload (digits, numbers) and are then checked by the call's own schema.
 */
function childFormSchema(today: () => Date, language: Language, t: ChildRuleTexts) {
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
    .pipe(childRegistrationSchema(today, language, t));
}

/** The twelve months by name in the reader's language (the platform's names, none written by hand). */
function monthOptions(language: Language) {
  const name = new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => ({ value: String(index + 1), label: name.format(Date.UTC(2000, index, 1)) }));
}

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
  const t = useChildTexts();
  const language = useLanguage();
  const raceOptions = useMemo(() => RACES.map((race) => ({ value: race.raceID, label: race[language] })), [language]);
  const genderOptions = GENDERS.map((gender) => ({ value: gender, label: t(gender === 'M' ? 'genderM' : 'genderF') }));
  const monthChoices = useMemo(() => monthOptions(language), [language]);
  // The messages in the tester's language: the schema is made again when it changes, and the form re-words what it shows.
  const schema = useMemo(() => childFormSchema(() => new Date(), language, t), [language, t]);
  const { field, register, handleSubmit, watch, setValue, getValues } = useSchemaForm(schema, { defaultValues: EMPTY, language });
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
        <TextField label={t('firstName')} {...field('firstName')} autoComplete="off" maxLength={60} required />
        <TextField label={t('lastName')} {...field('lastName')} autoComplete="off" maxLength={60} required />
      </div>
      <FormattedPhoneField
        label={t('phone')}
        hint={t('phoneHint')}
        field={field('phone')}
        value={() => getValues('phone')}
        show={(formatted) => setValue('phone', formatted, { shouldValidate: true })}
      />
      <div className="child-form__grid">
        <SelectField label={t('race')} {...field('race')} options={raceOptions} placeholder={t('choose')} required />
        <SelectField label={t('gender')} {...field('gender')} options={genderOptions} placeholder={t('choose')} required />
      </div>
      <fieldset className="child-form__birth" aria-labelledby={birthId}>
        <legend id={birthId} className="form-field__label">
          {t('birthDate')}
        </legend>
        <div className="child-form__birth-selects">
          <SelectField label={t('year')} {...field('year')} {...yearField} options={years} placeholder={t('year')} required />
          <SelectField
            label={t('month')}
            {...field('month')}
            {...monthField}
            options={monthChoices}
            placeholder={t('month')}
            disabled={!year}
            required
          />
          <SelectField
            label={t('day')}
            {...field('day')}
            options={Array.from({ length: dayCount }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }))}
            placeholder={t('day')}
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
          {busy ? t('registering') : t('register')}
        </button>
        {!ready && (
          <p id={reasonId} className="button-reason">
            {t('registerNeeds')}
          </p>
        )}
      </div>
    </form>
  );
}
