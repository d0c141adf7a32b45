import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarSessionsResponse, DayListResponse } from '@testerhub/shared/calendar-schemas';
import { apiGet } from '../../lib/api';
import { staffKeys } from './query-keys';

export interface CalendarQuery {
  /** Absent: the server starts on today on the chosen site's clock, else the company's (decision 145). */
  from?: string;
  days: 1 | 7;
  /** Empty: every site the staff member may see. */
  siteId: string;
}

const sessionsPath = ({ from, days, siteId }: CalendarQuery) =>
  `/staff/calendar/Sessions?${from ? `from=${from}&` : ''}days=${days}${siteId ? `&siteId=${encodeURIComponent(siteId)}` : ''}`;

/** GET /api/staff/calendar/Sessions (recruiter, site staff): the sessions of a day or a week, each on its site's clock (decision 120). */
export const getCalendarSessions = (query: CalendarQuery) => apiGet<CalendarSessionsResponse>(sessionsPath(query));

export const calendarSessionsQuery = (query: CalendarQuery) =>
  queryOptions({
    queryKey: [...staffKeys.calendar(), 'sessions', query] as const,
    queryFn: () => getCalendarSessions(query),
    // The previous week stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useCalendarSessions = (query: CalendarQuery) => useQuery(calendarSessionsQuery(query));

const dayListQueryString = (date: string, siteId: string) => `date=${date}&siteId=${encodeURIComponent(siteId)}`;

/** GET /api/staff/calendar/DayList: one site's expected people of a day (audited on the server). */
export const getDayList = (date: string, siteId: string) =>
  apiGet<DayListResponse>(`/staff/calendar/DayList?${dayListQueryString(date, siteId)}`);

export const useDayList = (date: string, siteId: string) =>
  useQuery({
    queryKey: [...staffKeys.calendar(), 'day-list', date, siteId] as const,
    queryFn: () => getDayList(date, siteId),
    enabled: siteId !== '',
  });

/** The address of the list's CSV download (a plain link: the browser saves the attachment). */
export const dayListCsvHref = (date: string, siteId: string) => `/api/staff/calendar/DayList.csv?${dayListQueryString(date, siteId)}`;
