import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddTestSitePayload,
  AddWinnerPayload,
  EditTestSitePayload,
  EditWinnerPayload,
  RemoveWinnerPayload,
  SiteChangeResponse,
  StaffTestSitesResponse,
  StaffWinnersResponse,
  WinnerChangeResponse,
} from '@testerhub/shared/site-content-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';

/** GET /api/staff/content/Winners (content role): every winner, hidden ones too, with its revision. */
export const winnersQuery = () =>
  queryOptions({ queryKey: staffKeys.contentWinners(), queryFn: () => apiGet<StaffWinnersResponse>('/staff/content/Winners') });
export const useStaffWinners = () => useQuery(winnersQuery());

/** GET /api/staff/content/TestSites: every test site with its revision. */
export const testSitesQuery = () =>
  queryOptions({ queryKey: staffKeys.contentSites(), queryFn: () => apiGet<StaffTestSitesResponse>('/staff/content/TestSites') });
export const useStaffTestSites = () => useQuery(testSitesQuery());

/** A content POST that refreshes its list whatever the outcome (a refusal means the list changed). */
export function useContentChange<Payload, Answer>(call: string, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'content', call],
    mutationFn: (payload: Payload) => apiPost<Answer>(`/staff/content/${call}`, payload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
export const useAddWinner = () => useContentChange<AddWinnerPayload, WinnerChangeResponse>('AddWinner', staffKeys.contentWinners());
export const useEditWinner = () => useContentChange<EditWinnerPayload, WinnerChangeResponse>('EditWinner', staffKeys.contentWinners());
export const useRemoveWinner = () =>
  useContentChange<RemoveWinnerPayload, WinnerChangeResponse>('RemoveWinner', staffKeys.contentWinners());
export const useAddTestSite = () => useContentChange<AddTestSitePayload, SiteChangeResponse>('AddTestSite', staffKeys.contentSites());
export const useEditTestSite = () => useContentChange<EditTestSitePayload, SiteChangeResponse>('EditTestSite', staffKeys.contentSites());
