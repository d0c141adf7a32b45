import { dailyRewardIcon, type DailyRewardIcon } from '@testerhub/shared/daily-bonus-rules';
import type { DailyRewardList } from '@testerhub/shared/daily-bonus-schemas';
import { useDailyBonusTexts } from './daily-bonus-texts';

const ICON_LABELS = {
  'silver-stack': 'iconSilverStack',
  'gold-stack': 'iconGoldStack',
  'silver-single': 'iconSilverSingle',
  'gold-single': 'iconGoldSingle',
  special: 'iconSpecial',
} as const satisfies Record<DailyRewardIcon, string>;

/** A coin, a stack of three, or the 28th day's chest, drawn inline so the calendar needs no image requests. */
function CoinIcon({ icon }: { icon: DailyRewardIcon }) {
  if (icon === 'special') {
    return (
      <svg viewBox="0 0 24 24" className="daily-calendar__icon daily-calendar__icon--special" aria-hidden="true">
        <rect x="3" y="9" width="18" height="11" rx="2" />
        <path d="M3 12h18M12 9v11" />
        <path d="M7 9c0-3 5-4 5 0 0-4 5-3 5 0" fill="none" />
      </svg>
    );
  }
  const tone = icon.startsWith('gold') ? 'gold' : 'silver';
  const coins = icon.endsWith('stack') ? [14, 10, 6] : [10];
  return (
    <svg viewBox="0 0 24 24" className={`daily-calendar__icon daily-calendar__icon--${tone}`} aria-hidden="true">
      {coins.map((y) => (
        <ellipse key={y} cx="12" cy={y + 4} rx="8" ry="4" />
      ))}
    </svg>
  );
}

/**
 * The 28-day calendar of the login bonus (spec 3, "Daily login bonus"): each day's coins and icon
 * (every 7th day gold, the 28th special, single coins after day 14), the days before today marked
 * received, today marked as the current date.
 */
export function DailyCalendar({ list }: { list: DailyRewardList }) {
  const t = useDailyBonusTexts();
  return (
    <ol className="daily-calendar" aria-label={t('calendarLabel')}>
      {list.rewards.map(({ day, coins }) => {
        const received = day < list.day || (day === list.day && list.receivedToday);
        const icon = dailyRewardIcon(day);
        const state = received ? 'received' : day === list.day ? 'today' : 'ahead';
        return (
          <li
            key={day}
            className={`daily-calendar__day daily-calendar__day--${state}`}
            aria-current={day === list.day ? 'date' : undefined}
            data-testid={`daily-day-${day}`}
          >
            <span className="daily-calendar__label">{t('day', { day })}</span>
            <CoinIcon icon={icon} />
            <span className="daily-calendar__coins">{coins}</span>
            <span className="visually-hidden">
              {t('dayCoins', { icon: t(ICON_LABELS[icon]) })}
              {received ? t('dayReceived') : day === list.day ? t('dayToday') : ''}
            </span>
            {received && (
              <span className="daily-calendar__received" aria-hidden="true">
                ✓
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
