import { Link } from 'react-router';
import { COMPANY } from '@testerhub/shared/company';
import { formatDate } from '@testerhub/shared/schedule-format';
import { useTesterInfo } from './api/get-tester-info';

/** The notice's text (decision 046): why, until when, and what it means. */
export function suspensionText(suspendedUntil: string): string {
  return (
    `Your account is suspended until ${formatDate(suspendedUntil, COMPANY.timeZone)} because of two or more no-shows ` +
    'within 3 months. Until then you will not see studies or be able to book one.'
  );
}

/**
 * On every portal page while the no-show rule suspends the tester (spec 3, "No-shows"; decision
 * 046): it cannot be dismissed, since it explains why the study list is empty and booking refused.
 */
export function SuspensionNotice() {
  const info = useTesterInfo();
  const until = info.data?.suspendedUntil;
  if (!until) return null;
  return (
    <aside className="suspension-notice" aria-label="Account suspended">
      <p>{suspensionText(until)}</p>
      <p>
        See the <Link to="/popup/rules">rules</Link>, or call Tester Services at {COMPANY.supportPhone} with any question.
      </p>
    </aside>
  );
}
