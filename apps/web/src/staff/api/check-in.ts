import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckInMarkResponse, CheckInScanResponse, CheckInSearchResponse } from '@testerhub/shared/check-in-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';

/** POST /api/staff/check-in/Scan (site staff, admin): the booking a QR code's token names. */
export const scanCheckInCode = (token: string) => apiPost<CheckInScanResponse>('/staff/check-in/Scan', { token });

/** GET /api/staff/check-in/Search: today's bookings at the staff member's sites by name. */
export const searchCheckIns = (name: string) =>
  apiGet<CheckInSearchResponse>(`/staff/check-in/Search?${new URLSearchParams({ name }).toString()}`);

/** POST /api/staff/check-in/MarkAttended: once; pays the study's attendance coins. */
export const markAttended = (bookingId: number) => apiPost<CheckInMarkResponse>('/staff/check-in/MarkAttended', { bookingId });

export const useScanCheckInCode = () => useMutation({ mutationKey: ['staff', 'check-in', 'scan'], mutationFn: scanCheckInCode });
export const useSearchCheckIns = () => useMutation({ mutationKey: ['staff', 'check-in', 'search'], mutationFn: searchCheckIns });
export const useMarkAttended = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'check-in', 'mark'],
    mutationFn: markAttended,
    // The calendar's check-in counts and the list of the day's ticks: read again when next shown.
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.calendar() }),
  });
};
