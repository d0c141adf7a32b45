import { Link } from 'react-router';
import { nonEmptyReferralComments } from '@testerhub/shared/public-content';
import { REFERRAL_LIMITS } from '@testerhub/shared/referral-schemas';
import { RetryAlert } from '../../components/retry-alert';
import { usePageTitle } from '../../hooks/use-page-title';
import { viewStatus } from '../../lib/query-status';
import { useReferralEvent } from './api/get-referral-event';
import { ReferralNav } from './referral-nav';
import './referral.css';

/**
 * /community/main/referral/event: this month's offer (GetReferralEvent's non-empty comments) and
 * the guidelines with spec 3's limits (section 9; decision 036).
 */
export function ReferralEventPage() {
  usePageTitle('Referral event');
  const query = useReferralEvent();
  const status = viewStatus(query);
  const comments = nonEmptyReferralComments(query.data ?? []);
  const month = new Date().toLocaleString('en-US', { month: 'long' });

  return (
    <section className="referral" aria-labelledby="referral-event-title">
      <h1 id="referral-event-title" className="referral__title">
        Referral event
      </h1>
      <ReferralNav />
      <section className="referral__panel" aria-labelledby="referral-offer-title">
        <h2 id="referral-offer-title">{month} special offer</h2>
        {status === 'pending' && <p role="status">Loading this month's offer…</p>}
        {status === 'error' && (
          <RetryAlert className="referral__alert" text="This month's offer could not be loaded." onRetry={() => void query.refetch()} />
        )}
        {status === 'success' &&
          (comments.length > 0 ? (
            <ul data-testid="referral-event-comments">
              {comments.map((comment) => (
                <li key={comment}>{comment}</li>
              ))}
            </ul>
          ) : (
            <p>There is no special offer this month: the regular referral reward still applies.</p>
          ))}
      </section>
      <section className="referral__panel" aria-labelledby="referral-guidelines-title">
        <h2 id="referral-guidelines-title">Guidelines</h2>
        <ul data-testid="referral-guidelines">
          <li>The referral program is for current testers only.</li>
          <li>You can refer up to {REFERRAL_LIMITS.monthly} people a month.</li>
          <li>We contact the people you refer within {REFERRAL_LIMITS.contactedWithinBusinessDays} business days.</li>
          <li>
            When your friend completes a first study you can claim {REFERRAL_LIMITS.rewardCoins} coins and {REFERRAL_LIMITS.rewardExp} EXP
            under My referrals; your check is mailed within {REFERRAL_LIMITS.checkMailedWithinDays} days of that study.
          </li>
          <li>The person you refer must be new to our community and must not live in your household.</li>
        </ul>
        <p>
          <Link to="/community/main/referral/offer" className="button button--primary">
            Refer a friend
          </Link>
        </p>
      </section>
    </section>
  );
}
