import { Link } from 'react-router';
import { COMPANY } from '@testerhub/shared/company';
import { REFERRAL_TERMS } from '@testerhub/shared/marketing';
import { nonEmptyReferralComments, type ReferralEvent } from '@testerhub/shared/public-content';
import { PopupShell } from '../../components/popup-shell';
import { useCachedQuery } from '../../hooks/use-cached-query';
import { useLanguage } from '../../hooks/use-entry-language';
import { useLinkLanguage } from '../../hooks/use-link-language';
import { usePageTitle } from '../../hooks/use-page-title';
import { apiGet } from '../../lib/api';
import { useReferralTexts } from './referral-texts';

/** The referral program (spec 1, 2.8): this month's offer, comments, guidelines and an e-mail option, in the reader's language. */
export function ReferralPopup() {
  useLinkLanguage();
  const t = useReferralTexts();
  const language = useLanguage();
  usePageTitle(t('popupTitle'));
  const events = useCachedQuery('referral-events', () => apiGet<ReferralEvent[]>('/callout/GetReferralEvent'));
  const comments = events.status === 'success' ? nonEmptyReferralComments(events.data) : [];
  const month = new Date().toLocaleString(language === 'es' ? 'es-US' : 'en-US', { month: 'long' });
  const community = COMPANY.communityName;
  const inviteMailto = `mailto:?subject=${encodeURIComponent(t('popupMailSubject', { community }))}&body=${encodeURIComponent(t('popupMailBody', { community }))}`;

  return (
    <PopupShell title={t('popupTitle')} closeLabel={t('popupClose')}>
      <p>
        <strong>{t('guideTesters')}</strong> {t('popupIntro')}
      </p>
      {comments.length > 0 && (
        <section aria-labelledby="referral-offer">
          {/* Staff's comments show as written. */}
          <h2 id="referral-offer">{t('eventOffer', { month })}</h2>
          <ul data-testid="referral-comments">
            {comments.map((comment) => (
              <li key={comment}>{comment}</li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="referral-guidelines">
        <h2 id="referral-guidelines">{t('guidelines')}</h2>
        <ul>
          <li>{t('guideMonthly', { monthly: REFERRAL_TERMS.monthlyLimit })}</li>
          <li>{t('popupContacted', { days: REFERRAL_TERMS.referralContactedWithinDays })}</li>
          <li>{t('popupCheck', { days: REFERRAL_TERMS.checkMailedWithinDays })}</li>
          <li>{t('guideNew')}</li>
          <li>{t('popupPaymentsEnded')}</li>
        </ul>
      </section>
      <section aria-labelledby="referral-how">
        <h2 id="referral-how">{t('popupHowTitle')}</h2>
        <p>
          {t('popupHowLogIn')} <Link to="/community/main/referral/offer">{t('referAFriend')}</Link> {t('popupHowOr')}{' '}
          <a href={inviteMailto}>{t('popupHowMail')}</a>.
        </p>
      </section>
    </PopupShell>
  );
}
