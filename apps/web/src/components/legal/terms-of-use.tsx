import { Link } from 'react-router';
import { COMPANY, GOVERNING_LAW_STATE, MINIMUM_ONLINE_AGE } from '@testerhub/shared/company';
import { ContactDetails, EffectiveDate } from './legal-parts';
import './legal.css';

export function TermsOfUse() {
  return (
    <article className="legal">
      <EffectiveDate />
      <p>
        These Terms of Use govern your use of the {COMPANY.communityName} website and tester portal (the "Site"), operated by{' '}
        {COMPANY.legalName} ("we", "us" or "our"). By visiting the Site or creating an account you agree to these terms. If you do not
        agree, please do not use the Site.
      </p>

      <section aria-labelledby="tou-eligibility">
        <h2 id="tou-eligibility">1. Who may use the Site</h2>
        <p>
          Accounts are open to residents of the United States who are {MINIMUM_ONLINE_AGE} years of age or older. Members under 18 need the
          permission of a parent or legal guardian, who is responsible for their use of the Site. Children under {MINIMUM_ONLINE_AGE} may
          not register online; a parent or guardian may register them only through Tester Services.
        </p>
      </section>

      <section aria-labelledby="tou-account">
        <h2 id="tou-account">2. Your account</h2>
        <p>
          Each person may hold only one account, although several members of a household may each have their own. The information you give
          us must be true, complete and kept up to date. You are responsible for keeping your password confidential and for everything done
          under your account; tell us straight away if you believe someone else has used it.
        </p>
      </section>

      <section aria-labelledby="tou-acceptable">
        <h2 id="tou-acceptable">3. Acceptable use</h2>
        <p>When using the Site you agree not to:</p>
        <ul>
          <li>give false information, impersonate another person or create more than one account;</li>
          <li>answer screeners or surveys on behalf of someone else, or with answers you know to be untrue;</li>
          <li>use scripts, bots or other automated means to access the Site, collect coins or submit responses;</li>
          <li>copy, scrape or republish content of the Site, including study materials shown to you;</li>
          <li>try to gain access to accounts, systems or data that are not yours, or disrupt the Site's operation;</li>
          <li>upload anything unlawful, harmful, offensive or that infringes the rights of others.</li>
        </ul>
      </section>

      <section aria-labelledby="tou-studies">
        <h2 id="tou-studies">4. Studies, screeners and rewards</h2>
        <p>
          Registering does not guarantee that you will be invited to, or qualify for, any study. Participation in studies, the incentives
          paid for them, coins, drawings, referral rewards and redemptions are governed by our{' '}
          <Link to="/popup/conditions">Terms and Conditions</Link>, the <Link to="/popup/rules">Tester Rules</Link> and the{' '}
          <Link to="/popup/cancellation-policy">Cancellation Policy</Link>, which form part of these terms. Coins have no cash value and
          cannot be sold, transferred or exchanged for money.
        </p>
      </section>

      <section aria-labelledby="tou-confidential">
        <h2 id="tou-confidential">5. Confidential material</h2>
        <p>
          Products, concepts, packaging and questions shown to you on the Site or during a study may not yet be public. You agree to keep
          them confidential and not to copy, photograph, record or share them with anyone.
        </p>
      </section>

      <section aria-labelledby="tou-responses">
        <h2 id="tou-responses">6. Your responses</h2>
        <p>
          You grant us and our clients a perpetual, royalty-free right to use the answers, comments and ideas you give in screeners, surveys
          and studies for research and product development. We report responses to clients without your name or contact details, as
          described in our <Link to="/popup/privacy">Privacy Policy</Link>. You will not receive any payment for your responses beyond the
          incentives announced for each study.
        </p>
      </section>

      <section aria-labelledby="tou-ip">
        <h2 id="tou-ip">7. Our content</h2>
        <p>
          The Site and its text, graphics, logos, software and design belong to {COMPANY.legalName} or its licensors and are protected by
          law. You may view and print pages for your personal, non-commercial use only.
        </p>
      </section>

      <section aria-labelledby="tou-privacy">
        <h2 id="tou-privacy">8. Privacy</h2>
        <p>
          Our <Link to="/popup/privacy">Privacy Policy</Link> explains how we collect and use personal information, and our{' '}
          <Link to="/popup/biometric-private-policy">Biometric Data Policy</Link> explains how we handle check-in scans at our test centres.
        </p>
      </section>

      <section aria-labelledby="tou-links">
        <h2 id="tou-links">9. Other websites</h2>
        <p>
          The Site may link to websites run by others, such as gift-card providers or external survey platforms. We do not control those
          sites and are not responsible for their content or practices; their own terms apply.
        </p>
      </section>

      <section aria-labelledby="tou-disclaimer">
        <h2 id="tou-disclaimer">10. Disclaimer and limitation of liability</h2>
        <p>
          The Site is provided "as is" and "as available". We do not promise that it will always be available, uninterrupted or free of
          errors. To the fullest extent the law allows, {COMPANY.legalName} is not liable for any indirect, incidental or consequential loss
          arising from your use of the Site, and our total liability to you for any claim relating to the Site is limited to the incentives
          owed to you for studies you completed.
        </p>
      </section>

      <section aria-labelledby="tou-indemnity">
        <h2 id="tou-indemnity">11. Indemnity</h2>
        <p>
          You agree to compensate us for any claim, loss or expense, including reasonable legal fees, that results from your breach of these
          terms or your misuse of the Site.
        </p>
      </section>

      <section aria-labelledby="tou-termination">
        <h2 id="tou-termination">12. Suspension and closing of accounts</h2>
        <p>
          We may suspend or close an account, and withhold unredeemed coins, if we reasonably believe these terms have been broken. You may
          close your account at any time by contacting Tester Services.
        </p>
      </section>

      <section aria-labelledby="tou-changes">
        <h2 id="tou-changes">13. Changes to these terms</h2>
        <p>
          We may update these terms from time to time. The effective date above shows when they last changed. If you keep using the Site
          after a change, you accept the updated terms.
        </p>
      </section>

      <section aria-labelledby="tou-law">
        <h2 id="tou-law">14. Governing law</h2>
        <p>
          These terms are governed by the laws of the State of {GOVERNING_LAW_STATE}, without regard to its conflict-of-law rules. If any
          part of them is found unenforceable, the rest remains in effect.
        </p>
      </section>

      <section aria-labelledby="tou-contact">
        <h2 id="tou-contact">15. Contact us</h2>
        <ContactDetails />
      </section>
    </article>
  );
}
