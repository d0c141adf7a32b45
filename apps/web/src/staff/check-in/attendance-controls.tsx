import { useState } from 'react';
import { bookingControlSchema, type BookingControlResponse } from '@testerhub/shared/booking-control-schemas';
import type { CheckInBooking } from '@testerhub/shared/check-in-schemas';
import { TextField } from '../../components/form-field';
import { requestErrorMessage } from '../../lib/request-error';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useMarkNoShow, useUndoAttendance } from '../api/booking-controls';

const reasonSchema = bookingControlSchema.pick({ reason: true });

/**
 * At the door (decision 111): a booked person who phoned to say they will not come is marked a
 * no-show, a mistaken check-in is undone; each with the reason typed, which the audit log keeps.
 */
export function AttendanceControls({
  booking,
  onChanged,
}: {
  booking: CheckInBooking;
  onChanged: (bookingId: number, status: CheckInBooking['status'], message: string) => void;
}) {
  const noShow = useMarkNoShow(booking.studyNo);
  const undo = useUndoAttendance(booking.studyNo);
  const form = useSchemaForm(reasonSchema, { defaultValues: { reason: '' } });
  const [problem, setProblem] = useState<string | null>(null);
  const name = booking.childName ?? booking.testerName;
  if (booking.status !== 'booked' && booking.status !== 'attended') return null;
  const undoing = booking.status === 'attended';

  const submit = form.handleSubmit(async ({ reason }) => {
    setProblem(null);
    try {
      const answer: BookingControlResponse = undoing
        ? await undo.mutateAsync({ bookingId: booking.bookingId, reason })
        : await noShow.mutateAsync({ bookingId: booking.bookingId, reason });
      if (answer.status === 'succeed') {
        form.reset({ reason: '' });
        onChanged(booking.bookingId, undoing ? 'booked' : 'noShow', answer.message);
      } else setProblem(answer.message);
    } catch (error) {
      setProblem(requestErrorMessage(error));
    }
  });

  return (
    <form
      className="staff-form"
      noValidate
      aria-label={undoing ? `Undo ${name}’s check-in` : `Mark ${name} a no-show`}
      onSubmit={(event) => void submit(event)}
    >
      <TextField label="Reason" hint="Kept in the audit log." autoComplete="off" maxLength={500} {...form.field('reason')} />
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="staff-button staff-button--quiet" disabled={form.formState.isSubmitting}>
        {undoing ? 'Undo check-in' : 'Mark a no-show'}
      </button>
    </form>
  );
}
