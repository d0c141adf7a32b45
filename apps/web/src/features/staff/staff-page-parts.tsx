import type { ReactNode } from 'react';
import { useOutletContext } from 'react-router';
import { holdsRole, STAFF_ROLE_LABELS, type StaffRole } from '@testerhub/shared/staff-schemas';
import { requestErrorMessage } from '../../lib/request-error';
import type { StaffOutletContext } from './staff-shell';

/** A console page's own guard: its content only for a staff member holding `role` (admins hold every role, decision 049). */
export function RequiresRole({ role, children }: { role: StaffRole; children: ReactNode }) {
  const { me } = useOutletContext<StaffOutletContext>();
  if (!holdsRole(me.roles, role))
    return (
      <p className="staff-problem" role="alert">
        Only staff with the {STAFF_ROLE_LABELS[role].toLowerCase()} role can open this page.
      </p>
    );
  return children;
}

/** A failed read: its message and Try again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert">
      <p className="staff-problem">{requestErrorMessage(error)}</p>
      <button type="button" className="staff-button staff-button--quiet" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
