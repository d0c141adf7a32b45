import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { CheckInBooking } from '@testerhub/shared/check-in-schemas';
import { checkInScanSchema, checkInSearchSchema } from '@testerhub/shared/check-in-schemas';
import { formatSession } from '@testerhub/shared/schedule-format';
import { TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { requestErrorMessage } from '../../lib/request-error';
import { useMarkAttended, useScanCheckInCode, useSearchCheckIns } from '../api/check-in';
import { AttendanceControls } from './attendance-controls';
import { RequiresRole } from '../shell/staff-page-parts';
import { createQrDecoder } from './qr-decoder';

const STATUS_TEXT: Record<CheckInBooking['status'], string> = {
  booked: 'Expected',
  attended: 'Checked in',
  cancelled: 'Cancelled',
  noShow: 'No-show',
};

/** A YYYY-MM-DD date of birth as a photo ID shows it ("February 29, 1984"), read as a calendar day, not an instant. */
const birthDay = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

const KIND_TEXT: Record<string, string> = { inPerson: 'In person', virtual: 'Virtual', pickUp: 'Pick-up' };

type Notice = { kind: 'done' | 'problem'; text: string } | null;

/**
 * The camera: asks for the back camera, reads frames four times a second and hands the first QR
 * code's text to `onCode`, then stops. Says why when there is no camera or it is refused.
 */
function CameraScanner({ onCode, onClose }: { onCode: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('none');
        const [decoder, media] = await Promise.all([
          createQrDecoder(),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        ]);
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        const tick = async () => {
          if (stopped || !video.current) return;
          const text = await decoder.decode(video.current).catch(() => null);
          if (text && !stopped) onCode(text);
          else timer = window.setTimeout(() => void tick(), 250);
        };
        void tick();
      } catch {
        if (!stopped)
          setProblem('The camera cannot be used here. Allow the camera for this page, or enter the code or search by name below.');
      }
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onCode]);
  return (
    <div className="check-in-camera">
      {problem ? (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      ) : (
        <video ref={video} className="check-in-video" muted playsInline aria-label="Camera view: hold the tester’s QR code in the frame" />
      )}
      <button type="button" className="staff-button staff-button--quiet" onClick={onClose}>
        Stop the camera
      </button>
    </div>
  );
}

function BookingCard({
  booking,
  onMark,
  marking,
  onChanged,
}: {
  booking: CheckInBooking;
  onMark: (bookingId: number) => void;
  marking: boolean;
  onChanged: (bookingId: number, status: CheckInBooking['status'], message: string) => void;
}) {
  const titleId = `booking-${booking.bookingId}`;
  return (
    <article className="staff-card check-in-booking" aria-labelledby={titleId}>
      <h3 id={titleId}>{booking.childName ? `${booking.childName} (child of ${booking.testerName})` : booking.testerName}</h3>
      <dl className="staff-facts">
        {booking.testerBirthDate && (
          <>
            <dt>{booking.childName ? `${booking.testerName}’s date of birth` : 'Date of birth'}</dt>
            <dd data-testid="check-in-birth-date">{birthDay(booking.testerBirthDate)}</dd>
          </>
        )}
        <dt>Study</dt>
        <dd>
          {booking.studyName} (study {booking.studyNo})
        </dd>
        <dt>Session</dt>
        <dd>
          {KIND_TEXT[booking.group.kind] ?? booking.group.kind}, group {booking.group.cell} ({booking.group.color}), {booking.siteName}
          <ul className="check-in-sessions">
            {booking.sessions.map((session) => (
              <li key={session.testerDay}>
                Day {session.testerDay}: {formatSession(session.startsAt, session.endsAt, booking.timeZone)}
              </li>
            ))}
          </ul>
        </dd>
        <dt>Status</dt>
        <dd data-testid="check-in-status">{STATUS_TEXT[booking.status]}</dd>
        {booking.household.length > 0 && (
          <>
            <dt>Also booked in this group</dt>
            <dd>
              <ul className="check-in-household">
                {booking.household.map((seat) => (
                  <li key={seat.bookingId}>
                    {seat.childName ?? booking.testerName}: {STATUS_TEXT[seat.status]}
                    {seat.status === 'booked' && (
                      <button type="button" className="staff-button" disabled={marking} onClick={() => onMark(seat.bookingId)}>
                        Mark {seat.childName ?? booking.testerName} attended
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      {booking.status === 'booked' && (
        <button type="button" className="staff-button" disabled={marking} onClick={() => onMark(booking.bookingId)}>
          Mark attended
        </button>
      )}
      <AttendanceControls booking={booking} onChanged={onChanged} />
    </article>
  );
}

/**
 * Check-in for site staff (issue 12 section 4; decision 048), made for a phone or a tablet: scan
 * the tester's QR code with the camera (or type or paste the code), or search today's bookings by
 * name; the booking shows who, which study and session, and the household's seats; "Mark attended"
 * pays the visit once.
 */
export function CheckInPage() {
  usePageTitle('Check-in');
  return (
    <RequiresRole role="site-staff">
      <CheckIn />
    </RequiresRole>
  );
}

function CheckIn() {
  const [camera, setCamera] = useState(false);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [fieldProblem, setFieldProblem] = useState<{ code?: string; name?: string }>({});
  const [bookings, setBookings] = useState<CheckInBooking[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const scan = useScanCheckInCode();
  const search = useSearchCheckIns();
  const mark = useMarkAttended();

  const { mutateAsync: scanCode } = scan;
  const lookUp = useCallback(
    async (token: string) => {
      setNotice(null);
      try {
        const answer = await scanCode(token);
        if (answer.status === 'succeed') setBookings([answer.booking]);
        else {
          setBookings(null);
          setNotice({ kind: 'problem', text: answer.message });
        }
      } catch (error) {
        setNotice({ kind: 'problem', text: requestErrorMessage(error) });
      }
    },
    [scanCode],
  );

  const onCameraCode = useCallback(
    (text: string) => {
      setCamera(false);
      void lookUp(text);
    },
    [lookUp],
  );

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const parsed = checkInScanSchema.safeParse({ token: code });
    if (!parsed.success) return setFieldProblem({ code: parsed.error.issues[0]!.message });
    setFieldProblem({});
    void lookUp(parsed.data.token);
  };

  const submitSearch = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = checkInSearchSchema.safeParse({ name });
    if (!parsed.success) return setFieldProblem({ name: parsed.error.issues[0]!.message });
    setFieldProblem({});
    setNotice(null);
    try {
      const answer = await search.mutateAsync(parsed.data.name);
      setBookings(answer.bookings);
      if (answer.bookings.length === 0)
        setNotice({ kind: 'problem', text: `No booking today at your sites matches “${parsed.data.name}”.` });
    } catch (error) {
      setNotice({ kind: 'problem', text: requestErrorMessage(error) });
    }
  };

  const markAttended = async (bookingId: number) => {
    setNotice(null);
    try {
      const answer = await mark.mutateAsync(bookingId);
      if (answer.status === 'succeed') {
        setNotice({ kind: 'done', text: answer.message });
        // The marked seat's card (or its household line) shows the new status.
        setBookings(
          (current) =>
            current?.map((booking) =>
              booking.bookingId === bookingId
                ? answer.booking
                : {
                    ...booking,
                    household: booking.household.map((seat) =>
                      seat.bookingId === bookingId ? { ...seat, status: 'attended' as const } : seat,
                    ),
                  },
            ) ?? null,
        );
      } else setNotice({ kind: 'problem', text: answer.message });
    } catch (error) {
      setNotice({ kind: 'problem', text: requestErrorMessage(error) });
    }
  };

  /** A no-show marked or a check-in undone at the door: the card shows the booking's new state. */
  const changed = (bookingId: number, status: CheckInBooking['status'], message: string) => {
    setNotice({ kind: 'done', text: message });
    setBookings((current) => current?.map((booking) => (booking.bookingId === bookingId ? { ...booking, status } : booking)) ?? null);
  };

  return (
    <div className="check-in">
      <h1>Check-in</h1>
      <section aria-labelledby="scan-title" className="staff-card">
        <h2 id="scan-title">Scan the tester’s QR code</h2>
        {camera ? (
          <CameraScanner onCode={onCameraCode} onClose={() => setCamera(false)} />
        ) : (
          <button type="button" className="staff-button" onClick={() => setCamera(true)}>
            Scan with the camera
          </button>
        )}
        <form className="staff-form" onSubmit={submitCode} noValidate aria-label="Enter the code">
          <TextField
            label="Or enter the code"
            hint="A hand-held scanner types it here too."
            value={code}
            autoComplete="off"
            onChange={(event) => setCode(event.target.value)}
            error={fieldProblem.code ?? null}
          />
          <button type="submit" className="staff-button" disabled={scan.isPending}>
            Find the booking
          </button>
        </form>
      </section>
      <section aria-labelledby="search-title" className="staff-card">
        <h2 id="search-title">Or search today’s bookings by name</h2>
        <form className="staff-form" onSubmit={(event) => void submitSearch(event)} noValidate aria-label="Search by name">
          <TextField
            label="Tester’s or child’s name"
            value={name}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
            error={fieldProblem.name ?? null}
          />
          <button type="submit" className="staff-button" disabled={search.isPending}>
            Search
          </button>
        </form>
      </section>
      <div role="status" aria-live="polite" className="check-in-notice">
        {notice?.kind === 'done' && <p className="staff-done">{notice.text}</p>}
      </div>
      {notice?.kind === 'problem' && (
        <p className="staff-problem" role="alert">
          {notice.text}
        </p>
      )}
      {bookings && bookings.length > 0 && (
        <section aria-labelledby="bookings-title">
          <h2 id="bookings-title">{bookings.length === 1 ? 'Booking' : `${bookings.length} bookings`}</h2>
          {bookings.map((booking) => (
            <BookingCard
              key={booking.bookingId}
              booking={booking}
              marking={mark.isPending}
              onMark={(id) => void markAttended(id)}
              onChanged={changed}
            />
          ))}
        </section>
      )}
    </div>
  );
}
