import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { staffListResponseSchema } from '@testerhub/shared/staff-schemas';
import { apiGet } from '../../lib/api';
import { staffKeys } from './query-keys';

export type StaffListResponse = z.infer<typeof staffListResponseSchema>;

/** GET /api/staff/admin/StaffList (admin). */
export const getStaffList = () => apiGet<StaffListResponse>('/staff/admin/StaffList');

export const staffListQuery = () => queryOptions({ queryKey: staffKeys.list(), queryFn: getStaffList });

export const useStaffList = () => useQuery(staffListQuery());
