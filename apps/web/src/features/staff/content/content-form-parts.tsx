import { useState, type FormEvent } from 'react';
import { requestErrorMessage } from '../../../lib/request-error';

/** What a content save answered, shown in the page's status line or beside the form. */
export interface Outcome {
  status: 'succeed' | 'failed';
  message: string;
}

type Parsed<Payload> =
  { success: true; data: Payload } | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };

/** The first message zod gives for each field, keyed by its path ("name", "airportDirections.0.airport"), to show beside it. */
export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** A save's answer, or a failed outcome with the request's error message when the call itself failed. */
export async function outcomeOf<T extends Outcome>(call: () => Promise<T>): Promise<T | Outcome> {
  try {
    return await call();
  } catch (error) {
    return { status: 'failed', message: requestErrorMessage(error) };
  }
}

/**
 * A content form's state: the fields, their messages from the shared schema, and `submit`, which
 * checks the fields (nothing is sent while one is wrong) and answers the save's outcome, or null.
 */
export function useContentForm<Fields, Payload, Answer extends Outcome>(
  initial: Fields,
  check: (fields: Fields) => Parsed<Payload>,
  save: (payload: Payload) => Promise<Answer>,
) {
  const [fields, setFields] = useState<Fields>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent): Promise<Answer | Outcome | null> => {
    event.preventDefault();
    const parsed = check(fields);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return null;
    return outcomeOf(() => save(parsed.data));
  };
  return { fields, setFields, errors, submit };
}

/** The page's status line: the last save's outcome, read out politely. */
export function OutcomeLine({ outcome }: { outcome: Outcome | null }) {
  return (
    <div role="status" aria-live="polite">
      {outcome && <p className={outcome.status === 'succeed' ? 'staff-done' : 'staff-problem'}>{outcome.message}</p>}
    </div>
  );
}

/** An edit form's end: the refusal (someone changed the item since it was opened), Save, and Cancel or "Close and reload". */
export function EditFormFooter({ refused, pending, onClose }: { refused: string | null; pending: boolean; onClose: () => void }) {
  return (
    <>
      {refused && (
        <p className="staff-problem" role="alert">
          {refused}
        </p>
      )}
      <div className="staff-actions">
        <button type="submit" className="staff-button" disabled={pending} aria-busy={pending}>
          {pending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="staff-button staff-button--quiet" onClick={onClose}>
          {refused ? 'Close and reload' : 'Cancel'}
        </button>
      </div>
    </>
  );
}

/**
 * Remove, asked twice: "Remove" (named `label` for assistive technology) opens "Remove `what` for
 * good" and "Keep"; only the second button removes.
 */
export function ConfirmRemove({ what, label, busy, onRemove }: { what: string; label: string; busy: boolean; onRemove: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return confirming ? (
    <>
      <button type="button" className="staff-button" disabled={busy} onClick={onRemove}>
        Remove {what} for good
      </button>
      <button type="button" className="staff-button staff-button--quiet" onClick={() => setConfirming(false)}>
        Keep
      </button>
    </>
  ) : (
    <button
      type="button"
      className="staff-button staff-button--quiet"
      disabled={busy}
      aria-label={label}
      onClick={() => setConfirming(true)}
    >
      Remove
    </button>
  );
}
