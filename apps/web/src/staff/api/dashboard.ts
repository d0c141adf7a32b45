import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@testerhub/shared/dashboard-schemas';
import { apiGet } from '../../lib/api';
import { staffKeys } from './query-keys';

/** GET /api/staff/Dashboard (decision 058): today's sessions per site, studies filling, weekly sign-ups and no-shows. */
export const getDashboard = () => apiGet<DashboardResponse>('/staff/Dashboard');

// Check-ins come in all day: the figures refresh every minute while the page is open.
export const dashboardQuery = () => queryOptions({ queryKey: staffKeys.dashboard(), queryFn: getDashboard, refetchInterval: 60_000 });

export const useDashboard = () => useQuery(dashboardQuery());
