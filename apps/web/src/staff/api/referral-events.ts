import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ReferralEventChangeResponse,
  RemoveReferralEventPayload,
  SaveReferralEventPayload,
  StaffReferralEventsResponse,
} from '@testerhub/shared/referral-event-schemas';
import { apiGet } from '../../lib/api';
import { staffKeys } from './query-keys';
import { useContentChange } from './site-content';

/** GET /api/staff/content/ReferralEvents (content role): every month's texts with their revisions, and the month testers see (decision 066). */
export const referralEventsQuery = () =>
  queryOptions({
    queryKey: staffKeys.contentReferralEvents(),
    queryFn: () => apiGet<StaffReferralEventsResponse>('/staff/content/ReferralEvents'),
  });
export const useStaffReferralEvents = () => useQuery(referralEventsQuery());

/** POST /api/staff/content/SaveReferralEvent: a new text (no id) or an edit against its revision. */
export const useSaveReferralEvent = () =>
  useContentChange<SaveReferralEventPayload, ReferralEventChangeResponse>('SaveReferralEvent', staffKeys.contentReferralEvents());
export const useRemoveReferralEvent = () =>
  useContentChange<RemoveReferralEventPayload, ReferralEventChangeResponse>('RemoveReferralEvent', staffKeys.contentReferralEvents());
