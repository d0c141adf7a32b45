import { COMPANY, LEGAL_TEXTS_EFFECTIVE_DATE } from '@testerhub/shared/company';

/** A tel: address from a displayed US number such as "(800) 555-0142". */
function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${digits.length === 10 ? `+1${digits}` : `+${digits}`}`;
}

export function PhoneLink({ phone }: { phone: string }) {
  return <a href={telHref(phone)}>{phone}</a>;
}

export function EmailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

// UTC on both sides, so the prerendered date and the hydrated one never differ by a day.
const EFFECTIVE_DATE = new Date(`${LEGAL_TEXTS_EFFECTIVE_DATE}T00:00:00Z`);

export function EffectiveDate({ lang = 'en' }: { lang?: 'en' | 'es' }) {
  const formatted = new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(EFFECTIVE_DATE);
  return (
    <p className="legal__effective">
      {lang === 'es' ? 'Vigente desde el' : 'Effective date:'} <time dateTime={LEGAL_TEXTS_EFFECTIVE_DATE}>{formatted}</time>
    </p>
  );
}

/** The company's postal, phone and e-mail details, as closing sections of the policies show them. */
export function ContactDetails({ email = COMPANY.supportEmail }: { email?: string }) {
  return (
    <address className="legal__contact">
      {COMPANY.legalName}
      <br />
      {COMPANY.mailingAddress}
      <br />
      Phone: <PhoneLink phone={COMPANY.supportPhone} /> ({COMPANY.supportHours})
      <br />
      E-mail: <EmailLink email={email} />
    </address>
  );
}
