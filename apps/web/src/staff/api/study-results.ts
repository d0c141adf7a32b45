import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StudyResultsResponse } from '@testerhub/shared/session-admin-schemas';
import { apiGet } from '../../lib/api';
import { staffKeys } from './query-keys';

/**
 * GET /api/staff/study-results/Summary (recruiter): a page of screenings (newest first), the waiting
 * list and bookings per group (decision 051).
 */
export const getStudyResults = (studyNo: number, page: number) =>
  apiGet<StudyResultsResponse>(`/staff/study-results/Summary?studyNo=${studyNo}&page=${page}`);

export const studyResultsQuery = (studyNo: number, page: number) =>
  queryOptions({
    queryKey: [...staffKeys.studyResults(studyNo), page],
    queryFn: () => getStudyResults(studyNo, page),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useStudyResults = (studyNo: number, page: number) => useQuery(studyResultsQuery(studyNo, page));

/** The CSV download's address: a plain link, so the browser streams it to a file with the server's name. */
export const studyResultsCsvUrl = (studyNo: number) => `/api/staff/study-results/Export?studyNo=${studyNo}`;
