import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { portalShellKeys } from './query-keys';

/** The tester's level, experience, coins and avatar as GET /api/account/GetPKTesterInfo answers them. */
export interface TesterInfo {
  username: string;
  coins: number;
  level: number;
  exp: number;
  /** Experience the next level needs, or 'Max' at the top level. */
  nextLevelExp: number | 'Max';
  remainExp: number;
  fileName: string;
  imageSrc: string;
  blackList: boolean;
  /** Days this month the tester came to the portal (the Login Count tile). */
  loginDaysThisMonth: number;
  /** Until when the no-show rule suspends the tester (decision 046); null when not suspended. */
  suspendedUntil: string | null;
}

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
