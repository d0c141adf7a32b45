import { useId, useState } from 'react';
import { bookingControlSchema, seatTesterSchema, type BookingControlResponse } from '@testerhub/shared/booking-control-schemas';
import type { StaffGroup } from '@testerhub/shared/session-admin-schemas';
import { BOOKING_STATUS_TEXTS } from '@testerhub/shared/staff-words';
import { SelectField, TextField } from '../../components/form-field';
import { requestErrorMessage } from '../../lib/request-error';
import { useSchemaForm } from '../../lib/use-schema-form';
import {
  useCancelBooking,
  useGroupBookings,
  useMarkNoShow,
  useMoveBooking,
  useSeatTester,
  useUndoAttendance,
} from '../api/booking-controls';

type Person = NonNullable<ReturnType<typeof useGroupBookings>['data']>['bookings'][number];

/** The reason every control sends, and the seat form's address: each checked by the calls' own schemas. */
const reasonSchema = bookingControlSchema.pick({ reason: true });
const seatEmailSchema = seatTesterSchema.pick({ email: true });

/**
 * A group's people and the booking controls a recruiter uses on them (issue 29; decision 111): mark a
 * no-show (the tester called), undo a check-in, cancel, move to another group of the study, and seat
 * a tester by e-mail address. Every control sends the reason typed once above them, which the audit
 * log keeps; the answer's message is read out.
 */
export function GroupPeople({ studyNo, group, groups }: { studyNo: number; group: StaffGroup; groups: StaffGroup[] }) {
  const people = useGroupBookings(group.groupId);
  const noShow = useMarkNoShow(studyNo);
  const undo = useUndoAttendance(studyNo);
  const cancel = useCancelBooking(studyNo);
  const move = useMoveBooking(studyNo);
  const seat = useSeatTester(studyNo);
  const reasonForm = useSchemaForm(reasonSchema, { defaultValues: { reason: '' } });
  const seatForm = useSchemaForm(seatEmailSchema, { defaultValues: { email: '' } });
  const [moveTo, setMoveTo] = useState<Record<number, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const pending = noShow.isPending || undo.isPending || cancel.isPending || move.isPending || seat.isPending;
  const otherGroups = groups.filter((other) => other.groupId !== group.groupId && !other.isExternal);
  const overbook = group.overbook ?? 0;

  /** Sends a control with the reason (checked first: a missing one is marked and focused); true when it succeeded. */
  const run = (send: (reason: string) => Promise<BookingControlResponse>, onEmail?: (message: string) => void) =>
    new Promise<boolean>((resolve) => {
      setDone(null);
      setProblem(null);
      void reasonForm.handleSubmit(
        async ({ reason }) => {
          try {
            const answer = await send(reason);
            if (answer.status === 'succeed') {
              setDone(answer.message);
              reasonForm.reset({ reason: '' });
              return resolve(true);
            }
            if (answer.field === 'email' && onEmail) onEmail(answer.message);
            else setProblem(answer.message);
          } catch (error) {
            setProblem(requestErrorMessage(error));
          }
          resolve(false);
        },
        () => resolve(false),
      )();
    });

  const who = (person: Person) => (person.childName ? `${person.childName} (${person.testerName}’s child)` : person.testerName);
  const nameOf = (person: Person) => person.childName ?? person.testerName;

  return (
    <section className="staff-group-people" aria-labelledby={titleId}>
      <h3 id={titleId}>People in group {group.cell}</h3>
      <TextField
        label="Reason for the change"
        hint="Kept in the audit log with the change."
        autoComplete="off"
        maxLength={500}
        {...reasonForm.field('reason')}
      />
      <div role="status" aria-live="polite">
        {done && <p className="staff-done">{done}</p>}
      </div>
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      {people.isPending && <p aria-busy="true">Loading the group’s people…</p>}
      {people.isError && (
        <p className="staff-problem" role="alert">
          {requestErrorMessage(people.error)}
        </p>
      )}
      {people.data &&
        (people.data.bookings.length === 0 ? (
          <p>Nobody is booked in this group.</p>
        ) : (
          <ul className="staff-people" data-testid="group-people">
            {people.data.bookings.map((person) => (
              <li key={person.bookingId} className="staff-person">
                <p>
                  <strong>{who(person)}</strong>: {BOOKING_STATUS_TEXTS[person.status]}
                </p>
                <div className="staff-actions">
                  {person.status === 'booked' && (
                    <>
                      <button
                        type="button"
                        className="staff-button staff-button--quiet"
                        disabled={pending}
                        onClick={() => void run((reason) => noShow.mutateAsync({ bookingId: person.bookingId, reason }))}
                      >
                        Mark {nameOf(person)} a no-show
                      </button>
                      <button
                        type="button"
                        className="staff-button staff-button--quiet"
                        disabled={pending}
                        onClick={() => void run((reason) => cancel.mutateAsync({ bookingId: person.bookingId, reason }))}
                      >
                        Cancel {nameOf(person)}’s booking
                      </button>
                    </>
                  )}
                  {person.status === 'attended' && (
                    <button
                      type="button"
                      className="staff-button staff-button--quiet"
                      disabled={pending}
                      onClick={() => void run((reason) => undo.mutateAsync({ bookingId: person.bookingId, reason }))}
                    >
                      Undo {nameOf(person)}’s check-in
                    </button>
                  )}
                </div>
                {person.status === 'booked' && otherGroups.length > 0 && (
                  <div className="staff-move">
                    <SelectField
                      label={`Move ${nameOf(person)} to`}
                      placeholder="Choose a group"
                      options={otherGroups.map((other) => ({
                        value: other.groupId,
                        label: `Group ${other.cell}: ${other.taken} booked of ${other.seats}${other.overbook ? ` + ${other.overbook}` : ''}`,
                      }))}
                      value={moveTo[person.bookingId] ?? ''}
                      onChange={(event) => setMoveTo({ ...moveTo, [person.bookingId]: event.target.value })}
                    />
                    <button
                      type="button"
                      className="staff-button staff-button--quiet"
                      disabled={pending || !moveTo[person.bookingId]}
                      onClick={() =>
                        void run((reason) => move.mutateAsync({ bookingId: person.bookingId, groupId: moveTo[person.bookingId]!, reason }))
                      }
                    >
                      Move {nameOf(person)}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        ))}
      <form
        className="staff-form"
        noValidate
        aria-label={`Seat a tester in group ${group.cell}`}
        onSubmit={(event) =>
          void seatForm.handleSubmit(async ({ email }) => {
            const seated = await run(
              (reason) => seat.mutateAsync({ groupId: group.groupId, email, reason }),
              (message) => seatForm.setError('email', { message }, { shouldFocus: true }),
            );
            if (seated) seatForm.reset({ email: '' });
          })(event)
        }
      >
        <TextField
          label="Seat a tester (e-mail address)"
          type="email"
          autoComplete="off"
          hint={`Staff may fill ${group.seats + overbook} seats: ${group.seats} plus ${overbook} overbooked.`}
          {...seatForm.field('email')}
        />
        <div className="staff-actions">
          <button type="submit" className="staff-button" disabled={pending}>
            Seat tester
          </button>
        </div>
      </form>
    </section>
  );
}
