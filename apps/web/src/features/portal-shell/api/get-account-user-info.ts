import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountUserInfo } from '@testerhub/shared/profile-schemas';
import { apiGet } from '../../../lib/api';
import { portalShellKeys } from './query-keys';

/** GET /api/account/GetUserInfo: the tester's account details (spec 2, section 7). */
export function fetchAccountUserInfo(): Promise<AccountUserInfo> {
  return apiGet<AccountUserInfo>('/account/GetUserInfo');
}

export function accountUserInfoQueryOptions() {
  return queryOptions({ queryKey: portalShellKeys.accountUserInfo(), queryFn: fetchAccountUserInfo });
}

/** The account details; the shell greets the tester by first name. */
export function useAccountUserInfo({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...accountUserInfoQueryOptions(), enabled });
}
