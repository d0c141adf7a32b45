import { Link } from 'react-router';
import { COMPANY } from '@testerhub/shared/company';
import { formatDate } from '@testerhub/shared/schedule-format';

/** The notice's text (decision 046): why, until when, and what it means. */
export function suspensionText(suspendedUntil: string): string {
  return (
    `Your account is suspended until ${formatDate(suspendedUntil, COMPANY.timeZone)} because of two or more no-shows ` +
    'within 3 months. Until then you will not see studies or be able to book one.'
  );
}

/** What SuspensionNotice (./suspension-notice) shows a suspended tester. */
export function SuspensionNoticeBody({ suspendedUntil }: { suspendedUntil: string }) {
  return (
    <aside className="suspension-notice" aria-label="Account suspended">
      <p>{suspensionText(suspendedUntil)}</p>
      <p>
        See the <Link to="/popup/rules">rules</Link>, or call Tester Services at {COMPANY.supportPhone} with any question.
      </p>
    </aside>
  );
}
