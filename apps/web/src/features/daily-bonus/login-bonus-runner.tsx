import { Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { readCookie, writeCookieUntil } from '../../lib/cookies';
import { lazyPage } from '../../lib/lazy-page';
import { useCheckLastTimeLogin } from './api/check-last-time-login';
import type { LoginBonusStep } from './login-bonus-dialogs';

// The dialogs load once CheckLastTimeLogin says today's bonus is unclaimed, not with every portal page (decision 100).
const LoginBonusDialogs = lazyPage(() => import('./login-bonus-dialogs'), 'LoginBonusDialogs');

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

type Step = LoginBonusStep | 'after' | 'closed';

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

  if (waiting || unclaimed.data !== true || step === 'closed') return null;
  const close = () => setStep('closed');
  const later = () => {
    writeCookieUntil(LATER_COOKIE, '1', nextMidnight());
    close();
  };

  if (step === 'after') return after ? <>{after(close)}</> : null;
  return (
    <Suspense fallback={null}>
      <LoginBonusDialogs step={step} onStep={setStep} onLater={later} onDone={() => setStep('after')} refreshProfile={refreshProfile} />
    </Suspense>
  );
}
