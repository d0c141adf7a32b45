import { useState } from 'react';
import { comeBackText, drawingDayName, type ApplyGoldCardAnswer } from '@testerhub/shared/winners-schemas';
import { MessagePopup } from '../../components/message-popup';
import { useLanguage } from '../../hooks/use-entry-language';
import { usePortalContext } from '../../hooks/use-portal-context';
import { shownFailure } from '../../lib/query-status';
import { useApplyGoldCardEvent } from './api/apply-gold-card-event';
import { useCheckCoins } from './api/check-coins';
import { useGoldRewardAvailable } from './api/check-gold-reward-available';
import { useWinnersTexts } from './winners-texts';

/**
 * The weekly gift-card drawing (spec 3, "Gift-card drawing"): one entry a week; after it, come back
 * next Monday, or on the day content staff chose (decision 065).
 */
export function GoldCardDrawing() {
  const portal = usePortalContext();
  const available = useGoldRewardAvailable();
  const coins = useCheckCoins();
  const enter = useApplyGoldCardEvent();
  const [failure, setFailure] = useState<string | null>(null);
  const t = useWinnersTexts();
  const language = useLanguage();

  if (available.isPending) {
    return (
      <p role="status" className="winners-panel__status">
        {t('loadingDrawing')}
      </p>
    );
  }
  if (available.isError) {
    return shownFailure(available.error) ? (
      <div role="alert" className="winners-panel__status">
        <p>{t('fetchFailed')}</p>
        <button type="button" className="button button--outline" onClick={() => void available.refetch()}>
          {t('tryAgain')}
        </button>
      </div>
    ) : null;
  }

  const { status, goldCardCoin, prize, drawingDay } = available.data;
  const entered = status === 'applied';
  const affordable = coins.data?.checkGiftCard ?? false;
  const onAnswer = (answer: ApplyGoldCardAnswer) => {
    if (answer.status === 'succeed') portal?.refreshProfile();
    if (answer.status === 'notEnoughCoins') setFailure(t('notEnoughCoins'));
  };
  return (
    <>
      <p>{t('drawingIntro', { prize, coins: goldCardCoin, day: drawingDayName(drawingDay, language) })}</p>
      <button
        type="button"
        className="button button--primary"
        disabled={entered || !affordable || enter.isPending}
        onClick={() =>
          enter.mutate(undefined, { onSuccess: onAnswer, onError: (error) => shownFailure(error) && setFailure(t('fetchFailed')) })
        }
      >
        {entered ? comeBackText(drawingDay, t, language) : t('enterFor', { coins: goldCardCoin })}
      </button>
      {!entered && coins.data && !affordable && <p className="winners-panel__note">{t('needCoinsToEnter', { coins: goldCardCoin })}</p>}
      {failure && <MessagePopup data={t('drawingFailed')} message={failure} onClose={() => setFailure(null)} />}
    </>
  );
}
