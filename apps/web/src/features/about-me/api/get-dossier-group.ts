import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DossierGroupResponse } from '@testerhub/shared/about-me-schemas';
import { apiGet } from '../../../lib/api';
import { aboutMeKeys } from './query-keys';

/** GET /api/dossier/GetDossierGroup (spec 2, section 7). */
export function fetchDossierGroup(): Promise<DossierGroupResponse> {
  return apiGet<DossierGroupResponse>('/dossier/GetDossierGroup');
}

export function dossierGroupQueryOptions() {
  return queryOptions({ queryKey: aboutMeKeys.groups(), queryFn: fetchDossierGroup });
}

/** The About-me page list; a 401 leads to login (the QueryClient's rule). */
export function useDossierGroup() {
  return useQuery(dossierGroupQueryOptions());
}
