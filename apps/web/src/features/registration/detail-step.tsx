import {
  BIRTH_SELECTS,
  registrationDetailFormSchema,
  type MoreInfoResponse,
  type RaceListResponse,
  type RegistrationDetail,
  type RegistrationDetailForm,
} from '@testerhub/shared/account-schemas';
import { useEffect, useId, useMemo, useState, type FocusEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { message, type Language } from '@testerhub/shared/account-messages';
import { AD_OTHER, GENDERS, RACES, birthDateOf, birthYearChoices, daysInMonth } from '@testerhub/shared/account-rules';
import { apiGet } from '../../lib/api';
import { fieldErrorText } from '../../lib/form-errors';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useCachedQuery } from '../../hooks/use-cached-query';
import { SelectField, TextField } from '../../components/form-field';
import { SchemaPhoneField } from '../../components/phone-field';
import type { RegistrationDraft } from './registration-draft';
import { REGISTRATION_TEXTS } from './registration-texts';

/** The fields in the order they show: a submit with problems focuses the first (the detail text appears mid-form, later than it registers). */
const FIELD_ORDER = ['gender', 'phone', 'raceId', 'adId', 'adDetail', ...BIRTH_SELECTS, 'acceptTerms'] as const;

interface DetailStepProps {
  language: Language;
  draft: RegistrationDraft;
  onChange: (patch: Partial<RegistrationDraft>) => void;
  today: Date;
  busy: boolean;
  /** Called with the checked values: the how-heard value is the one shown (a stored value not in the list became Other). */
  onComplete: (detail: RegistrationDetail) => void;
  back: ReactNode;
}

/** The how-heard value to show: the stored one when the list offers it, else Other. */
export function shownAdId(stored: string, ads: MoreInfoResponse['adsInfo'] | null): string {
  if (!ads) return AD_OTHER;
  return ads.some((ad) => ad.adID === stored) ? stored : AD_OTHER;
}

/** Step 3: gender, phone, race, how heard, date of birth (three selects), the terms; Complete registers. */
export function DetailStep({ language, draft, onChange, today, busy, onComplete, back }: DetailStepProps) {
  const t = REGISTRATION_TEXTS[language];
  const birthErrorId = useId();
  const termsId = useId();
  const termsErrorId = useId();
  const schema = useMemo(() => registrationDetailFormSchema(language, today), [language, today]);
  const [defaultValues] = useState<RegistrationDetailForm>(() => ({
    gender: draft.gender,
    phone: draft.phone,
    raceId: draft.raceId,
    adId: draft.adId,
    adDetail: draft.adDetail,
    year: draft.year,
    month: draft.month,
    day: draft.day,
    acceptTerms: draft.acceptTerms,
  }));
  const { field, register, handleSubmit, watch, trigger, getValues, setValue, setFocus, formState } = useSchemaForm(schema, {
    language,
    defaultValues,
    shouldFocusError: false,
  });
  const { errors, isSubmitted, isValid } = formState;
  // The date of birth is judged once focus has left its three selects (or at a submit), not between them.
  const [birthJudged, setBirthJudged] = useState(false);

  // The draft follows the form (session storage: Back and a reload find the values again).
  useEffect(() => {
    const subscription = watch((values) => onChange(values as Partial<RegistrationDraft>));
    return () => subscription.unsubscribe();
  }, [watch, onChange]);

  const races = useCachedQuery<RaceListResponse>(`race-list:${language}`, () =>
    apiGet<RaceListResponse>(`/account/GetRaceList?lang=${language}`),
  );
  const ads = useCachedQuery<MoreInfoResponse>('ads-info', () => apiGet<MoreInfoResponse>('/account/GetMoreInfo'));
  // The same codes are in the shared rules: shown at once, replaced by the server's list when it arrives.
  const raceOptions = (
    races.status === 'success' ? races.data.raceInfo : RACES.map((race) => ({ raceID: race.raceID, raceName: race[language] }))
  ).map((race) => ({
    value: race.raceID,
    label: race.raceName,
  }));
  const adsLoading = ads.status === 'loading';
  const adList = ads.status === 'success' ? ads.data.adsInfo : null;
  const adOptions = (adList ?? [{ adID: AD_OTHER, adName: '' }]).map((ad) => ({
    value: ad.adID,
    label: ad.adID === AD_OTHER ? t.other : ad.adName,
  }));

  // Once the list is known the select holds a value it offers (and shows it: its option may have been missing until now).
  useEffect(() => {
    if (!adsLoading) setValue('adId', shownAdId(getValues('adId'), adList), { shouldValidate: true });
  }, [adsLoading, adList, getValues, setValue]);

  const [adId, year, month, day] = watch(['adId', 'year', 'month', 'day']);
  const chosen = birthDateOf({ year, month, day });
  const dayCount = chosen.year && chosen.month ? daysInMonth(chosen.year, chosen.month) : 0;
  const birthError = BIRTH_SELECTS.map((name) => fieldErrorText(errors, name)).find(Boolean) ?? null;
  const pending = busy || adsLoading;
  const blocked = pending || !isValid;

  /** Month needs a year and day needs a month; a day past the month's end is dropped (29 February). */
  function keepBirthInOrder() {
    const birth = birthDateOf(getValues());
    if (!birth.year) setValue('month', '');
    if (!birth.year || !birth.month || birth.day > daysInMonth(birth.year, birth.month)) setValue('day', '');
    if (birthJudged) void trigger(BIRTH_SELECTS);
  }

  /** A date select: its own leaving does not judge the date (the group's does). */
  const birthSelect = (name: (typeof BIRTH_SELECTS)[number]) => ({ ...register(name, { onChange: keepBirthInOrder }), onBlur: undefined });

  function leaveBirth(event: FocusEvent<HTMLFieldSetElement>) {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setBirthJudged(true);
    void trigger(BIRTH_SELECTS);
  }

  // After a submit, Other's detail text says at once that it is needed, as every other field does.
  const adField = field('adId', {
    onChange: () => {
      if (isSubmitted) void trigger('adDetail');
    },
  });
  // A ticked or unticked box is judged at once.
  const { error: termsError, ...terms } = field('acceptTerms', { onChange: () => void trigger('acceptTerms') });

  // Problems show and take the focus even while the list loads or a registration is under way; a busy step never goes on.
  const submit = handleSubmit(
    (detail) => {
      if (!pending) onComplete(detail);
    },
    (problems) => {
      const first = FIELD_ORDER.find((name) => problems[name]);
      if (first) setFocus(first);
    },
  );

  const termsHref = language === 'es' ? '/popup/community-terms?lang=es' : '/popup/community-terms';

  return (
    <form
      className="registration-form"
      noValidate
      onSubmit={(event) => {
        setBirthJudged(true);
        void submit(event);
      }}
      aria-busy={busy}
    >
      <div className="registration-form__grid">
        <SelectField
          label={t.gender}
          {...field('gender')}
          options={GENDERS.map((gender) => ({ value: gender, label: t.genders[gender] }))}
          placeholder={t.genderPlaceholder}
          autoComplete="sex"
          required
        />
        <SchemaPhoneField
          language={language}
          field={field('phone')}
          value={() => getValues('phone')}
          show={(formatted) => setValue('phone', formatted, { shouldValidate: true })}
        />
      </div>
      <SelectField label={t.race} {...field('raceId')} options={raceOptions} placeholder={t.racePlaceholder} required />
      <SelectField label={t.howHeard} {...adField} options={adOptions} disabled={adsLoading} required />
      {adId === AD_OTHER && <TextField label={t.howDetail} {...field('adDetail')} required />}

      <fieldset className="registration-form__birth" aria-describedby={birthError ? birthErrorId : undefined} onBlur={leaveBirth}>
        <legend className="form-field__label">{t.birthDate}</legend>
        <p className="registration-form__note">{message('birthDateNote', language)}</p>
        <div className="registration-form__birth-selects">
          <SelectField
            label={t.year}
            {...birthSelect('year')}
            options={birthYearChoices(today).map((choice) => ({ value: String(choice), label: String(choice) }))}
            placeholder={t.yearPlaceholder}
            aria-invalid={!!birthError && !chosen.year}
            autoComplete="bday-year"
            required
          />
          <SelectField
            label={t.month}
            {...birthSelect('month')}
            options={t.months.map((name, index) => ({ value: String(index + 1), label: name }))}
            placeholder={t.monthPlaceholder}
            disabled={!chosen.year}
            aria-invalid={!!birthError && !!chosen.year && !chosen.month}
            autoComplete="bday-month"
            required
          />
          <SelectField
            label={t.day}
            {...birthSelect('day')}
            options={Array.from({ length: dayCount }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }))}
            placeholder={t.dayPlaceholder}
            disabled={!chosen.month}
            aria-invalid={!!birthError && !!chosen.month && !chosen.day}
            autoComplete="bday-day"
            required
          />
        </div>
        {birthError && (
          <p id={birthErrorId} className="form-field__error" role="alert">
            {birthError}
          </p>
        )}
      </fieldset>

      <div className={termsError ? 'registration-form__terms registration-form__terms--invalid' : 'registration-form__terms'}>
        <input
          id={termsId}
          type="checkbox"
          {...terms}
          aria-invalid={!!termsError}
          aria-describedby={termsError ? termsErrorId : undefined}
          required
        />
        <label htmlFor={termsId}>
          {t.termsBefore}
          <Link to={termsHref}>{t.termsLink}</Link>
          {t.termsAfter}
        </label>
      </div>
      {termsError && (
        <p id={termsErrorId} className="form-field__error" role="alert">
          {termsError}
        </p>
      )}

      <div className="registration-form__actions">
        {back}
        <button type="submit" className="button button--primary registration-form__submit" aria-disabled={blocked} aria-busy={busy}>
          {busy ? t.working : t.complete}
        </button>
      </div>
    </form>
  );
}
