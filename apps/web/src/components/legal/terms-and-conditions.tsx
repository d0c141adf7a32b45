import { Link } from 'react-router';
import { COMPANY, REDEEM_REPORTING_WINDOW_DAYS } from '@testerhub/shared/company';
import { NEW_TESTER_DRAWING, ONLINE_SCREENER_PRIZES, REFERRAL_TERMS } from '@testerhub/shared/marketing';
import { ContactDetails, EffectiveDate, EmailLink } from './legal-parts';
import './legal.css';

export function TermsAndConditions() {
  return (
    <article className="legal">
      <EffectiveDate />
      <p>
        These Terms and Conditions apply to everyone who registers with {COMPANY.communityName} and takes part in studies, screeners,
        drawings and reward programs run by {COMPANY.legalName}. They complement our <Link to="/popup/terms">Terms of Use</Link> and the{' '}
        <Link to="/popup/rules">Tester Rules</Link>.
      </p>

      <section aria-labelledby="tc-participation">
        <h2 id="tc-participation">Registration and participation</h2>
        <p>
          Each person may register only once. Several members of a household may register, but for some studies only one person per
          household may take part; when that applies, we tell you in the invitation or the screener. Being registered, or completing a
          screener, does not guarantee an invitation to a study.
        </p>
      </section>

      <section aria-labelledby="tc-denial">
        <h2 id="tc-denial">When we may refuse registration, participation or payment</h2>
        <p>
          {COMPANY.legalName} may deny registration, participation in a study and payment of an incentive, and may remove every registration
          in a household, for any of the following reasons:
        </p>
        <ul>
          <li>registering more than once, under the same or a different name;</li>
          <li>giving a false identity, or false information in a registration, a screener or a study;</li>
          <li>coming to a study you were not invited to, or sending someone in your place;</li>
          <li>disruptive, abusive or unsafe behaviour towards staff or other testers;</li>
          <li>breaking the Tester Rules or the instructions given during a study;</li>
          <li>repeated lateness or missed appointments;</li>
          <li>arriving after a session has started;</li>
          <li>appearing to be under the influence of alcohol or drugs;</li>
          <li>a noticeable odor, such as strong perfume or smoke, that could affect other testers or the results.</li>
        </ul>
      </section>

      <section aria-labelledby="tc-payment">
        <h2 id="tc-payment">Study incentives</h2>
        <p>
          The incentive for a study is stated when you schedule it and is paid only when you complete the session. Depending on the study,
          it is paid in cash on site, by check sent in the mail, or with a gift card for take-home studies. See the{' '}
          <Link to="/popup/cancellation-policy">Cancellation Policy</Link> for cancelled and missed sessions.
        </p>
      </section>

      <section aria-labelledby="tc-coins">
        <h2 id="tc-coins">Coins and rewards</h2>
        <ul>
          <li>Coins are earned for online screeners, About-me questions, quick surveys and other activities in your account.</li>
          <li>
            Coins have no cash value. They cannot be exchanged for money, sold or transferred to another account, and they end when an
            account is closed or removed.
          </li>
          <li>
            Coins can be redeemed for the gift cards and prizes listed in your account while stocks last. We may change the rewards on offer
            and the number of coins they cost.
          </li>
          <li>
            Any problem with a redeemed reward, such as a gift card that does not arrive or does not work, must be reported to{' '}
            <EmailLink email={COMPANY.supportEmail} /> within {REDEEM_REPORTING_WINDOW_DAYS} days of redemption. After that we may be unable
            to replace it.
          </li>
        </ul>
      </section>

      <section aria-labelledby="tc-drawings">
        <h2 id="tc-drawings">Drawings</h2>
        <p>
          New testers are entered in a quarterly drawing for a {NEW_TESTER_DRAWING.prize}, with {NEW_TESTER_DRAWING.winnersPerQuarter}{' '}
          winner per quarter drawn on {NEW_TESTER_DRAWING.drawingDates.join(', ')}. You are eligible only in the quarter in which you first
          register. Testers who complete online screeners may also be drawn each month for a {ONLINE_SCREENER_PRIZES.join(' or a ')}. No
          purchase is necessary, the odds depend on the number of entries, and winners are contacted by e-mail and announced on the Site.
        </p>
      </section>

      <section aria-labelledby="tc-referral">
        <h2 id="tc-referral">Referral rewards</h2>
        <ul>
          <li>The referral program is open to current testers only.</li>
          <li>You may refer up to {REFERRAL_TERMS.monthlyLimit} people per month.</li>
          <li>
            The person you refer must be new to {COMPANY.communityName}; people who are already registered, or already referred by someone
            else, do not count. Please refer only people who have agreed to be contacted.
          </li>
          <li>We contact the people you refer within {REFERRAL_TERMS.referralContactedWithinDays} days.</li>
          <li>
            A referral reward is earned once the person you referred completes their first study. The check is mailed within{' '}
            {REFERRAL_TERMS.checkMailedWithinDays} days after that first study.
          </li>
          <li>Referrals made through duplicate or false registrations earn no reward.</li>
        </ul>
      </section>

      <section aria-labelledby="tc-changes">
        <h2 id="tc-changes">Changes and questions</h2>
        <p>
          We may change these Terms and Conditions, the reward programs and the drawings at any time; changes do not affect rewards you have
          already earned. For questions, contact:
        </p>
        <ContactDetails />
      </section>
    </article>
  );
}
