import type { ViewStatus } from '../../lib/query-status';
import { SCHEDULE_TEXTS } from './schedule-texts';

/**
 * The schedule pages' loading, failure and empty states (one call each, the same texts): what
 * shows until there are bookings to list.
 */
export function ScheduleLoadStates({ status, empty, onRetry }: { status: ViewStatus; empty: boolean; onRetry: () => void }) {
  if (status === 'pending')
    return (
      <>
        <p role="status" className="visually-hidden">
          Loading your schedule…
        </p>
        <div className="schedule__skeleton" aria-hidden="true" />
      </>
    );
  if (status === 'error')
    return (
      <div className="schedule__error" role="alert">
        <p className="schedule__error-title">{SCHEDULE_TEXTS.loadFailed}</p>
        <p>{SCHEDULE_TEXTS.loadFailedHelp}</p>
        <button type="button" className="button button--primary" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  return empty ? <p className="schedule__empty">{SCHEDULE_TEXTS.nothingScheduled}</p> : null;
}
