import { useMutation } from '@tanstack/react-query';
import type { CheckInMarkResponse, CheckInScanResponse, CheckInSearchResponse } from '@testerhub/shared/check-in-schemas';
import { apiGet, apiPost } from '../../lib/api';

/** POST /api/staff/check-in/Scan (site staff, admin): the booking a QR code's token names. */
export const scanCheckInCode = (token: string) => apiPost<CheckInScanResponse>('/staff/check-in/Scan', { token });

/** GET /api/staff/check-in/Search: today's bookings at the staff member's sites by name. */
export const searchCheckIns = (name: string) =>
  apiGet<CheckInSearchResponse>(`/staff/check-in/Search?${new URLSearchParams({ name }).toString()}`);

/** POST /api/staff/check-in/MarkAttended: once; pays the study's attendance coins. */
export const markAttended = (bookingId: number) => apiPost<CheckInMarkResponse>('/staff/check-in/MarkAttended', { bookingId });

export const useScanCheckInCode = () => useMutation({ mutationKey: ['staff', 'check-in', 'scan'], mutationFn: scanCheckInCode });
export const useSearchCheckIns = () => useMutation({ mutationKey: ['staff', 'check-in', 'search'], mutationFn: searchCheckIns });
export const useMarkAttended = () => useMutation({ mutationKey: ['staff', 'check-in', 'mark'], mutationFn: markAttended });
