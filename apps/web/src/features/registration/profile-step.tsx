import type { CheckLocationResponse } from '@testerhub/shared/account-schemas';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { message, type Language } from '@testerhub/shared/account-messages';
import { US_STATES, checkZip } from '@testerhub/shared/account-rules';
import { apiPost } from '../../lib/api';
import { SelectField, TextField } from '../../components/form-field';
import { useCheckedForm } from '../../hooks/use-checked-form';
import { profileErrors, type ProfileField, type RegistrationDraft } from './registration-draft';
import { REGISTRATION_TEXTS } from './registration-texts';

const FIELDS: readonly ProfileField[] = ['firstName', 'lastName', 'zipCode', 'address', 'city', 'state'];
const STATE_OPTIONS = US_STATES.map(([code, name]) => ({ value: code, label: name }));

interface ProfileStepProps {
  language: Language;
  draft: RegistrationDraft;
  onChange: (patch: Partial<RegistrationDraft>) => void;
  onNext: () => void;
  back: ReactNode;
}

/** Step 2: name and address; a valid zip is checked against the test sites (too far: a notice, not a block). */
export function ProfileStep({ language, draft, onChange, onNext, back }: ProfileStepProps) {
  const t = REGISTRATION_TEXTS[language];
  const [locating, setLocating] = useState(false);
  // Only the answer for the zip typed last may update the notice.
  const latestZip = useRef(draft.zipCode);

  const errors = profileErrors(draft);
  const { formRef, touch, shown, hasProblem, readyToSubmit } = useCheckedForm(FIELDS, errors, language);
  const blocked = locating || hasProblem;
  const tooFar = !errors.zipCode && draft.location?.zip === draft.zipCode && draft.location.tooFar;

  function changeZip(zip: string) {
    onChange({ zipCode: zip });
    latestZip.current = zip;
    if (checkZip(zip) !== null || draft.location?.zip === zip) {
      setLocating(false);
      return;
    }
    setLocating(true);
    apiPost<CheckLocationResponse>('/account/CheckLocation', zip)
      .then((answer) => {
        if (latestZip.current === zip) onChange({ location: { zip, tooFar: answer.tooFar } });
      })
      .catch(() => {
        // The notice is information only; registration goes on without it.
      })
      .finally(() => {
        if (latestZip.current === zip) setLocating(false);
      });
  }

  function submit(event: FormEvent) {
    if (readyToSubmit(event, locating)) onNext();
  }

  const text = (field: Exclude<ProfileField, 'state' | 'zipCode'>, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={field}
      value={draft[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      onBlur={() => touch(field)}
      error={shown(field)}
      autoComplete={autoComplete}
      required
    />
  );

  return (
    <form ref={formRef} className="registration-form" noValidate onSubmit={submit} aria-busy={locating}>
      <div className="registration-form__grid">
        {text('firstName', t.firstName, 'given-name')}
        {text('lastName', t.lastName, 'family-name')}
      </div>
      <div className="registration-form__grid">
        <div>
          <TextField
            label={t.zipCode}
            name="zipCode"
            value={draft.zipCode}
            onChange={(event) => changeZip(event.target.value)}
            onBlur={() => touch('zipCode')}
            error={shown('zipCode')}
            inputMode="numeric"
            autoComplete="postal-code"
            required
          />
        </div>
      </div>
      <div className="registration-form__notice-slot" role="status">
        {tooFar && <p className="registration-form__notice">{message('zipTooFar', language)}</p>}
      </div>
      {text('address', t.address, 'street-address')}
      <div className="registration-form__grid">
        {text('city', t.city, 'address-level2')}
        <SelectField
          label={t.state}
          name="state"
          value={draft.state}
          onChange={(event) => onChange({ state: event.target.value })}
          onBlur={() => touch('state')}
          error={shown('state')}
          options={STATE_OPTIONS}
          placeholder={t.statePlaceholder}
          autoComplete="address-level1"
          required
        />
      </div>
      <div className="registration-form__actions">
        {back}
        <button type="submit" className="button button--primary registration-form__submit" aria-disabled={blocked} aria-busy={locating}>
          {locating ? t.checking : t.next}
        </button>
      </div>
    </form>
  );
}
