import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { aboutMeKeys } from './query-keys';

/** One About-me page (question group) the tester has not completed yet. */
export interface DossierPage {
  pageID: number;
  pageTitle: string;
  numCoins: number;
}

export interface DossierGroupAnswer {
  status: string;
  pageList?: DossierPage[];
}

/** GET /api/dossier/GetDossierGroup (spec 2, section 7). */
export function fetchDossierGroup(): Promise<DossierGroupAnswer> {
  return apiGet<DossierGroupAnswer>('/dossier/GetDossierGroup');
}

export function dossierGroupQueryOptions() {
  return queryOptions({ queryKey: aboutMeKeys.groups(), queryFn: fetchDossierGroup });
}

/** The About-me page list; a 401 leads to login (the QueryClient's rule). */
export function useDossierGroup() {
  return useQuery(dossierGroupQueryOptions());
}
