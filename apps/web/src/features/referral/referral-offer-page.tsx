import { useState } from 'react';
import { Link } from 'react-router';
import { REFERRAL_LIMITS, REFERRAL_TEXTS, type ReferralRequest, type ReferralRequestStatus } from '@testerhub/shared/referral-schemas';
import { MessagePopup, type PopupMessage } from '../../components/message-popup';
import { usePageTitle } from '../../hooks/use-page-title';
import { shownFailure } from '../../lib/query-status';
import { useUpdateReferralList } from './api/update-referral-list';
import { ReferralForm } from './referral-form';
import { ReferralNav } from './referral-nav';
import './referral.css';

/** What the popup says for each answer of UpdateReferralList (spec 3, section 8). */
export const REFERRAL_OUTCOMES: Record<ReferralRequestStatus, PopupMessage> = {
  succeed: { data: 'Referral sent', message: REFERRAL_TEXTS.succeed },
  maximum: { data: REFERRAL_TEXTS.maximum, message: REFERRAL_TEXTS.maximumDetail },
  existUser: { data: REFERRAL_TEXTS.existUser, message: REFERRAL_TEXTS.existUserDetail },
  failed: { data: REFERRAL_TEXTS.failed },
};

/** /community/main/referral/offer: the referral form and the outcome of each referral. */
export function ReferralOfferPage() {
  usePageTitle('Refer a friend');
  const refer = useUpdateReferralList();
  const [outcome, setOutcome] = useState<PopupMessage | null>(null);

  const onRefer = async (referral: ReferralRequest): Promise<boolean> => {
    try {
      const answer = await refer.mutateAsync(referral);
      setOutcome(REFERRAL_OUTCOMES[answer.status] ?? REFERRAL_OUTCOMES.failed);
      return answer.status === 'succeed';
    } catch (error) {
      // A 401 is already on its way to login.
      if (shownFailure(error)) setOutcome(REFERRAL_OUTCOMES.failed);
      return false;
    }
  };

  return (
    <section className="referral" aria-labelledby="referral-offer-page-title">
      <h1 id="referral-offer-page-title" className="referral__title">
        Refer a friend
      </h1>
      <ReferralNav />
      <div className="referral__panel">
        <p>
          Tell us about a friend who would enjoy testing products. We e-mail them an invitation to join, and when they complete a first
          study you can claim {REFERRAL_LIMITS.rewardCoins} coins and {REFERRAL_LIMITS.rewardExp} EXP. Up to {REFERRAL_LIMITS.monthly}{' '}
          referrals a month.
        </p>
        <ReferralForm busy={refer.isPending} onRefer={onRefer} />
        <p>
          <Link to="/community/main/referral/history">See my referrals</Link>
        </p>
      </div>
      {outcome && <MessagePopup {...outcome} onClose={() => setOutcome(null)} />}
    </section>
  );
}
