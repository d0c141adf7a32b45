import { Link } from 'react-router';
import { COMPANY, MINIMUM_ONLINE_AGE } from '@testerhub/shared/company';
import { COOKIE_POLICY_LIFETIME_DAYS } from '@testerhub/shared/marketing';
import { ContactDetails, EffectiveDate, EmailLink, PhoneLink } from './legal-parts';
import './legal.css';

export function PrivacyPolicy() {
  return (
    <article className="legal">
      <EffectiveDate />
      <p>
        {COMPANY.legalName} ("we", "us" or "our") runs the {COMPANY.communityName} tester community. This policy explains what personal
        information we collect, how we use and share it, and the choices you have. It applies to our website, the tester portal, our
        communications with you and your visits to our test centres.
      </p>

      <section aria-labelledby="pp-collect">
        <h2 id="pp-collect">Information we collect</h2>
        <h3>Information you give us</h3>
        <ul>
          <li>Account details: username, e-mail address and password.</li>
          <li>
            Profile details: name, postal address, zip code, phone number, date of birth, gender, race or ethnicity, and how you heard about
            us.
          </li>
          <li>Answers to screeners, About-me questions, quick surveys and studies, including your opinions of the products you test.</li>
          <li>Information about your children that you, as their parent or guardian, give us so that they can take part in studies.</li>
          <li>The name, age, e-mail address and phone number of friends you refer, which you may share only with their agreement.</li>
          <li>Your contact preferences and any messages you send us.</li>
        </ul>
        <h3>Information collected automatically</h3>
        <p>
          When you use the Site we receive technical data such as your IP address, browser type, device, the pages you visit and the
          advertisement or link that brought you to us. We use cookies and your browser's storage for this, as described below.
        </p>
        <h3>Information collected at our test centres</h3>
        <p>
          We check your government-issued photo ID when you arrive and record your attendance. Where a time clock with a finger or face scan
          is used for check-in, we handle that data as described in our{' '}
          <Link to="/popup/biometric-private-policy">Biometric Data Policy</Link>. Some sessions are observed or recorded on audio or video
          for research purposes; we tell you before any such session begins.
        </p>
      </section>

      <section aria-labelledby="pp-use">
        <h2 id="pp-use">How we use your information</h2>
        <ul>
          <li>to create and manage your account and confirm your identity and eligibility;</li>
          <li>to match you with studies and invite you by phone, text message or e-mail;</li>
          <li>to schedule your visits, check you in and pay your incentives;</li>
          <li>to run coins, rewards, drawings and the referral program, and to deliver prizes;</li>
          <li>to analyse study results and report them to our clients;</li>
          <li>to keep the community fair, for example by detecting duplicate accounts or fraudulent answers;</li>
          <li>to improve the Site, fix problems and keep our systems secure;</li>
          <li>to meet our legal obligations and enforce our terms.</li>
        </ul>
      </section>

      <section aria-labelledby="pp-share">
        <h2 id="pp-share">How we share information</h2>
        <p>
          <strong>We do not sell your personal information.</strong> Study results go to our clients in anonymous form, combined with the
          answers of other testers; your name and contact details are not included. We share personal information only:
        </p>
        <ul>
          <li>
            with service providers who work on our behalf, such as hosting, e-mail, text messaging, payment and gift-card companies, under
            contracts that limit their use of it;
          </li>
          <li>when the law requires it, or to protect the rights, safety and property of our testers, staff or company;</li>
          <li>with a buyer or successor if our business is sold or merged, subject to this policy;</li>
          <li>with anyone else only with your consent.</li>
        </ul>
      </section>

      <section aria-labelledby="pp-cookies">
        <h2 id="pp-cookies">Cookies and similar technologies</h2>
        <p>
          We use a small number of cookies and browser storage entries: one that records that you accepted our cookie notice (kept for{' '}
          {COOKIE_POLICY_LIFETIME_DAYS} days), one that remembers your username if you tick "Remember me", others that keep you signed in
          and carry your progress through registration and scheduling, and one that notes which advertisement brought you to the Site. You
          can delete or block cookies in your browser settings, but parts of the Site may then stop working.
        </p>
      </section>

      <section aria-labelledby="pp-choices">
        <h2 id="pp-choices">Your choices</h2>
        <ul>
          <li>
            You can turn phone calls, text messages and e-mails about studies on or off at any time in your account settings. Reply STOP to
            any text message to stop receiving them; message and data rates may apply.
          </li>
          <li>You can review and update your contact details in your account.</li>
          <li>
            You can ask us for a copy of your information, ask us to correct or delete it, or withdraw from the community by writing to{' '}
            <EmailLink email={COMPANY.privacyEmail} /> or calling <PhoneLink phone={COMPANY.withdrawalPhone} />. We will verify your
            identity before acting on a request. Depending on the state where you live, you may have further rights under local law, and we
            honour them.
          </li>
        </ul>
      </section>

      <section aria-labelledby="pp-children">
        <h2 id="pp-children">Children's privacy</h2>
        <p>
          We do not collect personal information from anyone under {MINIMUM_ONLINE_AGE}. Children under {MINIMUM_ONLINE_AGE} cannot register
          or answer screeners online. A parent or legal guardian who is a registered tester may register a child through Tester Services, in
          which case the parent provides the information and keeps control of it. Teens aged {MINIMUM_ONLINE_AGE} to 17 may join only with a
          parent's or guardian's permission. If you believe we have received information from a child under {MINIMUM_ONLINE_AGE} in any
          other way, contact us and we will delete it.
        </p>
      </section>

      <section aria-labelledby="pp-retention">
        <h2 id="pp-retention">Keeping and protecting information</h2>
        <p>
          We keep personal information for as long as your account is active and afterwards only as long as needed for the purposes above,
          such as tax and payment records or resolving disputes. We protect it with administrative, technical and physical safeguards,
          including encrypted connections and limited staff access. No system is perfectly secure, so please use a strong password and keep
          it to yourself.
        </p>
      </section>

      <section aria-labelledby="pp-changes">
        <h2 id="pp-changes">Changes to this policy</h2>
        <p>
          We may update this policy from time to time. The effective date above shows the latest version, and we will tell you about
          significant changes by e-mail or on the Site.
        </p>
      </section>

      <section aria-labelledby="pp-contact">
        <h2 id="pp-contact">Contact us</h2>
        <p>For questions about this policy or your information, contact:</p>
        <ContactDetails email={COMPANY.privacyEmail} />
      </section>
    </article>
  );
}
