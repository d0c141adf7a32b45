import { useCallback, useState } from 'react';
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
 * The call of a recovery form (find username, reset password request), which checks its fields
 * with useSchemaForm: the call runs and its answer (or failure) opens a popup.
 */
export function useRecoveryCall<Popup extends { kind: string }>() {
  const [pending, setPending] = useState(false);
  const [popup, setPopup] = useState<Popup | ErrorPopup | null>(null);

  const send = (call: () => Promise<Popup>) => {
    setPending(true);
    call()
      .then(setPopup, (error: unknown) => setPopup(requestErrorPopup(error)))
      .finally(() => setPending(false));
  };

  const closePopup = useCallback(() => setPopup(null), []);

  return { pending, popup, closePopup, send };
}
