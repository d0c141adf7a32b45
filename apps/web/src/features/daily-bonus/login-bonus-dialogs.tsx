import { dailyRewardIcon } from '@testerhub/shared/daily-bonus-rules';
import type { DailyRewardAnswer } from '@testerhub/shared/daily-bonus-schemas';
import { MessagePopup } from '../../components/message-popup';
import { ModalDialog } from '../../components/modal-dialog';
import { RewardPopup } from '../../components/reward-popup';
import { shownFailure } from '../../lib/query-status';
import { useDailyRewardList } from './api/get-daily-reward-list';
import { useClaimDailyReward } from './api/get-daily-reward';
import { useDailyBonusTexts } from './daily-bonus-texts';
import { DailyCalendar } from './daily-calendar';
import { WhatAreCoins } from './what-are-coins';
import './daily-bonus.css';

/** The login bonus's dialogs, in the order the tester meets them. */
export type LoginBonusStep = 'calendar' | 'whatIsCoin' | 'coin' | 'result';

interface LoginBonusDialogsProps {
  step: LoginBonusStep;
  onStep: (step: LoginBonusStep) => void;
  /** 'Later' on the calendar. */
  onLater: () => void;
  /** The result was closed: what follows the bonus may start. */
  onDone: () => void;
  refreshProfile: () => void;
}

/** The calendar (loginBonus), what coins are, today's coin (loginBonusCoin) and the result, for LoginBonusRunner. */
export function LoginBonusDialogs({ step, onStep, onLater, onDone, refreshProfile }: LoginBonusDialogsProps) {
  const claim = useClaimDailyReward();
  if (step === 'result') {
    return (
      <ClaimResult
        answer={claim.data}
        failed={claim.isError && shownFailure(claim.error)}
        refreshProfile={refreshProfile}
        onClose={onDone}
      />
    );
  }
  if (step === 'whatIsCoin') return <WhatAreCoins onClose={() => onStep('calendar')} />;
  if (step === 'coin') {
    const collect = () => {
      if (claim.isPending) return;
      claim.mutate(undefined, { onSettled: () => onStep('result') });
    };
    return <TodaysCoin pending={claim.isPending} onCollect={collect} />;
  }
  return <CalendarDialog onClose={onLater} onWhatAreCoins={() => onStep('whatIsCoin')} onOpenReward={() => onStep('coin')} />;
}

function CalendarDialog({
  onClose,
  onWhatAreCoins,
  onOpenReward,
}: {
  onClose: () => void;
  onWhatAreCoins: () => void;
  onOpenReward: () => void;
}) {
  const t = useDailyBonusTexts();
  const list = useDailyRewardList();
  return (
    <ModalDialog
      title={t('title')}
      onClose={onClose}
      closeLabel={t('later')}
      actions={
        <>
          <button type="button" className="button button--outline" onClick={onWhatAreCoins}>
            {t('whatAreCoins')}
          </button>
          <button type="button" className="button button--primary" onClick={onOpenReward} disabled={!list.data}>
            {t('getTodaysReward')}
          </button>
        </>
      }
    >
      <p>{t('intro')}</p>
      {list.data && <DailyCalendar list={list.data} />}
      {list.isPending && (
        <p role="status" className="daily-bonus__status">
          {t('loadingCalendar')}
        </p>
      )}
      {list.isError && (
        <div role="alert" className="daily-bonus__status">
          <p>{t('calendarFailed')}</p>
          <button type="button" className="button button--outline" onClick={() => void list.refetch()}>
            {t('tryAgain')}
          </button>
        </div>
      )}
    </ModalDialog>
  );
}

/** loginBonusCoin: today's reward; closing it (Collect, Escape or Close) claims it. */
function TodaysCoin({ pending, onCollect }: { pending: boolean; onCollect: () => void }) {
  const t = useDailyBonusTexts();
  const list = useDailyRewardList();
  const today = list.data?.rewards.find((reward) => reward.day === list.data?.day);
  return (
    <ModalDialog title={today ? t('dayReward', { day: today.day }) : t('todaysReward')} onClose={onCollect} closeLabel={t('collect')}>
      {today && (
        <p className={`daily-bonus__today daily-bonus__today--${dailyRewardIcon(today.day)}`}>
          <span data-testid="daily-today-coins">{t('todayCoins', { coins: today.coins })}</span> {t('todayAnd')}{' '}
          <span>{t('todayExp', { exp: today.exp })}</span>
        </p>
      )}
      <p>{t('closeToCollect')}</p>
      {pending && (
        <p role="status" className="daily-bonus__status">
          {t('collecting')}
        </p>
      )}
    </ModalDialog>
  );
}

function ClaimResult({
  answer,
  failed,
  refreshProfile,
  onClose,
}: {
  answer: DailyRewardAnswer | undefined;
  failed: boolean;
  refreshProfile: () => void;
  onClose: () => void;
}) {
  const t = useDailyBonusTexts();
  if (answer?.status === 'succeed') {
    return <RewardPopup coins={answer.reward} exp={answer.exp} task={t('thanks')} onRewarded={refreshProfile} onClose={onClose} />;
  }
  // A 401 is already on its way to login: nothing to show.
  if (!answer && !failed) return null;
  return (
    <MessagePopup data={t('failed')} message={answer?.status === 'alreadyReceived' ? t('alreadyReceived') : undefined} onClose={onClose} />
  );
}
