import { STAFF_ROLE_LABELS, type StaffRole } from '@testerhub/shared/staff-schemas';

/** "Admin, Recruiter" for a list of roles. */
export const roleNames = (roles: readonly StaffRole[]) => roles.map((role) => STAFF_ROLE_LABELS[role]).join(', ');

/** "00001, 00002" typed by an admin as the site ids of site staff. */
export const parseSiteIds = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
