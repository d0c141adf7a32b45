import { Link } from 'react-router';
import { BIOMETRIC_RETENTION_DAYS, COMPANY } from '@testerhub/shared/company';
import { ContactDetails, EffectiveDate } from './legal-parts';
import './legal.css';

export function BiometricPolicy() {
  return (
    <article className="legal">
      <EffectiveDate />
      <p>
        Some {COMPANY.legalName} test centres use a time clock that identifies you by a scan of your finger or face when you check in and
        out of a study. This policy explains what we collect through that time clock, why, how long we keep it and how we protect it. It
        adds to our <Link to="/popup/privacy">Privacy Policy</Link>.
      </p>

      <section aria-labelledby="bio-what">
        <h2 id="bio-what">What we collect</h2>
        <p>
          When you enrol at the time clock, it measures features of your fingerprint or face and turns them into a numeric template. The
          template is what we store; it cannot be turned back into an image of your finger or face. Together with the template, the clock
          records the dates and times you clock in and out.
        </p>
      </section>

      <section aria-labelledby="bio-why">
        <h2 id="bio-why">Why we collect it</h2>
        <p>We use biometric data only to:</p>
        <ul>
          <li>confirm that the person checking in is the tester who was invited;</li>
          <li>record arrival and departure times for the session, so that attendance and incentives are accurate;</li>
          <li>prevent one person from taking part under several names or taking someone else's place.</li>
        </ul>
        <p>We never use it for marketing, and we never sell, lease, trade or otherwise profit from it.</p>
      </section>

      <section aria-labelledby="bio-consent">
        <h2 id="bio-consent">Your consent</h2>
        <p>
          We ask for your written consent before your first scan. If you prefer not to give it, tell the check-in staff: they will check you
          in by your photo ID instead, and your choice will not affect your eligibility for studies.
        </p>
      </section>

      <section aria-labelledby="bio-share">
        <h2 id="bio-share">Who can see it</h2>
        <p>
          Access is limited to the staff and the time-clock service provider who need it for the purposes above. The provider acts only on
          our instructions and is bound to protect the data. We do not disclose biometric data to anyone else unless you consent, or the
          law, a subpoena or a court order requires it.
        </p>
      </section>

      <section aria-labelledby="bio-keep">
        <h2 id="bio-keep">How long we keep it</h2>
        <p>We permanently destroy your biometric data at the earliest of these moments:</p>
        <ul>
          <li>{BIOMETRIC_RETENTION_DAYS} days have passed since you last clocked in at any of our test centres;</li>
          <li>your relationship with us as a tester ends, for example when you withdraw or your registration is removed;</li>
          <li>the purpose for which it was collected has been met, or the law requires its destruction sooner.</li>
        </ul>
      </section>

      <section aria-labelledby="bio-protect">
        <h2 id="bio-protect">How we protect it</h2>
        <p>
          Biometric templates are encrypted when stored and when sent, linked to a tester number rather than stored with your name and
          contact details, and protected with at least the same care we give to other confidential information, such as payment records.
        </p>
      </section>

      <section aria-labelledby="bio-contact">
        <h2 id="bio-contact">Questions</h2>
        <p>To ask about this policy or to have your biometric data deleted early, contact:</p>
        <ContactDetails email={COMPANY.privacyEmail} />
      </section>

      <p className="legal__back">
        <Link to="/popup/privacy">&larr; Go back to the Privacy Policy</Link>
      </p>
    </article>
  );
}
