import { useState } from 'react';
import { comeBackText, drawingDayName, EVENT_TEXTS, type ApplyGoldCardAnswer } from '@testerhub/shared/winners-schemas';
import { MessagePopup } from '../../components/message-popup';
import { usePortalContext } from '../../hooks/use-portal-context';
import { shownFailure } from '../../lib/query-status';
import { useApplyGoldCardEvent } from './api/apply-gold-card-event';
import { useCheckCoins } from './api/check-coins';
import { useGoldRewardAvailable } from './api/check-gold-reward-available';

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

  if (available.isPending) {
    return (
      <p role="status" className="winners-panel__status">
        Loading the drawing…
      </p>
    );
  }
  if (available.isError) {
    return shownFailure(available.error) ? (
      <div role="alert" className="winners-panel__status">
        <p>{EVENT_TEXTS.fetchFailed}</p>
        <button type="button" className="button button--outline" onClick={() => void available.refetch()}>
          Try again
        </button>
      </div>
    ) : null;
  }

  const { status, goldCardCoin, prize, drawingDay } = available.data;
  const entered = status === 'applied';
  const affordable = coins.data?.checkGiftCard ?? false;
  const onAnswer = (answer: ApplyGoldCardAnswer) => {
    if (answer.status === 'succeed') portal?.refreshProfile();
    if (answer.status === 'notEnoughCoins') setFailure(EVENT_TEXTS.notEnoughCoins);
  };
  return (
    <>
      <p>
        Enter this week's drawing for a {prize}: {goldCardCoin} coins, one entry a week. The winner is drawn on {drawingDayName(drawingDay)}
        .
      </p>
      <button
        type="button"
        className="button button--primary"
        disabled={entered || !affordable || enter.isPending}
        onClick={() =>
          enter.mutate(undefined, { onSuccess: onAnswer, onError: (error) => shownFailure(error) && setFailure(EVENT_TEXTS.fetchFailed) })
        }
      >
        {entered ? comeBackText(drawingDay) : `Enter for ${goldCardCoin} coins`}
      </button>
      {!entered && coins.data && !affordable && <p className="winners-panel__note">You need {goldCardCoin} coins to enter.</p>}
      {failure && <MessagePopup data={EVENT_TEXTS.drawingFailed} message={failure} onClose={() => setFailure(null)} />}
    </>
  );
}
