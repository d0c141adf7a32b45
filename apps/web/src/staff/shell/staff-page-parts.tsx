import type { ComponentProps, ReactNode } from 'react';
import { Link, useOutletContext } from 'react-router';
import { holdsRole, STAFF_PASSWORD_MIN, STAFF_ROLE_LABELS, type StaffRole } from '@testerhub/shared/staff-schemas';
import { TextField } from '../../components/form-field';
import { requestErrorMessage } from '../../lib/request-error';
import type { StaffOutletContext } from './staff-shell';

/**
 * A console page's own guard: its content only for a staff member holding `role`, or one of the roles
 * given (admins hold every role, decision 049). Anyone else gets a page of its own, with a heading, the
 * reason and the way back (issue 29), never a failed call's "Something went wrong".
 */
export function RequiresRole({ role, children }: { role: StaffRole | readonly StaffRole[]; children: ReactNode }) {
  const { me } = useOutletContext<StaffOutletContext>();
  const roles: readonly StaffRole[] = typeof role === 'string' ? [role] : role;
  if (roles.some((one) => holdsRole(me.roles, one))) return children;
  const named = roles.map((one) => STAFF_ROLE_LABELS[one].toLowerCase()).join(' or ');
  return (
    <section aria-labelledby="not-allowed-heading">
      <h1 id="not-allowed-heading">Not open to your role</h1>
      <p className="staff-problem" role="alert">
        {role === 'admin' ? 'Only admins can open this page.' : `Only staff with the ${named} role can open this page.`}
      </p>
      <p>An admin can give you the role on the staff accounts page if your work needs it.</p>
      <p>
        <Link to="/staff">Back to the console home</Link>
      </p>
    </section>
  );
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

/**
 * A form's submit button: while its call is `pending` it is disabled, busy for assistive technology
 * and says `pendingLabel`. `disabled` when another call of the same form also holds it.
 */
export function SubmitButton({
  pending,
  label,
  pendingLabel = 'Saving…',
  quiet = false,
  disabled = pending,
}: {
  pending: boolean;
  label: string;
  pendingLabel?: string;
  quiet?: boolean;
  disabled?: boolean;
}) {
  return (
    <button type="submit" className={quiet ? 'staff-button staff-button--quiet' : 'staff-button'} disabled={disabled} aria-busy={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}

type BoundField = Omit<ComponentProps<typeof TextField>, 'label'>;

/** The authenticator app's current code, asked for at set-up and before any change to a sign-in. */
export function AuthenticatorCodeField(field: BoundField) {
  return <TextField label="The 6-digit code the app shows" autoComplete="one-time-code" inputMode="numeric" {...field} />;
}

/** A new staff password and its repeat, as the set-up page and Your sign-in ask for them. */
export function NewPasswordFields({ password, confirmPassword }: { password: BoundField; confirmPassword: BoundField }) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${STAFF_PASSWORD_MIN} characters.`}
        {...password}
      />
      <TextField label="Repeat the new password" type="password" autoComplete="new-password" {...confirmPassword} />
    </>
  );
}

/**
 * The buttons under a paged list: Previous and Next, or Newer and Older for a list newest first.
 * Nothing when everything fits on one page.
 */
export function Pages({
  page,
  hasMore,
  label,
  onPage,
  newestFirst = false,
}: {
  page: number;
  hasMore: boolean;
  label: string;
  onPage: (page: number) => void;
  newestFirst?: boolean;
}) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label={label} className="staff-pages">
      {page > 1 && (
        <button type="button" className="staff-button staff-button--quiet" onClick={() => onPage(page - 1)}>
          {newestFirst ? 'Newer' : 'Previous'}
        </button>
      )}
      {hasMore && (
        <button type="button" className="staff-button staff-button--quiet" onClick={() => onPage(page + 1)}>
          {newestFirst ? 'Older' : 'Next'}
        </button>
      )}
    </nav>
  );
}
