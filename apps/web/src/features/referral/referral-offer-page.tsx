import { useState } from 'react';
import { Link } from 'react-router';
import { REFERRAL_LIMITS, type ReferralRequest, type ReferralRequestStatus } from '@testerhub/shared/referral-schemas';
import { MessagePopup, type PopupMessage } from '../../components/message-popup';
import { usePageTitle } from '../../hooks/use-page-title';
import { shownFailure } from '../../lib/query-status';
import { useUpdateReferralList } from './api/update-referral-list';
import { ReferralForm } from './referral-form';
import { ReferralNav } from './referral-nav';
import { useReferralTexts } from './referral-texts';
import './referral.css';

/** What the popup says for each answer of UpdateReferralList (spec 3, section 8): its title and message keys. */
const OUTCOMES = {
  succeed: { title: 'sentTitle', message: 'sent' },
  maximum: { title: 'maximum', message: 'maximumDetail' },
  existUser: { title: 'existUser', message: 'existUserDetail' },
  failed: { title: 'failed', message: null },
} as const satisfies Record<ReferralRequestStatus, object>;

/** /community/main/referral/offer: the referral form and the outcome of each referral. */
export function ReferralOfferPage() {
  const t = useReferralTexts();
  usePageTitle(t('offerTitle'));
  const refer = useUpdateReferralList();
  const [outcome, setOutcome] = useState<PopupMessage | null>(null);
  const showOutcome = (status: ReferralRequestStatus) => {
    const { title, message } = OUTCOMES[status] ?? OUTCOMES.failed;
    setOutcome({ data: t(title), message: message ? t(message, { monthly: REFERRAL_LIMITS.monthly }) : undefined });
  };

  const onRefer = async (referral: ReferralRequest): Promise<boolean> => {
    try {
      const answer = await refer.mutateAsync(referral);
      showOutcome(answer.status);
      return answer.status === 'succeed';
    } catch (error) {
      // A 401 is already on its way to login.
      if (shownFailure(error)) showOutcome('failed');
      return false;
    }
  };

  return (
    <section className="referral" aria-labelledby="referral-offer-page-title">
      <h1 id="referral-offer-page-title" className="referral__title">
        {t('offerTitle')}
      </h1>
      <ReferralNav />
      <div className="referral__panel">
        <p>{t('offerIntro', { coins: REFERRAL_LIMITS.rewardCoins, exp: REFERRAL_LIMITS.rewardExp, monthly: REFERRAL_LIMITS.monthly })}</p>
        <ReferralForm busy={refer.isPending} onRefer={onRefer} />
        <p>
          <Link to="/community/main/referral/history">{t('seeMyReferrals')}</Link>
        </p>
      </div>
      {outcome && <MessagePopup {...outcome} onClose={() => setOutcome(null)} />}
    </section>
  );
}
