import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { portalShellKeys } from './query-keys';

/** GET /api/account/GetUserInfo: the tester's account details (spec 2, section 7). */
export interface AccountUserInfo {
  testerInfo: {
    testerId: string;
    username: string;
    firstName: string;
    lastName: string;
    emailAddress: string;
    emailConfirmed: boolean;
    language: string;
  };
}

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
