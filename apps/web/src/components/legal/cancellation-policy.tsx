import { Link } from 'react-router';
import { CANCELLATION_NOTICE_HOURS, COMPANY, NO_COMPENSATION_FOR_CANCELLATION_SINCE } from '@testerhub/shared/company';
import { RULES_CONSTANTS } from '@testerhub/shared/marketing';
import { EffectiveDate, PhoneLink } from './legal-parts';
import './legal.css';

export function CancellationPolicy() {
  const r = RULES_CONSTANTS;
  return (
    <article className="legal">
      <EffectiveDate />
      <p>
        Every seat in a study is reserved for you, and our clients count on a full group. This policy explains how to change or cancel an
        appointment and what happens when a session is cancelled or missed.
      </p>

      <section aria-labelledby="cp-change">
        <h2 id="cp-change">Changing or cancelling an appointment</h2>
        <ul>
          <li>
            Make any change or cancellation at least {CANCELLATION_NOTICE_HOURS} hours before your testing time. Until then you can do it
            yourself in your account, under <Link to="/community/main/schedule/check">My Schedule</Link>, or call Tester Services.
          </li>
          <li>
            Within {CANCELLATION_NOTICE_HOURS} hours of testing, changes and cancellations can be made by phone only: call{' '}
            <PhoneLink phone={COMPANY.supportPhone} /> ({COMPANY.supportHours}).
          </li>
          <li>
            Once you cancel a schedule, those dates are released to other testers and cannot be booked again. Appointments for studies run
            through an outside partner cannot be changed online; please call us instead.
          </li>
        </ul>
      </section>

      <section aria-labelledby="cp-compensation">
        <h2 id="cp-compensation">Cancelled sessions</h2>
        <p>
          Since {NO_COMPENSATION_FOR_CANCELLATION_SINCE}, no compensation is paid for a session that is cancelled, whether you cancel it or
          we have to cancel it, for example because a client postpones a study. When we cancel, we let you know as early as we can and,
          whenever possible, offer you another time or another study.
        </p>
      </section>

      <section aria-labelledby="cp-noshow">
        <h2 id="cp-noshow">Missed appointments (no-shows)</h2>
        <p>
          Not showing up without cancelling leaves an empty seat that we can no longer fill, so {r.noShowsForSuspension} or more no-shows
          within {r.noShowWindowMonths} months may result in a {r.suspensionMonths}-month suspension from all studies. Arriving after your
          session has started may also mean you cannot take part and are not paid.
        </p>
      </section>

      <section aria-labelledby="cp-emergency">
        <h2 id="cp-emergency">Emergencies</h2>
        <p>
          We understand that illness and emergencies happen. If something prevents you from coming, call us as soon as you can, even at
          short notice. Please do not come to a study if you feel unwell. See also the <Link to="/popup/rules">Tester Rules</Link>.
        </p>
      </section>
    </article>
  );
}
