import { STAFF_ROLE_LABELS, type StaffRole } from '@testerhub/shared/staff-schemas';

/** "Admin, Recruiter" for a list of roles. */
export const roleNames = (roles: readonly StaffRole[]) => roles.map((role) => STAFF_ROLE_LABELS[role]).join(', ');

export const isAdmin = (roles: readonly StaffRole[]) => roles.includes('admin');

/** The rewards role: the catalogue and redemption orders (decision 047). */
export const isRewards = (roles: readonly StaffRole[]) => roles.includes('rewards');

/** "00001, 00002" typed by an admin as the site ids of site staff. */
export const parseSiteIds = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** Site staff check testers in at their sites; admins everywhere (decision 048). */
export const mayCheckIn = (roles: readonly StaffRole[]) => roles.includes('site-staff') || roles.includes('admin');
