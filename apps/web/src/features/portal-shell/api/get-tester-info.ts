import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TesterInfo } from '@testerhub/shared/profile-schemas';
import { apiGet } from '../../../lib/api';
import { portalShellKeys } from './query-keys';

/** GET /api/account/GetPKTesterInfo: the tester's level, experience, coins and avatar. */
export function fetchTesterInfo(): Promise<TesterInfo> {
  return apiGet<TesterInfo>('/account/GetPKTesterInfo');
}

export function testerInfoQueryOptions() {
  return queryOptions({ queryKey: portalShellKeys.testerInfo(), queryFn: fetchTesterInfo });
}

/** Level, coins and avatar for the portal nav; asked once the session check passed. */
export function useTesterInfo({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...testerInfoQueryOptions(), enabled });
}
