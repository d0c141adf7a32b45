import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { StaffAuditQuery, staffAuditResponseSchema } from '@testerhub/shared/staff-schemas';
import { apiGet } from '../../lib/api';
import { staffKeys } from './query-keys';

export type StaffAuditResponse = z.infer<typeof staffAuditResponseSchema>;

/** GET /api/staff/admin/AuditLog (admin): newest first, filtered. */
export function getAuditLog(query: StaffAuditQuery) {
  return apiGet<StaffAuditResponse>(`/staff/admin/AuditLog?${queryString(query)}`);
}

/** The log's CSV under the same filters (admin; decision 127): a plain link, so the browser saves the attachment. */
export const auditLogCsvUrl = (query: StaffAuditQuery) => `/api/staff/admin/AuditLog.csv?${queryString({ ...query, page: undefined })}`;

function queryString(query: StaffAuditQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

export const auditLogQuery = (query: StaffAuditQuery) =>
  queryOptions({ queryKey: staffKeys.audit(query), queryFn: () => getAuditLog(query), placeholderData: keepPreviousData });

export const useAuditLog = (query: StaffAuditQuery) => useQuery(auditLogQuery(query));
