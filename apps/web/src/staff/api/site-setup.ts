import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MoveTestSitePayload,
  RemoveTestSitePayload,
  SetSiteMapCodePayload,
  SiteZipChangeResponse,
  SiteZipPrefixesResponse,
  ZipPrefixChangePayload,
} from '@testerhub/shared/site-zip-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';

/** GET /api/staff/content/SiteZipPrefixes (content role): every ZIP prefix with its site (decision 069). */
export const zipPrefixesQuery = () =>
  queryOptions({
    queryKey: staffKeys.contentZipPrefixes(),
    queryFn: () => apiGet<SiteZipPrefixesResponse>('/staff/content/SiteZipPrefixes'),
  });
/** Asked only once `enabled` (a site's prefixes opened): most visits never look at them. */
export const useSiteZipPrefixes = (enabled = true) => useQuery({ ...zipPrefixesQuery(), enabled });

/** A site set-up POST that refreshes the sites and their prefixes whatever the outcome (a refusal means they changed). */
function useSiteSetupChange<Payload>(call: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'content', call],
    mutationFn: (payload: Payload) => apiPost<SiteZipChangeResponse>(`/staff/content/${call}`, payload),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.contentSites() }),
        queryClient.invalidateQueries({ queryKey: staffKeys.contentZipPrefixes() }),
      ]),
  });
}
export const useAddZipPrefix = () => useSiteSetupChange<ZipPrefixChangePayload>('AddZipPrefix');
export const useRemoveZipPrefix = () => useSiteSetupChange<ZipPrefixChangePayload>('RemoveZipPrefix');
export const useSetSiteMapCode = () => useSiteSetupChange<SetSiteMapCodePayload>('SetSiteMapCode');
export const useMoveTestSite = () => useSiteSetupChange<MoveTestSitePayload>('MoveTestSite');
export const useRemoveTestSite = () => useSiteSetupChange<RemoveTestSitePayload>('RemoveTestSite');
