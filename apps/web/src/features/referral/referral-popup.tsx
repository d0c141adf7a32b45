import { Link } from 'react-router';
import { COMPANY } from '@testerhub/shared/company';
import { REFERRAL_TERMS } from '@testerhub/shared/marketing';
import { nonEmptyReferralComments, type ReferralEvent } from '@testerhub/shared/public-content';
import { PopupShell } from '../../components/popup-shell';
import { useCachedQuery } from '../../hooks/use-cached-query';
import { usePageTitle } from '../../hooks/use-page-title';
import { apiGet } from '../../lib/api';

function inviteMailto(): string {
  const subject = `Join me at ${COMPANY.communityName}`;
  const body = `I test products with ${COMPANY.communityName} and get paid for my opinion. You can join too: ask me for a referral and I will send your details.`;
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** The referral program (spec 1, 2.8): this month's offer, comments, guidelines and an e-mail option. */
export function ReferralPopup() {
  usePageTitle('Referral program');
  const events = useCachedQuery('referral-events', () => apiGet<ReferralEvent[]>('/callout/GetReferralEvent'));
  const comments = events.status === 'success' ? nonEmptyReferralComments(events.data) : [];
  const month = new Date().toLocaleString('en-US', { month: 'long' });

  return (
    <PopupShell title="Referral program">
      <p>
        <strong>The referral program is for current testers only.</strong> Refer friends and family, and earn a reward when they complete
        their first study.
      </p>
      {comments.length > 0 && (
        <section aria-labelledby="referral-offer">
          <h2 id="referral-offer">{month} special offer</h2>
          <ul data-testid="referral-comments">
            {comments.map((comment) => (
              <li key={comment}>{comment}</li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="referral-guidelines">
        <h2 id="referral-guidelines">Guidelines</h2>
        <ul>
          <li>You can refer up to {REFERRAL_TERMS.monthlyLimit} people a month.</li>
          <li>We contact the people you refer within {REFERRAL_TERMS.referralContactedWithinDays} days.</li>
          <li>Your reward check is mailed within {REFERRAL_TERMS.checkMailedWithinDays} days after your referral's first study.</li>
          <li>The person you refer must be new to our community and must not live in your household.</li>
          <li>Referral payments for referrals made two years ago or earlier ended on February 1 of last year.</li>
        </ul>
      </section>
      <section aria-labelledby="referral-how">
        <h2 id="referral-how">Refer someone</h2>
        <p>
          Log in and open <Link to="/community/main/referral/offer">Refer a friend</Link> to send us their details, or{' '}
          <a href={inviteMailto()}>tell a friend by e-mail</a>.
        </p>
      </section>
    </PopupShell>
  );
}
