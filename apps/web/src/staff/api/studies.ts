import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateStudyPayload,
  PreviewScreenerPayload,
  PreviewScreenerResponse,
  SaveStudyPayload,
  SetStudyOpenPayload,
  StudyChangeResponse,
  StudyDetailResponse,
  StudyFormOptions,
  StudyListResponse,
  StudyListStatus,
} from '@testerhub/shared/study-admin-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';

export interface StudiesQuery {
  status: StudyListStatus;
  q: string;
  page: number;
}

/** GET /api/staff/studies/List (recruiter): open, closed or all, by number or words of the name. */
export function getStudies(query: StudiesQuery) {
  const params = new URLSearchParams({ status: query.status, q: query.q, page: String(query.page) });
  return apiGet<StudyListResponse>(`/staff/studies/List?${params.toString()}`);
}
export const studiesQuery = (query: StudiesQuery) =>
  queryOptions({ queryKey: staffKeys.studies(query), queryFn: () => getStudies(query), placeholderData: keepPreviousData });
export const useStudies = (query: StudiesQuery) => useQuery(studiesQuery(query));

/** GET /api/staff/studies/Study: every field, the screener and the version the form saves against. */
export const getStudy = (studyNo: number) => apiGet<StudyDetailResponse>(`/staff/studies/Study?studyNo=${studyNo}`);
export const useStudy = (studyNo: number) => useQuery({ queryKey: staffKeys.study(studyNo), queryFn: () => getStudy(studyNo) });

/** GET /api/staff/studies/FormOptions: the test sites and allowed outside-screener hosts. */
export const getStudyFormOptions = () => apiGet<StudyFormOptions>('/staff/studies/FormOptions');
export const useStudyFormOptions = () =>
  useQuery({ queryKey: staffKeys.studyFormOptions(), queryFn: getStudyFormOptions, staleTime: 5 * 60_000 });

export const createStudy = (payload: CreateStudyPayload) => apiPost<StudyChangeResponse>('/staff/studies/CreateStudy', payload);
export const saveStudy = (payload: SaveStudyPayload) => apiPost<StudyChangeResponse>('/staff/studies/SaveStudy', payload);
export const setStudyOpen = (payload: SetStudyOpenPayload) => apiPost<StudyChangeResponse>('/staff/studies/SetOpen', payload);
/** POST /api/staff/studies/PreviewScreener: writes nothing. */
export const previewScreener = (payload: PreviewScreenerPayload) =>
  apiPost<PreviewScreenerResponse>('/staff/studies/PreviewScreener', payload);

/**
 * A change to a study: the list and the study refresh after it, whatever the answer, and so do the
 * invitation form's options, whose open studies it may change (the study form reads its About-me
 * answers from them, so they are often fresh in the cache when a study is created or opened).
 */
function useStudyChange<Payload>(mutationFn: (payload: Payload) => Promise<StudyChangeResponse>, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'studies', name],
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...staffKeys.all, 'studies'] }),
        queryClient.invalidateQueries({ queryKey: staffKeys.invitationOptions() }),
      ]),
  });
}
export const useCreateStudy = () => useStudyChange(createStudy, 'create');
export const useSaveStudy = () => useStudyChange(saveStudy, 'save');
export const useSetStudyOpen = () => useStudyChange(setStudyOpen, 'set-open');
export const usePreviewScreener = () => useMutation({ mutationKey: ['staff', 'studies', 'preview'], mutationFn: previewScreener });
