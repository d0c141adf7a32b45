import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMe } from '@testerhub/shared/staff-schemas';
import { apiGet } from '../../lib/api';
import { staffKeys } from './query-keys';

/** GET /api/staff/Me: who is logged in, with roles (decision 043). A 401 leads to the staff login. */
export const getStaffMe = () => apiGet<StaffMe>('/staff/Me');

export const staffMeQuery = () => queryOptions({ queryKey: staffKeys.me(), queryFn: getStaffMe });

export const useStaffMe = () => useQuery(staffMeQuery());
