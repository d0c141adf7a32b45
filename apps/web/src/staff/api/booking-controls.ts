import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  BookingControlPayload,
  BookingControlResponse,
  GroupBookingsResponse,
  MoveBookingPayload,
  SeatTesterPayload,
} from '@testerhub/shared/booking-control-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';
import { useGroupChange } from './session-groups';

/** GET /api/staff/sessions/GroupBookings (recruiter): a group's people for its booking controls (decision 111). */
export const getGroupBookings = (groupId: string) =>
  apiGet<GroupBookingsResponse>(`/staff/sessions/GroupBookings?groupId=${encodeURIComponent(groupId)}`);

export const groupBookingsQuery = (groupId: string) =>
  queryOptions({ queryKey: staffKeys.groupBookings(groupId), queryFn: () => getGroupBookings(groupId) });

export const useGroupBookings = (groupId: string) => useQuery(groupBookingsQuery(groupId));

/** The booking controls' calls, each with the reason typed (decision 111). */
export const markNoShow = (payload: BookingControlPayload) => apiPost<BookingControlResponse>('/staff/attendance/MarkNoShow', payload);
export const undoAttendance = (payload: BookingControlPayload) =>
  apiPost<BookingControlResponse>('/staff/check-in/UndoAttendance', payload);
export const cancelBooking = (payload: BookingControlPayload) => apiPost<BookingControlResponse>('/staff/sessions/CancelBooking', payload);
export const moveBooking = (payload: MoveBookingPayload) => apiPost<BookingControlResponse>('/staff/sessions/MoveBooking', payload);
export const seatTester = (payload: SeatTesterPayload) => apiPost<BookingControlResponse>('/staff/sessions/SeatTester', payload);

/** A booking control of a study's group: refreshes what a group change does, and every group's people. */
const useBookingControl = <Payload>(mutationFn: (payload: Payload) => Promise<BookingControlResponse>, name: string, studyNo: number) =>
  useGroupChange(mutationFn, name, studyNo, [[...staffKeys.all, 'group-bookings']]);

export const useMarkNoShow = (studyNo: number) => useBookingControl(markNoShow, 'mark-no-show', studyNo);
export const useUndoAttendance = (studyNo: number) => useBookingControl(undoAttendance, 'undo-attendance', studyNo);
export const useCancelBooking = (studyNo: number) => useBookingControl(cancelBooking, 'cancel-booking', studyNo);
export const useMoveBooking = (studyNo: number) => useBookingControl(moveBooking, 'move-booking', studyNo);
export const useSeatTester = (studyNo: number) => useBookingControl(seatTester, 'seat-tester', studyNo);
