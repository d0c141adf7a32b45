import type { MoreInfoResponse, RaceListResponse } from '@testerhub/shared/account-schemas';
import { useId, type FocusEvent, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { message, type Language } from '@testerhub/shared/account-messages';
import { AD_OTHER, GENDERS, RACES, birthYearChoices, daysInMonth } from '@testerhub/shared/account-rules';
import { apiGet } from '../../lib/api';
import { useCachedQuery } from '../../hooks/use-cached-query';
import { useCheckedForm } from '../../hooks/use-checked-form';
import { SelectField, TextField } from '../../components/form-field';
import { PhoneField } from '../../components/phone-field';
import { detailErrors, type DetailField, type RegistrationDraft } from './registration-draft';
import { REGISTRATION_TEXTS } from './registration-texts';

const FIELDS: readonly DetailField[] = ['gender', 'phone', 'raceId', 'adId', 'adDetail', 'birth', 'acceptTerms'];

interface DetailStepProps {
  language: Language;
  draft: RegistrationDraft;
  onChange: (patch: Partial<RegistrationDraft>) => void;
  today: Date;
  busy: boolean;
  /** Called with the how-heard value actually shown (a stored value not in the list becomes Other). */
  onComplete: (adId: string) => void;
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
  const adList = ads.status === 'success' ? ads.data.adsInfo : null;
  const adId = ads.status === 'loading' ? draft.adId : shownAdId(draft.adId, adList);
  const adOptions = (adList ?? [{ adID: AD_OTHER, adName: '' }]).map((ad) => ({
    value: ad.adID,
    label: ad.adID === AD_OTHER ? t.other : ad.adName,
  }));

  const year = Number(draft.year) || 0;
  const month = Number(draft.month) || 0;
  const errors = detailErrors(draft, adId, today);
  // A wrong date of birth is reported on the first of its three selects still empty.
  const { formRef, touch, shown, hasProblem, readyToSubmit } = useCheckedForm(FIELDS, errors, language, {
    controlOf: (field) => (field === 'birth' ? (!year ? 'year' : !month ? 'month' : 'day') : field),
  });
  const blocked = busy || ads.status === 'loading' || hasProblem;
  const dayCount = year && month ? daysInMonth(year, month) : 0;
  const birthError = shown('birth');

  function changeYear(value: string) {
    const nextYear = Number(value) || 0;
    // Month needs a year and day needs a month; a day past the month's end is dropped (29 February).
    if (!nextYear) return onChange({ year: '', month: '', day: '' });
    const day = month && Number(draft.day) > daysInMonth(nextYear, month) ? '' : draft.day;
    onChange({ year: value, day });
  }

  function changeMonth(value: string) {
    const nextMonth = Number(value) || 0;
    if (!nextMonth) return onChange({ month: '', day: '' });
    const day = Number(draft.day) > daysInMonth(year, nextMonth) ? '' : draft.day;
    onChange({ month: value, day });
  }

  // The date is judged when focus leaves all three selects, not between them.
  function leaveBirth(event: FocusEvent<HTMLFieldSetElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) touch('birth');
  }

  function submit(event: FormEvent) {
    if (readyToSubmit(event, busy || ads.status === 'loading')) onComplete(adId);
  }

  const termsHref = language === 'es' ? '/popup/community-terms?lang=es' : '/popup/community-terms';

  return (
    <form ref={formRef} className="registration-form" noValidate onSubmit={submit} aria-busy={busy}>
      <div className="registration-form__grid">
        <SelectField
          label={t.gender}
          name="gender"
          value={draft.gender}
          onChange={(event) => onChange({ gender: event.target.value })}
          onBlur={() => touch('gender')}
          error={shown('gender')}
          options={GENDERS.map((gender) => ({ value: gender, label: t.genders[gender] }))}
          placeholder={t.genderPlaceholder}
          autoComplete="sex"
          required
        />
        <PhoneField
          language={language}
          value={draft.phone}
          error={shown('phone')}
          onChange={(phone) => onChange({ phone })}
          onLeave={() => touch('phone')}
        />
      </div>
      <SelectField
        label={t.race}
        name="raceId"
        value={draft.raceId}
        onChange={(event) => onChange({ raceId: event.target.value })}
        onBlur={() => touch('raceId')}
        error={shown('raceId')}
        options={raceOptions}
        placeholder={t.racePlaceholder}
        required
      />
      <SelectField
        label={t.howHeard}
        name="adId"
        value={adId}
        onChange={(event) => onChange({ adId: event.target.value })}
        onBlur={() => touch('adId')}
        error={shown('adId')}
        options={adOptions}
        disabled={ads.status === 'loading'}
        required
      />
      {adId === AD_OTHER && (
        <TextField
          label={t.howDetail}
          name="adDetail"
          value={draft.adDetail}
          onChange={(event) => onChange({ adDetail: event.target.value })}
          onBlur={() => touch('adDetail')}
          error={shown('adDetail')}
          required
        />
      )}

      <fieldset className="registration-form__birth" aria-describedby={birthError ? birthErrorId : undefined} onBlur={leaveBirth}>
        <legend className="form-field__label">{t.birthDate}</legend>
        <p className="registration-form__note">{message('birthDateNote', language)}</p>
        <div className="registration-form__birth-selects">
          <SelectField
            label={t.year}
            name="year"
            value={draft.year}
            onChange={(event) => changeYear(event.target.value)}
            options={birthYearChoices(today).map((choice) => ({ value: String(choice), label: String(choice) }))}
            placeholder={t.yearPlaceholder}
            aria-invalid={!!birthError && !year}
            autoComplete="bday-year"
            required
          />
          <SelectField
            label={t.month}
            name="month"
            value={draft.month}
            onChange={(event) => changeMonth(event.target.value)}
            options={t.months.map((name, index) => ({ value: String(index + 1), label: name }))}
            placeholder={t.monthPlaceholder}
            disabled={!year}
            aria-invalid={!!birthError && !!year && !month}
            autoComplete="bday-month"
            required
          />
          <SelectField
            label={t.day}
            name="day"
            value={draft.day}
            onChange={(event) => onChange({ day: event.target.value })}
            options={Array.from({ length: dayCount }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }))}
            placeholder={t.dayPlaceholder}
            disabled={!month}
            aria-invalid={!!birthError && !!month && !draft.day}
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

      <div className={shown('acceptTerms') ? 'registration-form__terms registration-form__terms--invalid' : 'registration-form__terms'}>
        <input
          id={termsId}
          type="checkbox"
          name="acceptTerms"
          checked={draft.acceptTerms}
          onChange={(event) => {
            touch('acceptTerms');
            onChange({ acceptTerms: event.target.checked });
          }}
          onBlur={() => touch('acceptTerms')}
          aria-invalid={!!shown('acceptTerms')}
          aria-describedby={shown('acceptTerms') ? termsErrorId : undefined}
          required
        />
        <label htmlFor={termsId}>
          {t.termsBefore}
          <Link to={termsHref}>{t.termsLink}</Link>
          {t.termsAfter}
        </label>
      </div>
      {shown('acceptTerms') && (
        <p id={termsErrorId} className="form-field__error" role="alert">
          {shown('acceptTerms')}
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
