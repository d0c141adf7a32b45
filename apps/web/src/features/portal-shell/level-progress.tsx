import { useEffect, useId, useRef, useState, type FocusEvent, type PointerEvent as ReactPointerEvent } from 'react';
import type { TesterInfo } from '@testerhub/shared/profile-schemas';
import { translator, type Translate } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/portal-shell.json';
import type { PortalShellKey } from './portal-menu';
import { usePortalShellTexts } from './portal-shell-texts';

type Progress = Pick<TesterInfo, 'exp' | 'nextLevelExp' | 'remainExp'>;

/** The popover's lines: current over next experience and the remainder, or the top-level text (spec 2, section 2). */
export function progressLines(progress: Progress, t: Translate<PortalShellKey> = translator(en)): string[] {
  if (progress.nextLevelExp === 'Max') return [t('maxLevel')];
  return [t('expFraction', { exp: progress.exp, next: progress.nextLevelExp }), t('expRemaining', { remain: progress.remainExp })];
}

function progressPercent(progress: Progress): number {
  if (progress.nextLevelExp === 'Max') return 100;
  if (progress.nextLevelExp <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((progress.exp / progress.nextLevelExp) * 100)));
}

/** A click this soon after hover or focus opened the popover keeps it open (a tap focuses, then clicks). */
const CLICK_AFTER_OPEN_MS = 400;

interface LevelProgressProps {
  info: TesterInfo;
  /** Called each time the popover opens, to refresh the numbers. */
  onOpen: () => void;
}

/**
 * Level badge, coin count and avatar in the portal nav. Hovering, focusing or clicking shows
 * the progress popover; Escape, a click elsewhere or leaving closes it.
 */
export function LevelProgress({ info, onOpen }: LevelProgressProps) {
  const [open, setOpen] = useState(false);
  const openedAt = useRef(0);
  const wrapper = useRef<HTMLDivElement>(null);
  const popoverId = useId();
  const t = usePortalShellTexts();

  const show = () => {
    if (open) return;
    openedAt.current = Date.now();
    setOpen(true);
    onOpen();
  };
  const hide = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const onClick = () => {
    if (open && Date.now() - openedAt.current > CLICK_AFTER_OPEN_MS) hide();
    else show();
  };
  const onPointerEnter = (event: ReactPointerEvent) => {
    if (event.pointerType === 'mouse') show();
  };
  const onPointerLeave = (event: ReactPointerEvent) => {
    if (event.pointerType === 'mouse') hide();
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hide();
  };

  const percent = progressPercent(info);
  return (
    <div className="level-progress" ref={wrapper} onPointerLeave={onPointerLeave} onBlur={onBlur}>
      <button
        type="button"
        className="level-progress__button"
        aria-expanded={open}
        aria-controls={popoverId}
        onClick={onClick}
        onFocus={show}
        onPointerEnter={onPointerEnter}
        data-testid="level-progress-button"
      >
        <span className="level-progress__badge">{t('levelBadge', { level: info.level })}</span>
        <span className="level-progress__coins">
          <CoinIcon />
          {info.coins.toLocaleString('en-US')}
          <span className="visually-hidden">{t('coinsHidden')}</span>
        </span>
        {info.imageSrc ? (
          <img className="level-progress__avatar" src={info.imageSrc} alt="" width={36} height={36} />
        ) : (
          <span className="level-progress__avatar level-progress__avatar--empty" aria-hidden="true" />
        )}
      </button>
      <div id={popoverId} className="level-progress__popover" hidden={!open} data-testid="level-progress-popover">
        <p className="level-progress__title">{t('levelTitle', { level: info.level })}</p>
        {progressLines(info, t).map((line) => (
          <p key={line} className="level-progress__line">
            {line}
          </p>
        ))}
        <div className="level-progress__bar" aria-hidden="true">
          <span style={{ width: `${percent}%` }} />
        </div>
      </div>
    </div>
  );
}

export function CoinIcon() {
  return (
    <svg className="coin-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="#f2b134" stroke="#7a5200" strokeWidth="1.5" />
      <circle cx="12" cy="12" r="6.5" fill="none" stroke="#7a5200" strokeWidth="1.2" />
      <path d="M12 8.5v7M10.2 10.2h3.6" stroke="#7a5200" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}
