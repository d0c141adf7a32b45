import { useMutation } from '@tanstack/react-query';
import type { GiveCoinsExternalScreenerRequest, GiveCoinsExternalScreenerResponse } from '@testerhub/shared/self-schedule-schemas';
import { scheduleMutationKeys } from './query-keys';
import { selfSchedulePost } from './self-schedule-call';

/**
 * POST /api/schedule/GiveCoinsExternalScreener { ex, sig }: the outside screener's credit, paid once
 * per token and only with the partner's signature of it (decision 077).
 */
export function postGiveCoinsExternalScreener({ ex, sig }: { ex: string; sig: string | null }): Promise<GiveCoinsExternalScreenerResponse> {
  const body: GiveCoinsExternalScreenerRequest = sig ? { ex, sig } : { ex };
  return selfSchedulePost<GiveCoinsExternalScreenerResponse>('/schedule/GiveCoinsExternalScreener', body);
}

/** Claims the credit; the shell's coins are refreshed by the reward popup it opens. */
export function useGiveCoinsExternalScreener() {
  return useMutation({ mutationKey: scheduleMutationKeys.externalReward, mutationFn: postGiveCoinsExternalScreener });
}
