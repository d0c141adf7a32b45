import { STAFF_ROLE_LABELS, type StaffRole } from '@testerhub/shared/staff-schemas';

/** "Admin, Recruiter" for a list of roles. */
export const roleNames = (roles: readonly StaffRole[]) => roles.map((role) => STAFF_ROLE_LABELS[role]).join(', ');
