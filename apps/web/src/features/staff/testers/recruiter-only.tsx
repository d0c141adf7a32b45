import type { ReactNode } from 'react';
import { useOutletContext } from 'react-router';
import { holdsRole } from '@testerhub/shared/staff-schemas';
import type { StaffOutletContext } from '../staff-shell';

/** The Testers pages' guard: their content for recruiters (and admins, decision 049), a refusal otherwise. */
export function RecruiterOnly({ children }: { children: ReactNode }) {
  const { me } = useOutletContext<StaffOutletContext>();
  if (holdsRole(me.roles, 'recruiter')) return children;
  return (
    <p className="staff-problem" role="alert">
      Only staff with the recruiter role can open this page.
    </p>
  );
}
