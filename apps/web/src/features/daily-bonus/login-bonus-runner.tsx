import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { DAILY_BONUS_TEXTS, dailyRewardIcon } from '@testerhub/shared/daily-bonus-rules';
import type { DailyRewardAnswer } from '@testerhub/shared/daily-bonus-schemas';
import { MessagePopup } from '../../components/message-popup';
import { ModalDialog } from '../../components/modal-dialog';
import { RewardPopup } from '../../components/reward-popup';
import { readCookie, writeCookieUntil } from '../../lib/cookies';
import { shownFailure } from '../../lib/query-status';
import { useCheckLastTimeLogin } from './api/check-last-time-login';
import { useDailyRewardList } from './api/get-daily-reward-list';
import { useClaimDailyReward } from './api/get-daily-reward';
import { DailyCalendar } from './daily-calendar';
import { WhatAreCoins } from './what-are-coins';
import './daily-bonus.css';

/**
 * Set by 'Later' until the browser's midnight: the calendar does not open again on every page that
 * day (decision 033). The bonus stays claimable; the next day it opens again.
 */
export const LATER_COOKIE = 'loginBonusLater';

function nextMidnight(): Date {
  const midnight = new Date();
  midnight.setHours(24, 0, 0, 0);
  return midnight;
}

type Step = 'calendar' | 'whatIsCoin' | 'coin' | 'result' | 'after' | 'closed';

interface LoginBonusRunnerProps {
  /** Reloads the shell's coins and level after the reward. */
  refreshProfile: () => void;
  /** While true (another entry flow is running, such as a study link), the bonus waits; asked again on each navigation. */
  waitWhile?: () => boolean;
  /** What follows a claimed bonus (the SMS opt-in prompt); it gets a function that ends it. */
  after?: (done: () => void) => ReactNode;
}

/**
 * The login bonus at entry (spec 2, "Login bonus at entry"; spec 3, "Daily login bonus"): when
 * CheckLastTimeLogin says today's bonus is unclaimed, the calendar dialog (loginBonus) opens; its
 * button shows today's reward (loginBonusCoin), and closing that claims it, then the reward
 * result (coins, EXP, 'Thanks for visiting today') or 'Daily Reward Retrieval Failed'.
 */
export function LoginBonusRunner({ refreshProfile, waitWhile, after }: LoginBonusRunnerProps) {
  useLocation(); // a navigation asks waitWhile again
  const waiting = waitWhile?.() ?? false;
  const unclaimed = useCheckLastTimeLogin({ enabled: !waiting });
  const [step, setStep] = useState<Step>(() => (readCookie(LATER_COOKIE) ? 'closed' : 'calendar'));
  const claim = useClaimDailyReward();

  if (waiting || unclaimed.data !== true || step === 'closed') return null;
  const close = () => setStep('closed');
  const later = () => {
    writeCookieUntil(LATER_COOKIE, '1', nextMidnight());
    close();
  };

  if (step === 'after') return after ? <>{after(close)}</> : null;
  if (step === 'result') {
    return (
      <ClaimResult
        answer={claim.data}
        failed={claim.isError && shownFailure(claim.error)}
        refreshProfile={refreshProfile}
        onClose={() => setStep('after')}
      />
    );
  }
  if (step === 'whatIsCoin') return <WhatAreCoins onClose={() => setStep('calendar')} />;
  if (step === 'coin') {
    const collect = () => {
      if (claim.isPending) return;
      claim.mutate(undefined, { onSettled: () => setStep('result') });
    };
    return <TodaysCoin pending={claim.isPending} onCollect={collect} />;
  }
  return <CalendarDialog onClose={later} onWhatAreCoins={() => setStep('whatIsCoin')} onOpenReward={() => setStep('coin')} />;
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
  const list = useDailyRewardList();
  return (
    <ModalDialog
      title={DAILY_BONUS_TEXTS.title}
      onClose={onClose}
      closeLabel="Later"
      actions={
        <>
          <button type="button" className="button button--outline" onClick={onWhatAreCoins}>
            {DAILY_BONUS_TEXTS.whatAreCoins}
          </button>
          <button type="button" className="button button--primary" onClick={onOpenReward} disabled={!list.data}>
            Get today's reward
          </button>
        </>
      }
    >
      <p>Visit every day to move along the calendar: every 7th day pays more, and day 28 is special.</p>
      {list.data && <DailyCalendar list={list.data} />}
      {list.isPending && (
        <p role="status" className="daily-bonus__status">
          Loading the calendar…
        </p>
      )}
      {list.isError && (
        <div role="alert" className="daily-bonus__status">
          <p>The calendar could not be loaded.</p>
          <button type="button" className="button button--outline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      )}
    </ModalDialog>
  );
}

/** loginBonusCoin: today's reward; closing it (Collect, Escape or Close) claims it. */
function TodaysCoin({ pending, onCollect }: { pending: boolean; onCollect: () => void }) {
  const list = useDailyRewardList();
  const today = list.data?.rewards.find((reward) => reward.day === list.data?.day);
  return (
    <ModalDialog title={today ? `Day ${today.day} reward` : "Today's reward"} onClose={onCollect} closeLabel="Collect">
      {today && (
        <p className={`daily-bonus__today daily-bonus__today--${dailyRewardIcon(today.day)}`}>
          <span data-testid="daily-today-coins">{today.coins} coins</span> and <span>{today.exp} EXP</span>
        </p>
      )}
      <p>Close this window to collect your reward.</p>
      {pending && (
        <p role="status" className="daily-bonus__status">
          Collecting your reward…
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
  if (answer?.status === 'succeed') {
    return (
      <RewardPopup coins={answer.reward} exp={answer.exp} task={DAILY_BONUS_TEXTS.thanks} onRewarded={refreshProfile} onClose={onClose} />
    );
  }
  // A 401 is already on its way to login: nothing to show.
  if (!answer && !failed) return null;
  return (
    <MessagePopup
      data={DAILY_BONUS_TEXTS.failed}
      message={answer?.status === 'alreadyReceived' ? DAILY_BONUS_TEXTS.alreadyReceived : undefined}
      onClose={onClose}
    />
  );
}
