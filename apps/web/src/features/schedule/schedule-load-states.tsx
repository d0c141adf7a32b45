import type { ViewStatus } from '../../lib/query-status';
import { useScheduleTexts } from './schedule-texts';

/**
 * The schedule pages' loading, failure and empty states (one call each, the same texts): what
 * shows until there are bookings to list.
 */
export function ScheduleLoadStates({ status, empty, onRetry }: { status: ViewStatus; empty: boolean; onRetry: () => void }) {
  const t = useScheduleTexts();
  if (status === 'pending')
    return (
      <>
        <p role="status" className="visually-hidden">
          {t('loadingSchedule')}
        </p>
        <div className="schedule__skeleton" aria-hidden="true" />
      </>
    );
  if (status === 'error')
    return (
      <div className="schedule__error" role="alert">
        <p className="schedule__error-title">{t('loadFailed')}</p>
        <p>{t('loadFailedHelp')}</p>
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('tryAgain')}
        </button>
      </div>
    );
  return empty ? <p className="schedule__empty">{t('nothingScheduled')}</p> : null;
}
