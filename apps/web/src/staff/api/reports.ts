import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FunnelReport, PaymentsReport } from '@testerhub/shared/report-schemas';
import { apiGet } from '../../lib/api';
import { staffKeys } from './query-keys';

const monthQuery = (month: string) => (month ? `?month=${encodeURIComponent(month)}` : '');

/** GET /api/staff/reports/Payments (recruiter; decision 122): the month's payments by study and the reward orders; '' is this month. */
export const getPaymentsReport = (month: string) => apiGet<PaymentsReport>(`/staff/reports/Payments${monthQuery(month)}`);

export const paymentsReportQuery = (month: string) =>
  queryOptions({
    queryKey: staffKeys.paymentsReport(month),
    queryFn: () => getPaymentsReport(month),
    // The month shown stays while another one loads.
    placeholderData: keepPreviousData,
  });

export const usePaymentsReport = (month: string) => useQuery(paymentsReportQuery(month));

/** The CSV download's address: a plain link, so the browser saves it with the server's name. */
export const paymentsCsvUrl = (month: string) => `/api/staff/reports/PaymentsExport${monthQuery(month)}`;

/** GET /api/staff/reports/Funnel (recruiter; decision 122): a study's recruiting funnel. */
export const getStudyFunnel = (studyNo: number) => apiGet<FunnelReport>(`/staff/reports/Funnel?studyNo=${studyNo}`);

export const useStudyFunnel = (studyNo: number) =>
  useQuery(queryOptions({ queryKey: staffKeys.studyFunnel(studyNo), queryFn: () => getStudyFunnel(studyNo) }));
