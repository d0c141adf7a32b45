import { RetryAlert } from '../../components/retry-alert';
import { requestErrorMessage } from '../../lib/request-error';

/** A staff page's failed load: the reason and Try again, announced as an alert, in the console's style. */
export function StaffRetry({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <RetryAlert
      text={requestErrorMessage(error)}
      onRetry={onRetry}
      textClassName="staff-problem"
      buttonClassName="staff-button staff-button--quiet"
    />
  );
}
