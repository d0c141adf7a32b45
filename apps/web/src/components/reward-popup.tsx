import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { AvailableSkills } from '@testerhub/shared/perks-schemas';
import type { CheckExpResponse, NextLevelInfo } from '@testerhub/shared/profile-schemas';
import { apiGet } from '../lib/api';
import { shownFailure } from '../lib/query-status';
import en from '@testerhub/shared/locales/en/components.json';
import { useComponentsTexts } from './components-texts';
import { ModalDialog } from './modal-dialog';
import './reward-popup.css';

/** Spec 3, section 8 (levels): the reward popup's failure texts. */
export const REWARD_POPUP_TEXTS = {
  profileFailed: en.rewardProfileFailed,
  levelFailed: en.rewardLevelFailed,
  maxLevel: en.rewardMaxLevel,
} as const;

/** The bar grows one percent every 10 ms (spec 3, "Experience and level popups"). */
export const EXP_BAR_STEP_MS = 10;

type LevelCheck = { kind: 'done' } | { kind: 'levelUp'; level: number } | { kind: 'failed' };

/** The percent of the bar: experience over next-level experience; full at the top level. */
export function expBarTarget(answer: Pick<NextLevelInfo, 'exp' | 'nextLevelExp'>): number {
  if (answer.nextLevelExp === 'Max') return 100;
  if (answer.nextLevelExp <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((answer.exp / answer.nextLevelExp) * 100)));
}

/** CheckEXP, then the level when it went up; any failure is the error view. */
async function checkLevel(): Promise<LevelCheck> {
  const check = await apiGet<CheckExpResponse>('/profile/CheckEXP');
  if (check.status !== 'succeed') return { kind: 'failed' };
  if (!check.levelUp) return { kind: 'done' };
  const level = await apiGet<number>('/profile/GetCurrentLevel');
  return typeof level === 'number' && level > 0 ? { kind: 'levelUp', level } : { kind: 'failed' };
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export interface RewardPopupProps {
  coins: number;
  exp: number;
  /** What was done, e.g. "About me: Pets" or "Quick survey: Snacks". */
  task: string;
  /** Called once when the popup opens: the reward changed the shell's coins and level (usePortalContext's refreshProfile). */
  onRewarded?: () => void;
  onClose: () => void;
}

/**
 * The reward result popup (spec 3: popups task, taskDone, levelUp): the coins and experience
 * earned and what for, an experience bar that fills in 10 ms steps up to exp over next-level
 * exp, then the level check, which leads to the level-up view or the error view. One component
 * for every reward (About-me, quick surveys, later the daily bonus).
 */
export function RewardPopup({ coins, exp, task, onRewarded, onClose }: RewardPopupProps) {
  const labelId = useId();
  const t = useComponentsTexts();
  const onRewardedRef = useRef(onRewarded);

  // The reward changed the shell's coins and experience: ask for them again, once.
  useEffect(() => {
    onRewardedRef.current?.();
  }, []);

  // Read after the reward, so the bar shows the new experience; never cached.
  const nextLevel = useQuery({
    queryKey: ['reward-popup', 'next-level'],
    queryFn: () => apiGet<NextLevelInfo>('/profile/GetNextLevelEXP'),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  // A 401 is on its way to login: no error view for it.
  const profileFailed =
    (nextLevel.isError && shownFailure(nextLevel.error)) || (nextLevel.data !== undefined && nextLevel.data.status !== 'succeed');
  const target = nextLevel.data?.status === 'succeed' ? expBarTarget(nextLevel.data) : null;

  // With reduced motion the bar is drawn full at once; otherwise it grows one step per 10 ms.
  const [reducedMotion] = useState(prefersReducedMotion);
  const [steps, setSteps] = useState(0);
  useEffect(() => {
    if (target === null || reducedMotion) return;
    const timer = setInterval(() => {
      setSteps((current) => {
        const next = Math.min(target, current + 1);
        if (next >= target) clearInterval(timer);
        return next;
      });
    }, EXP_BAR_STEP_MS);
    return () => clearInterval(timer);
  }, [target, reducedMotion]);
  const percent = reducedMotion && target !== null ? target : steps;

  // The level check runs once, when the bar is full (CheckEXP records that the tester saw it).
  const levelCheck = useMutation({ mutationKey: ['reward-popup', 'check-level'], mutationFn: checkLevel });
  const { mutate: startLevelCheck } = levelCheck;
  const checkStarted = useRef(false);
  const barDone = target !== null && percent >= target;
  useEffect(() => {
    if (!barDone || checkStarted.current) return;
    checkStarted.current = true;
    startLevelCheck();
  }, [barDone, startLevelCheck]);

  const levelFailed = (levelCheck.isError && shownFailure(levelCheck.error)) || levelCheck.data?.kind === 'failed';
  if (profileFailed || levelFailed) {
    const title = profileFailed ? t('rewardProfileFailed') : t('rewardLevelFailed');
    return (
      <ModalDialog title={title} tone="error" onClose={onClose} closeLabel={t('close')}>
        <RewardSummary coins={coins} exp={exp} task={task} />
        <p>{t('rewardSavedNoLevel')}</p>
      </ModalDialog>
    );
  }

  if (levelCheck.data?.kind === 'levelUp') {
    return (
      <ModalDialog title={t('rewardLevelUp')} onClose={onClose} closeLabel={t('close')}>
        <p className="reward-popup__level" data-testid="reward-level">
          {t('rewardLevel', { level: levelCheck.data.level })}
        </p>
        <p>{t('rewardLevelUpText')}</p>
        <RewardSummary coins={coins} exp={exp} task={task} />
        <UnlockedSkills />
      </ModalDialog>
    );
  }

  const answer = nextLevel.data;
  return (
    <ModalDialog
      title={levelCheck.data?.kind === 'done' ? t('rewardTaskComplete') : t('rewardEarned')}
      onClose={onClose}
      closeLabel={t('close')}
    >
      <RewardSummary coins={coins} exp={exp} task={task} />
      <div className="reward-popup__progress">
        <p id={labelId} className="reward-popup__progress-label">
          {t('rewardExperience')}
        </p>
        <div
          className="reward-popup__bar"
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
          aria-busy={!barDone}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
        {answer?.status === 'succeed' && (
          <p className="reward-popup__explain">
            {answer.nextLevelExp === 'Max'
              ? t('rewardMaxLevel')
              : t('rewardProgress', { exp: answer.exp, next: answer.nextLevelExp, remain: answer.remainExp })}
          </p>
        )}
        {answer === undefined && (
          <p role="status" className="reward-popup__explain">
            {t('rewardLoadingLevel')}
          </p>
        )}
      </div>
    </ModalDialog>
  );
}

/** The level-up view's list of the perks the new level unlocks (GET /api/skill/GetAvailableSkills; decision 038). */
function UnlockedSkills() {
  const t = useComponentsTexts();
  const skills = useQuery({
    queryKey: ['reward-popup', 'available-skills'],
    queryFn: () => apiGet<AvailableSkills>('/skill/GetAvailableSkills'),
    staleTime: 0,
    gcTime: 0,
  });
  if (!skills.data || skills.data.length === 0) return null;
  return (
    <div className="reward-popup__skills">
      <p>{t('rewardPerks')}</p>
      <ul data-testid="unlocked-skills">
        {skills.data.map((skill) => (
          <li key={`${skill.name}-${skill.level}`}>
            <img src={skill.imgSrc} alt="" width={28} height={28} /> {t('rewardSkill', { name: skill.name, level: skill.level })}
          </li>
        ))}
      </ul>
    </div>
  );
}

function RewardSummary({ coins, exp, task }: Pick<RewardPopupProps, 'coins' | 'exp' | 'task'>) {
  const t = useComponentsTexts();
  return (
    <div className="reward-popup__summary">
      <p className="reward-popup__task">{task}</p>
      <ul className="reward-popup__amounts">
        <li data-testid="reward-coins">{t('rewardCoins', { coins })}</li>
        <li data-testid="reward-exp">{t('rewardExp', { exp })}</li>
      </ul>
    </div>
  );
}
