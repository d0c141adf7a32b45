import { useState } from 'react';
import { Link } from 'react-router';
import en from '@testerhub/shared/locales/en/referral.json';
import { isReferralClaimable, type ReferralListItem } from '@testerhub/shared/referral-schemas';
import { MessagePopup, type PopupMessage } from '../../components/message-popup';
import { RetryAlert } from '../../components/retry-alert';
import { RewardPopup } from '../../components/reward-popup';
import { usePageTitle } from '../../hooks/use-page-title';
import { usePortalContext } from '../../hooks/use-portal-context';
import { shownFailure, viewStatus } from '../../lib/query-status';
import { useGetReferralReward } from './api/get-referral-reward';
import { useReferralList } from './api/get-referral-list';
import { ReferralNav } from './referral-nav';
import { useReferralTexts } from './referral-texts';
import './referral.css';

/** Spec 3 names no text for a refused claim: this one (red, as a failure) says what to do (in English; the page shows the tester's language). */
export const CLAIM_FAILED: PopupMessage = { data: en.claimFailedTitle, message: en.claimFailed };

interface Reward {
  coins: number;
  exp: number;
  task: string;
}

/**
 * /community/main/referral/history: the tester's referrals with their status, and a claim button
 * enabled for a Complete or Paid referral not yet redeemed; a claim shows the reward popup.
 */
export function ReferralHistoryPage() {
  const t = useReferralTexts();
  usePageTitle(t('historyTitle'));
  const query = useReferralList();
  const status = viewStatus(query);
  const claim = useGetReferralReward();
  const portal = usePortalContext();
  const [reward, setReward] = useState<Reward | null>(null);
  const [failure, setFailure] = useState<PopupMessage | null>(null);
  const referrals = query.data?.referralList ?? [];

  const onClaim = async (referral: ReferralListItem) => {
    try {
      const answer = await claim.mutateAsync(referral);
      if (answer.status === 'succeed') {
        setReward({ coins: answer.coins, exp: answer.exp, task: t('rewardTask', { name: `${referral.firstName} ${referral.lastName}` }) });
      } else setFailure({ data: t('claimFailedTitle'), message: t('claimFailed') });
    } catch (error) {
      if (shownFailure(error)) setFailure({ data: t('claimFailedTitle') });
    }
  };

  return (
    <section className="referral" aria-labelledby="referral-history-title">
      <h1 id="referral-history-title" className="referral__title">
        {t('historyTitle')}
      </h1>
      <ReferralNav />
      <div className="referral__panel">
        {status === 'pending' && <p role="status">{t('historyLoading')}</p>}
        {status === 'error' && <RetryAlert className="referral__alert" text={t('fetchFailed')} onRetry={() => void query.refetch()} />}
        {status === 'success' && referrals.length === 0 && (
          <p>
            {t('noneYet')} <Link to="/community/main/referral/offer">{t('referAFriend')}</Link>
          </p>
        )}
        {status === 'success' && referrals.length > 0 && (
          <div className="referral__table-wrap" role="region" aria-labelledby="referral-list-caption" tabIndex={0}>
            {/* Explicit roles: on a phone the rows are restyled as blocks, and a CSS display must not cost the table its semantics. */}
            <table className="referral__table" role="table">
              <caption id="referral-list-caption">{t('caption')}</caption>
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">
                    {t('firstName')}
                  </th>
                  <th scope="col" role="columnheader">
                    {t('lastName')}
                  </th>
                  <th scope="col" role="columnheader">
                    {t('status')}
                  </th>
                  <th scope="col" role="columnheader">
                    {t('reward')}
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {referrals.map((referral) => (
                  <tr key={referral.referralId} role="row" data-testid="referral-row">
                    <td role="cell" data-label={t('firstName')}>
                      {referral.firstName}
                    </td>
                    <td role="cell" data-label={t('lastName')}>
                      {referral.lastName}
                    </td>
                    <td role="cell" data-label={t('status')}>
                      {t(`status.${referral.status}`)}
                    </td>
                    <td role="cell" data-label={t('reward')}>
                      {referral.redeemedReward ? (
                        <span className="referral__claimed">{t('claimed')}</span>
                      ) : (
                        <>
                          <button
                            type="button"
                            className="button button--primary referral__claim"
                            disabled={!isReferralClaimable(referral) || claim.isPending}
                            aria-label={t('claimFor', { name: `${referral.firstName} ${referral.lastName}` })}
                            aria-describedby={isReferralClaimable(referral) ? undefined : `referral-wait-${referral.referralId}`}
                            onClick={() => void onClaim(referral)}
                          >
                            {t('claim')}
                          </button>
                          {!isReferralClaimable(referral) && (
                            <p id={`referral-wait-${referral.referralId}`} className="button-reason">
                              {t('claimWhenComplete')}
                            </p>
                          )}
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="referral__note">{t('claimNote')}</p>
      </div>
      {reward && <RewardPopup {...reward} onRewarded={portal?.refreshProfile} onClose={() => setReward(null)} />}
      {failure && <MessagePopup {...failure} onClose={() => setFailure(null)} />}
    </section>
  );
}
