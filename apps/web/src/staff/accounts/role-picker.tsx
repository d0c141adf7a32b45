import { useId } from 'react';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@testerhub/shared/staff-schemas';

/** The roles as checkboxes, and the site ids field that site staff need. */
export function RolePicker(props: {
  roles: StaffRole[];
  siteIds: string;
  onRoles: (roles: StaffRole[]) => void;
  onSiteIds: (text: string) => void;
  rolesError?: string | null;
  sitesError?: string | null;
}) {
  const id = useId();
  const toggle = (role: StaffRole, on: boolean) =>
    props.onRoles(
      on ? STAFF_ROLES.filter((known) => known === role || props.roles.includes(known)) : props.roles.filter((r) => r !== role),
    );
  return (
    <>
      <fieldset className="staff-roles" aria-describedby={props.rolesError ? `${id}-roles-error` : undefined}>
        <legend>Roles</legend>
        {STAFF_ROLES.map((role) => (
          <label key={role} className="staff-check">
            <input type="checkbox" checked={props.roles.includes(role)} onChange={(event) => toggle(role, event.target.checked)} />
            {STAFF_ROLE_LABELS[role]}
          </label>
        ))}
        {props.rolesError && (
          <p id={`${id}-roles-error`} className="form-field__error" role="alert">
            {props.rolesError}
          </p>
        )}
      </fieldset>
      {props.roles.includes('site-staff') && (
        <div className="form-field">
          <label htmlFor={`${id}-sites`} className="form-field__label">
            Site ids (comma-separated)
          </label>
          <input
            id={`${id}-sites`}
            className="form-field__control"
            value={props.siteIds}
            onChange={(event) => props.onSiteIds(event.target.value)}
            aria-invalid={!!props.sitesError}
            aria-describedby={props.sitesError ? `${id}-sites-error` : undefined}
          />
          {props.sitesError && (
            <p id={`${id}-sites-error`} className="form-field__error" role="alert">
              {props.sitesError}
            </p>
          )}
        </div>
      )}
    </>
  );
}
