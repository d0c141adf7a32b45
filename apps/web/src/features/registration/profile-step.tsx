import { registrationProfileFormSchema, type CheckLocationResponse } from '@testerhub/shared/account-schemas';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { message, type Language } from '@testerhub/shared/account-messages';
import { US_STATES, checkZip } from '@testerhub/shared/account-rules';
import { apiPost } from '../../lib/api';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SelectField, TextField } from '../../components/form-field';
import type { RegistrationDraft } from './registration-draft';
import { REGISTRATION_TEXTS } from './registration-texts';

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
  const schema = useMemo(() => registrationProfileFormSchema(language), [language]);
  const [defaultValues] = useState(() => ({
    firstName: draft.firstName,
    lastName: draft.lastName,
    zipCode: draft.zipCode,
    address: draft.address,
    city: draft.city,
    state: draft.state,
  }));
  const { field, handleSubmit, watch, formState } = useSchemaForm(schema, { language, defaultValues });
  const [locating, setLocating] = useState(false);
  // Only the answer for the zip typed last may update the notice.
  const latestZip = useRef(draft.zipCode);

  // The draft follows the typing (session storage: Back and a reload find the values again).
  useEffect(() => {
    const subscription = watch((values) => onChange(values as Partial<RegistrationDraft>));
    return () => subscription.unsubscribe();
  }, [watch, onChange]);

  const blocked = locating || !formState.isValid;
  const tooFar = checkZip(draft.zipCode) === null && draft.location?.zip === draft.zipCode && draft.location.tooFar;

  function changeZip(zip: string) {
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

  // Problems show and take the focus even while the zip is being located; a busy step never goes on.
  const submit = handleSubmit(() => {
    if (!locating) onNext();
  });

  return (
    <form className="registration-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={locating}>
      <div className="registration-form__grid">
        <TextField label={t.firstName} {...field('firstName')} autoComplete="given-name" required />
        <TextField label={t.lastName} {...field('lastName')} autoComplete="family-name" required />
      </div>
      <div className="registration-form__grid">
        <div>
          <TextField
            label={t.zipCode}
            {...field('zipCode')}
            onChange={(event) => {
              // field() again, not a copy made before the form: fields register in the order they show, which is the focus order.
              void field('zipCode').onChange(event);
              changeZip(event.target.value);
            }}
            inputMode="numeric"
            autoComplete="postal-code"
            required
          />
        </div>
      </div>
      <div className="registration-form__notice-slot" role="status">
        {tooFar && <p className="registration-form__notice">{message('zipTooFar', language)}</p>}
      </div>
      <TextField label={t.address} {...field('address')} autoComplete="street-address" required />
      <div className="registration-form__grid">
        <TextField label={t.city} {...field('city')} autoComplete="address-level2" required />
        <SelectField
          label={t.state}
          {...field('state')}
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
