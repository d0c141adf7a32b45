import { holdsRole } from '@testerhub/shared/staff-schemas';
import type { StaffPrincipal } from '../../modules/staff/staff-service.ts';

/**
 * The sites whose bookings a staff member's booking controls reach (decision 111): every site (null)
 * for a recruiter or an admin, who answer testers' calls for every site; a site staff member's own
 * sites otherwise, as at check-in (decision 048).
 */
export const bookingSitesOf = (staff: StaffPrincipal): string[] | null => (holdsRole(staff.roles, 'recruiter') ? null : staff.siteIds);
