import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralEvent } from '@testerhub/shared/public-content';
import { apiGet } from '../../../lib/api';
import { referralKeys } from './query-keys';

/** GET /api/callout/GetReferralEvent: this month's offer, one text per row (spec 1, section 7). */
export function fetchReferralEvent(): Promise<ReferralEvent[]> {
  return apiGet<ReferralEvent[]>('/callout/GetReferralEvent');
}

export function referralEventQueryOptions() {
  return queryOptions({ queryKey: referralKeys.event(), queryFn: fetchReferralEvent });
}

export function useReferralEvent() {
  return useQuery(referralEventQueryOptions());
}
