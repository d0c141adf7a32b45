import { Link } from 'react-router';
import { nonEmptyReferralComments } from '@testerhub/shared/public-content';
import { REFERRAL_LIMITS } from '@testerhub/shared/referral-schemas';
import { RetryAlert } from '../../components/retry-alert';
import { useLanguage } from '../../hooks/use-entry-language';
import { usePageTitle } from '../../hooks/use-page-title';
import { viewStatus } from '../../lib/query-status';
import { useReferralEvent } from './api/get-referral-event';
import { ReferralNav } from './referral-nav';
import { useReferralTexts } from './referral-texts';
import './referral.css';

/**
 * /community/main/referral/event: this month's offer (GetReferralEvent's non-empty comments) and
 * the guidelines with spec 3's limits (section 9; decision 036).
 */
export function ReferralEventPage() {
  const t = useReferralTexts();
  const language = useLanguage();
  usePageTitle(t('eventTitle'));
  const query = useReferralEvent();
  const status = viewStatus(query);
  const comments = nonEmptyReferralComments(query.data ?? []);
  const month = new Date().toLocaleString(language === 'es' ? 'es-US' : 'en-US', { month: 'long' });

  return (
    <section className="referral" aria-labelledby="referral-event-title">
      <h1 id="referral-event-title" className="referral__title">
        {t('eventTitle')}
      </h1>
      <ReferralNav />
      <section className="referral__panel" aria-labelledby="referral-offer-title">
        <h2 id="referral-offer-title">{t('eventOffer', { month })}</h2>
        {status === 'pending' && <p role="status">{t('eventLoading')}</p>}
        {status === 'error' && <RetryAlert className="referral__alert" text={t('eventLoadFailed')} onRetry={() => void query.refetch()} />}
        {status === 'success' &&
          (comments.length > 0 ? (
            <ul data-testid="referral-event-comments">
              {comments.map((comment) => (
                <li key={comment}>{comment}</li>
              ))}
            </ul>
          ) : (
            <p>{t('eventNoOffer')}</p>
          ))}
      </section>
      <section className="referral__panel" aria-labelledby="referral-guidelines-title">
        <h2 id="referral-guidelines-title">{t('guidelines')}</h2>
        <ul data-testid="referral-guidelines">
          <li>{t('guideTesters')}</li>
          <li>{t('guideMonthly', { monthly: REFERRAL_LIMITS.monthly })}</li>
          <li>{t('guideContacted', { days: REFERRAL_LIMITS.contactedWithinBusinessDays })}</li>
          <li>
            {t('guideReward', {
              coins: REFERRAL_LIMITS.rewardCoins,
              exp: REFERRAL_LIMITS.rewardExp,
              checkDays: REFERRAL_LIMITS.checkMailedWithinDays,
            })}
          </li>
          <li>{t('guideNew')}</li>
        </ul>
        <p>
          <Link to="/community/main/referral/offer" className="button button--primary">
            {t('referAFriend')}
          </Link>
        </p>
      </section>
    </section>
  );
}
