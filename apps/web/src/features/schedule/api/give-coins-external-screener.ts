import { useMutation } from '@tanstack/react-query';
import type { GiveCoinsExternalScreenerRequest, GiveCoinsExternalScreenerResponse } from '@testerhub/shared/self-schedule-schemas';
import { scheduleMutationKeys } from './query-keys';
import { selfSchedulePost } from './self-schedule-call';

/** POST /api/schedule/GiveCoinsExternalScreener { ex }: the outside screener's credit, paid once per token. */
export function postGiveCoinsExternalScreener(ex: string): Promise<GiveCoinsExternalScreenerResponse> {
  const body: GiveCoinsExternalScreenerRequest = { ex };
  return selfSchedulePost<GiveCoinsExternalScreenerResponse>('/schedule/GiveCoinsExternalScreener', body);
}

/** Claims the credit; the shell's coins are refreshed by the reward popup it opens. */
export function useGiveCoinsExternalScreener() {
  return useMutation({ mutationKey: scheduleMutationKeys.externalReward, mutationFn: postGiveCoinsExternalScreener });
}
