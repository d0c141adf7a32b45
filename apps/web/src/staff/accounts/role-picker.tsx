import { useId } from 'react';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@testerhub/shared/staff-schemas';
import { requestErrorMessage } from '../../lib/request-error';
import { useStaffTestSites } from '../api/site-content';

/** The roles as checkboxes, and the test sites that site staff work at, ticked by name. */
export function RolePicker(props: {
  roles: StaffRole[];
  siteIds: string[];
  onRoles: (roles: StaffRole[]) => void;
  onSiteIds: (siteIds: string[]) => void;
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
      {props.roles.includes('site-staff') && <SitePicker siteIds={props.siteIds} onSiteIds={props.onSiteIds} error={props.sitesError} />}
    </>
  );
}

/** The test sites as checkboxes by name (issue 29: admins typed site ids); the ids go to the call as before. */
function SitePicker({ siteIds, onSiteIds, error }: { siteIds: string[]; onSiteIds: (siteIds: string[]) => void; error?: string | null }) {
  const id = useId();
  const sites = useStaffTestSites();
  const listed = sites.data?.sites.map((site) => ({ siteId: site.siteId, label: site.name })) ?? [];
  // A site this person holds that is no longer listed (removed since) stays shown, so it can be unticked.
  const unlisted = sites.data
    ? siteIds
        .filter((siteId) => !listed.some((site) => site.siteId === siteId))
        .map((siteId) => ({ siteId, label: `Site ${siteId} (no longer listed)` }))
    : [];
  const options = [...listed, ...unlisted];
  const toggle = (siteId: string, on: boolean) =>
    onSiteIds(
      on
        ? options.map((option) => option.siteId).filter((known) => known === siteId || siteIds.includes(known))
        : siteIds.filter((s) => s !== siteId),
    );
  return (
    <fieldset className="staff-roles" aria-describedby={error ? `${id}-sites-error` : undefined}>
      <legend>Test sites they work at</legend>
      {sites.isPending && <p aria-busy="true">Loading the test sites…</p>}
      {sites.isError && (
        <div role="alert">
          <p className="staff-problem">{requestErrorMessage(sites.error)}</p>
          <button type="button" className="staff-button staff-button--quiet" onClick={() => void sites.refetch()}>
            Try again
          </button>
        </div>
      )}
      {options.map((option) => (
        <label key={option.siteId} className="staff-check">
          <input
            type="checkbox"
            checked={siteIds.includes(option.siteId)}
            onChange={(event) => toggle(option.siteId, event.target.checked)}
          />
          {option.label}
        </label>
      ))}
      {error && (
        <p id={`${id}-sites-error`} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
