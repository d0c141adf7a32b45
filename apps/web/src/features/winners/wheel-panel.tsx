import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { wheelResultMessage, type EventCount } from '@testerhub/shared/winners-schemas';
import { MessagePopup } from '../../components/message-popup';
import { ModalDialog } from '../../components/modal-dialog';
import { usePortalContext } from '../../hooks/use-portal-context';
import { shownFailure } from '../../lib/query-status';
import { useApplyEvent, useRefreshAfterSpin } from './api/apply-event';
import { useEventCount } from './api/get-event-count';
import { winnersKeys } from './api/query-keys';
import { OddsPopup } from './odds-popup';
import { SpinWheel } from './spin-wheel';
import { useWinnersTexts } from './winners-texts';

/**
 * SPIN THE WHEEL (spec 3, "Wheel"): the wheel, its cost, the spins left (count/totalCount), the
 * coins, the odds table, and the result once it stops. The button is disabled while spinning,
 * without spins, or short of coins.
 */
export function WheelPanel() {
  const queryClient = useQueryClient();
  const portal = usePortalContext();
  const eventCount = useEventCount();
  const spin = useApplyEvent();
  const refreshAfterSpin = useRefreshAfterSpin();
  const [landOn, setLandOn] = useState<number | null>(null);
  const [result, setResult] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [oddsOpen, setOddsOpen] = useState(false);
  const closeOdds = useCallback(() => setOddsOpen(false), []);
  const reasonId = useId();
  const t = useWinnersTexts();

  const onStopped = useCallback(() => {
    const reward = landOn ?? 0;
    // The coins move when the wheel stops, not before: the figure would give the result away.
    queryClient.setQueryData<EventCount>(
      winnersKeys.eventCount(),
      (count) => count && { ...count, currentCoins: count.currentCoins - count.coins + reward },
    );
    setLandOn(null);
    setResult(reward);
    portal?.refreshProfile();
    void refreshAfterSpin();
  }, [landOn, portal, queryClient, refreshAfterSpin]);

  if (eventCount.isPending) {
    return (
      <p role="status" className="winners-panel__status">
        {t('loadingWheel')}
      </p>
    );
  }
  if (eventCount.isError) {
    return shownFailure(eventCount.error) ? (
      <div role="alert" className="winners-panel__status">
        <p>{t('fetchFailed')}</p>
        <button type="button" className="button button--outline" onClick={() => void eventCount.refetch()}>
          {t('tryAgain')}
        </button>
      </div>
    ) : null;
  }

  const { coins: cost, count, totalCount, currentCoins, winningRate } = eventCount.data;
  const spinning = spin.isPending || landOn !== null;
  const shownCoins = landOn !== null ? currentCoins - cost : currentCoins;
  // Why Spin is off, said beside it (no spins left this week, or too few coins).
  const reason = spinning ? null : count < 1 ? t('noSpins') : currentCoins < cost ? t('needCoinsToSpin', { coins: cost }) : null;
  const start = () =>
    spin.mutate(undefined, {
      // A refusal's text is keyed by its status (noSpins, notEnoughCoins, blackListed).
      onSuccess: (answer) => (answer.status === 'succeed' ? setLandOn(answer.reward) : setRefusal(t(answer.status))),
      onError: (error) => shownFailure(error) && setRefusal(t('fetchFailed')),
    });

  return (
    <>
      <SpinWheel segments={winningRate} landOn={landOn} onStopped={onStopped} />
      <dl className="winners-panel__figures">
        <div>
          <dt>{t('spinsLeft')}</dt>
          <dd data-testid="wheel-spins">
            {count}/{totalCount}
          </dd>
        </div>
        <div>
          <dt>{t('yourCoins')}</dt>
          <dd data-testid="wheel-coins">{shownCoins.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      <div className="winners-panel__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={start}
          disabled={spinning || reason !== null}
          aria-describedby={reason ? reasonId : undefined}
        >
          {spinning ? t('spinning') : t('spinFor', { coins: cost })}
        </button>
        <button type="button" className="button button--outline" onClick={() => setOddsOpen(true)}>
          {t('odds')}
        </button>
      </div>
      {reason && (
        <p id={reasonId} className="winners-panel__note button-reason">
          {reason}
        </p>
      )}
      {oddsOpen && <OddsPopup segments={winningRate} onClose={closeOdds} />}
      {result !== null && (
        <ModalDialog title={t('wheelTitle')} onClose={() => setResult(null)}>
          <p data-testid="wheel-result">{wheelResultMessage(result, cost, t)}</p>
        </ModalDialog>
      )}
      {refusal && <MessagePopup data={t('spinFailed')} message={refusal} onClose={() => setRefusal(null)} />}
    </>
  );
}
