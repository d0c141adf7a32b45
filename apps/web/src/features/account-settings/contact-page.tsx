import { useMemo, useState } from 'react';
import { z } from 'zod';
import { message } from '@testerhub/shared/account-messages';
import { checkZip, formatPhone, LIMITS } from '@testerhub/shared/account-rules';
import { contactSchemaIn, type ContactInfoResponse } from '@testerhub/shared/account-settings-schemas';
import type { Language } from '@testerhub/shared/i18n';
import { MessagePopup, type PopupMessage } from '../../components/message-popup';
import { RetryAlert } from '../../components/retry-alert';
import { TextField } from '../../components/form-field';
import { FormattedPhoneField } from '../../components/formatted-phone-field';
import { useLanguage } from '../../hooks/use-entry-language';
import { usePageTitle } from '../../hooks/use-page-title';
import { phoneValue } from '../../lib/phone';
import { shownFailure, viewStatus } from '../../lib/query-status';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useAccountSettingsTexts } from './account-settings-texts';
import { useChangeContact } from './api/change-contact';
import { useCheckLocation } from './api/check-location';
import { useContact } from './api/get-contact';
import { SettingsSubmit } from './settings-submit';
import './account-settings.css';

/** The form holds the phone as typed (formatted once left); the call's schema checks its digits, in the tester's language. */
const contactFormSchemaIn = (language: Language) =>
  z
    .object({ address: z.string(), city: z.string(), zipCode: z.string(), phone: z.string() })
    .transform((values) => ({ ...values, phone: phoneValue(values.phone) }))
    .pipe(contactSchemaIn(language));

/** /community/main/account/contact: change address, city, zip and phone (spec 3, sections 5 and 8; decision 035). */
export function ContactPage() {
  const t = useAccountSettingsTexts();
  usePageTitle(t('contactTitle'));
  const contact = useContact();
  const status = viewStatus(contact);
  return (
    <section className="account-settings" aria-labelledby="contact-title">
      <h1 id="contact-title" className="account-settings__title">
        {t('contactTitle')}
      </h1>
      {status === 'pending' && <p role="status">{t('contactLoading')}</p>}
      {status === 'error' && (
        <RetryAlert className="account-settings__alert" text={t('contactLoadFailed')} onRetry={() => void contact.refetch()} />
      )}
      {status === 'success' && contact.data && <ContactForm stored={contact.data} />}
    </section>
  );
}

function ContactForm({ stored }: { stored: ContactInfoResponse }) {
  const language = useLanguage();
  const schema = useMemo(() => contactFormSchemaIn(language), [language]);
  const { field, handleSubmit, getValues, setValue, watch } = useSchemaForm(schema, {
    language,
    defaultValues: { address: stored.address, city: stored.city, zipCode: stored.zipCode, phone: formatPhone(stored.homeNo) },
  });
  const change = useChangeContact();
  const t = useAccountSettingsTexts();
  const [popup, setPopup] = useState<PopupMessage | null>(null);
  // The zip whose site was asked: set when a 5-digit zip is left (spec 3, section 8: the too-far notice).
  const [checkedZip, setCheckedZip] = useState<string | null>(checkZip(stored.zipCode) === null ? stored.zipCode : null);
  const location = useCheckLocation(checkedZip);
  const zip = field('zipCode');
  // The notice belongs to the zip it was asked for: it goes as soon as the zip is edited.
  const zipNow = watch('zipCode');

  const failed: PopupMessage = { data: t('contactFailedTitle'), message: t('contactFailed') };

  const submit = handleSubmit((contact) => {
    change.mutate(contact, {
      onSuccess: (answer) => setPopup(answer.status === 'succeed' ? { data: t('contactSavedTitle'), message: t('contactSaved') } : failed),
      onError: (error) => {
        if (shownFailure(error)) setPopup(failed);
      },
    });
  });

  return (
    <>
      <form className="account-settings__form" noValidate onSubmit={(event) => void submit(event)} aria-busy={change.isPending}>
        <TextField label={t('address')} {...field('address')} autoComplete="street-address" maxLength={LIMITS.addressMax * 2} required />
        <TextField label={t('city')} {...field('city')} autoComplete="address-level2" maxLength={LIMITS.cityMax * 2} required />
        <TextField
          label={t('zipCode')}
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
            {message('zipTooFar', language)}
          </p>
        )}
        <FormattedPhoneField
          label={t('phone')}
          hint={t('phoneHint')}
          field={field('phone')}
          value={() => getValues('phone')}
          show={(formatted) => setValue('phone', formatted, { shouldValidate: true })}
        />
        <SettingsSubmit busy={change.isPending} label={t('contactSubmit')} busyLabel={t('saving')} />
      </form>
      {popup && <MessagePopup {...popup} onClose={() => setPopup(null)} />}
    </>
  );
}
