import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudyResultsResponse } from '@testerhub/shared/session-admin-schemas';
import { apiGet } from '../../../lib/api';
import { staffKeys } from './query-keys';

/** GET /api/staff/study-results/Summary (recruiter): screenings, waiting list and bookings per group (decision 051). */
export const getStudyResults = (studyNo: number) => apiGet<StudyResultsResponse>(`/staff/study-results/Summary?studyNo=${studyNo}`);

export const studyResultsQuery = (studyNo: number) =>
  queryOptions({ queryKey: staffKeys.studyResults(studyNo), queryFn: () => getStudyResults(studyNo) });

export const useStudyResults = (studyNo: number) => useQuery(studyResultsQuery(studyNo));

/** The CSV download's address: a plain link, so the browser streams it to a file with the server's name. */
export const studyResultsCsvUrl = (studyNo: number) => `/api/staff/study-results/Export?studyNo=${studyNo}`;
