import { useCallback, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { requestErrorMessage, requestErrorTitle } from '../../lib/request-error';

/** The popup for a call that failed (network, rate limit, server fault). */
export type ErrorPopup = { kind: 'error'; title: string; message: string };

export function requestErrorPopup(error: unknown): ErrorPopup {
  return { kind: 'error', title: requestErrorTitle(error), message: requestErrorMessage(error) };
}

const isErrorPopup = (popup: { kind: string }): popup is ErrorPopup => popup.kind === 'error';

/** The error popup when it is the one open; nothing otherwise. */
export function ErrorPopupDialog({ popup, onClose }: { popup: { kind: string } | null; onClose: () => void }) {
  if (!popup || !isErrorPopup(popup)) return null;
  return (
    <ModalDialog title={popup.title} tone="error" onClose={onClose}>
      <p>{popup.message}</p>
    </ModalDialog>
  );
}

/**
 * The state of the recovery forms (find username, reset password request): a field's message
 * shows once it was left or the form was sent; a send with problems focuses the first, else
 * the call runs and its answer (or failure) opens a popup.
 */
export function useRecoveryForm<Field extends string, Popup extends { kind: string }>(
  initial: Record<Field, string>,
  check: (values: Record<Field, string>) => Record<Field, string | null>,
) {
  const [values, setValues] = useState(initial);
  const [left, setLeft] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [popup, setPopup] = useState<Popup | ErrorPopup | null>(null);
  const problems = check(values);

  /** The props that tie a TextField to its value, its message and its leaving. */
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: submitted || left[field] ? problems[field] : null,
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
    onBlur: () => setLeft((current) => ({ ...current, [field]: true })),
  });

  /** The form's onSubmit: the first problem focused, else the call, whose answer becomes the popup. */
  const submitWith = (send: (values: Record<Field, string>) => Promise<Popup>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const firstInvalid = (Object.keys(problems) as Field[]).find((field) => problems[field]);
    if (firstInvalid) return event.currentTarget.querySelector<HTMLInputElement>(`input[name="${firstInvalid}"]`)?.focus();
    setPending(true);
    send(values)
      .then(setPopup, (error: unknown) => setPopup(requestErrorPopup(error)))
      .finally(() => setPending(false));
  };

  const closePopup = useCallback(() => setPopup(null), []);

  return { bind, pending, popup, closePopup, submitWith };
}
