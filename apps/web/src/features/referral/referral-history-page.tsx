import { useState } from 'react';
import { Link } from 'react-router';
import { isReferralClaimable, REFERRAL_TEXTS, type ReferralListItem } from '@testerhub/shared/referral-schemas';
import { MessagePopup, type PopupMessage } from '../../components/message-popup';
import { RetryAlert } from '../../components/retry-alert';
import { RewardPopup } from '../../components/reward-popup';
import { usePageTitle } from '../../hooks/use-page-title';
import { usePortalContext } from '../../hooks/use-portal-context';
import { shownFailure, viewStatus } from '../../lib/query-status';
import { useGetReferralReward } from './api/get-referral-reward';
import { useReferralList } from './api/get-referral-list';
import { ReferralNav } from './referral-nav';
import './referral.css';

/** Spec 3 names no text for a refused claim: this one (red, as a failure) says what to do. */
export const CLAIM_FAILED: PopupMessage = {
  data: 'Reward claim failed',
  message: 'This reward is not available to claim. It may have been claimed already; the list is now up to date.',
};

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
  usePageTitle('My referrals');
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
        setReward({ coins: answer.coins, exp: answer.exp, task: `Referral: ${referral.firstName} ${referral.lastName}` });
      } else setFailure(CLAIM_FAILED);
    } catch (error) {
      if (shownFailure(error)) setFailure({ data: CLAIM_FAILED.data });
    }
  };

  return (
    <section className="referral" aria-labelledby="referral-history-title">
      <h1 id="referral-history-title" className="referral__title">
        My referrals
      </h1>
      <ReferralNav />
      <div className="referral__panel">
        {status === 'pending' && <p role="status">Loading your referrals…</p>}
        {status === 'error' && (
          <RetryAlert className="referral__alert" text={REFERRAL_TEXTS.fetchFailed} onRetry={() => void query.refetch()} />
        )}
        {status === 'success' && referrals.length === 0 && (
          <p>
            You have not referred anyone yet. <Link to="/community/main/referral/offer">Refer a friend</Link>
          </p>
        )}
        {status === 'success' && referrals.length > 0 && (
          <div className="referral__table-wrap" role="region" aria-labelledby="referral-list-caption" tabIndex={0}>
            {/* Explicit roles: on a phone the rows are restyled as blocks, and a CSS display must not cost the table its semantics. */}
            <table className="referral__table" role="table">
              <caption id="referral-list-caption">Your referrals and their status</caption>
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">
                    First name
                  </th>
                  <th scope="col" role="columnheader">
                    Last name
                  </th>
                  <th scope="col" role="columnheader">
                    Status
                  </th>
                  <th scope="col" role="columnheader">
                    Reward
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {referrals.map((referral) => (
                  <tr key={referral.referralId} role="row" data-testid="referral-row">
                    <td role="cell" data-label="First name">
                      {referral.firstName}
                    </td>
                    <td role="cell" data-label="Last name">
                      {referral.lastName}
                    </td>
                    <td role="cell" data-label="Status">
                      {referral.status}
                    </td>
                    <td role="cell" data-label="Reward">
                      {referral.redeemedReward ? (
                        <span className="referral__claimed">Claimed</span>
                      ) : (
                        <>
                          <button
                            type="button"
                            className="button button--primary referral__claim"
                            disabled={!isReferralClaimable(referral) || claim.isPending}
                            aria-label={`Claim the reward for ${referral.firstName} ${referral.lastName}`}
                            aria-describedby={isReferralClaimable(referral) ? undefined : `referral-wait-${referral.referralId}`}
                            onClick={() => void onClaim(referral)}
                          >
                            Claim
                          </button>
                          {!isReferralClaimable(referral) && (
                            <p id={`referral-wait-${referral.referralId}`} className="button-reason">
                              {REFERRAL_TEXTS.claimWhenComplete}
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
        <p className="referral__note">The reward can be claimed once your friend's status is Complete or Paid.</p>
      </div>
      {reward && <RewardPopup {...reward} onRewarded={portal?.refreshProfile} onClose={() => setReward(null)} />}
      {failure && <MessagePopup {...failure} onClose={() => setFailure(null)} />}
    </section>
  );
}
