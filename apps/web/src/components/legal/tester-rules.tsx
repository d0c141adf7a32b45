import { Link } from 'react-router';
import { CANCELLATION_NOTICE_HOURS, COMPANY } from '@testerhub/shared/company';
import { RULES_CONSTANTS } from '@testerhub/shared/marketing';
import { PhoneLink } from './legal-parts';
import './legal.css';

export function TesterRules() {
  const r = RULES_CONSTANTS;
  return (
    <article className="legal">
      <p>
        These rules keep our studies fair, safe and on schedule for everyone. Please read them before every visit; by scheduling a study you
        agree to follow them.
      </p>
      <ol aria-label="Tester rules">
        <li>
          <strong>Arrive {r.arriveEarlyMinutes} minutes early.</strong> Check-in takes a few minutes and sessions start on time. If you
          arrive after your session has started you may not be able to take part, and you will not be paid for that session.
        </li>
        <li>
          <strong>Bring a valid government-issued photo ID</strong>, such as a driver's licence, state ID card or passport. The name and
          date of birth on it must match your tester registration.
        </li>
        <li>
          <strong>Only the invited tester may take part.</strong> Invitations cannot be passed to a friend or relative, and guests may not
          enter the testing rooms. Some studies accept only one person per household.
        </li>
        <li>
          <strong>Children under {r.childrenNotLeftAloneUnder} must never be left alone</strong>, whether in the lobby, in the parking lot
          or in a car. If your child is testing, stay in the building until the session is over; if you are testing, please make other
          arrangements for children who are not taking part.
        </li>
        <li>
          <strong>Keep your appointments.</strong> Make any change or cancellation at least {CANCELLATION_NOTICE_HOURS} hours before
          testing. Please note that {r.noShowsForSuspension} or more no-shows within {r.noShowWindowMonths} months may result in a{' '}
          {r.suspensionMonths}-month suspension from all studies.
        </li>
        <li>
          <strong>Come ready to test.</strong> Do not arrive under the influence of alcohol or drugs. For taste and fragrance studies, avoid
          perfume, cologne, scented lotions and smoking beforehand, because strong odours affect other testers' senses as well as your own.
        </li>
        <li>
          <strong>Give honest, independent answers.</strong> Follow the moderator's instructions, answer on your own and do not compare
          answers with other testers during the session. Your own opinion is exactly what we need.
        </li>
        <li>
          <strong>Respect confidentiality and the people around you.</strong> The products and materials you see are confidential: keep your
          phone silenced and put away, and do not take photos, make recordings or post about a study. Treat staff and other testers with
          courtesy at all times.
        </li>
      </ol>
      <p>
        Breaking these rules may lead us to deny participation or payment, or to remove a registration, as described in the{' '}
        <Link to="/popup/conditions">Terms and Conditions</Link>. Questions? Call Tester Services at{' '}
        <PhoneLink phone={COMPANY.supportPhone} />.
      </p>
    </article>
  );
}
