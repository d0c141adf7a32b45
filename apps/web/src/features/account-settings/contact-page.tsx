import { useState } from 'react';
import { z } from 'zod';
import { message } from '@testerhub/shared/account-messages';
import { checkZip, formatPhone, LIMITS } from '@testerhub/shared/account-rules';
import { ACCOUNT_SETTINGS_TEXTS, changeContactSchema, type ContactInfoResponse } from '@testerhub/shared/account-settings-schemas';
import { MessagePopup, type PopupMessage } from '../../components/message-popup';
import { RetryAlert } from '../../components/retry-alert';
import { TextField } from '../../components/form-field';
import { FormattedPhoneField } from '../../components/formatted-phone-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { phoneValue } from '../../lib/phone';
import { shownFailure, viewStatus } from '../../lib/query-status';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useChangeContact } from './api/change-contact';
import { useCheckLocation } from './api/check-location';
import { useContact } from './api/get-contact';
import { SettingsSubmit } from './settings-submit';
import './account-settings.css';

/** The form holds the phone as typed (formatted once left); the call's schema checks its digits. */
const contactFormSchema = z
  .object({ address: z.string(), city: z.string(), zipCode: z.string(), phone: z.string() })
  .transform((values) => ({ ...values, phone: phoneValue(values.phone) }))
  .pipe(changeContactSchema);

const FAILED: PopupMessage = { data: 'Contact Update Failed', message: ACCOUNT_SETTINGS_TEXTS.contactFailed };

/** /community/main/account/contact: change address, city, zip and phone (spec 3, sections 5 and 8; decision 035). */
export function ContactPage() {
  usePageTitle('Change contact info');
  const contact = useContact();
  const status = viewStatus(contact);
  return (
    <section className="account-settings" aria-labelledby="contact-title">
      <h1 id="contact-title" className="account-settings__title">
        Change contact info
      </h1>
      {status === 'pending' && <p role="status">Loading your contact information…</p>}
      {status === 'error' && (
        <RetryAlert
          className="account-settings__alert"
          text="We could not load your contact information."
          onRetry={() => void contact.refetch()}
        />
      )}
      {status === 'success' && contact.data && <ContactForm stored={contact.data} />}
    </section>
  );
}

function ContactForm({ stored }: { stored: ContactInfoResponse }) {
  const { field, handleSubmit, getValues, setValue, watch } = useSchemaForm(contactFormSchema, {
    defaultValues: { address: stored.address, city: stored.city, zipCode: stored.zipCode, phone: formatPhone(stored.homeNo) },
  });
  const change = useChangeContact();
  const [popup, setPopup] = useState<PopupMessage | null>(null);
  // The zip whose site was asked: set when a 5-digit zip is left (spec 3, section 8: the too-far notice).
  const [checkedZip, setCheckedZip] = useState<string | null>(checkZip(stored.zipCode) === null ? stored.zipCode : null);
  const location = useCheckLocation(checkedZip);
  const zip = field('zipCode');
  // The notice belongs to the zip it was asked for: it goes as soon as the zip is edited.
  const zipNow = watch('zipCode');

  const submit = handleSubmit((contact) => {
    change.mutate(contact, {
      onSuccess: (answer) =>
        setPopup(answer.status === 'succeed' ? { data: 'Contact Updated', message: ACCOUNT_SETTINGS_TEXTS.contactSaved } : FAILED),
      onError: (error) => {
        if (shownFailure(error)) setPopup(FAILED);
      },
    });
  });

  return (
    <>
      <form className="account-settings__form" noValidate onSubmit={(event) => void submit(event)} aria-busy={change.isPending}>
        <TextField label="Address" {...field('address')} autoComplete="street-address" maxLength={LIMITS.addressMax * 2} required />
        <TextField label="City" {...field('city')} autoComplete="address-level2" maxLength={LIMITS.cityMax * 2} required />
        <TextField
          label="Zip code"
          {...zip}
          onBlur={(event) => {
            void zip.onBlur(event);
            const typed = getValues('zipCode');
            if (checkZip(typed) === null) setCheckedZip(typed);
          }}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          required
        />
        {location.data?.tooFar && checkedZip === zipNow && (
          <p className="account-settings__notice" role="status">
            {message('zipTooFar')}
          </p>
        )}
        <FormattedPhoneField
          label="Phone number"
          hint="10 digits, including the area code."
          field={field('phone')}
          value={() => getValues('phone')}
          show={(formatted) => setValue('phone', formatted, { shouldValidate: true })}
        />
        <SettingsSubmit busy={change.isPending} label="Save contact info" busyLabel="Saving…" />
      </form>
      {popup && <MessagePopup {...popup} onClose={() => setPopup(null)} />}
    </>
  );
}
