import { useCallback, useState } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { signInRequestError, useSignInTexts, type SignInTranslate } from '../../components/sign-in-texts';

/** The popup for a call that failed (network, rate limit, server fault). */
export type ErrorPopup = { kind: 'error'; title: string; message: string };

export function requestErrorPopup(error: unknown, t: SignInTranslate): ErrorPopup {
  return { kind: 'error', ...signInRequestError(error, t) };
}

const isErrorPopup = (popup: { kind: string }): popup is ErrorPopup => popup.kind === 'error';

/** The error popup when it is the one open; nothing otherwise. */
export function ErrorPopupDialog({ popup, onClose }: { popup: { kind: string } | null; onClose: () => void }) {
  const t = useSignInTexts();
  if (!popup || !isErrorPopup(popup)) return null;
  return (
    <ModalDialog title={popup.title} tone="error" onClose={onClose} closeLabel={t('close')}>
      <p>{popup.message}</p>
    </ModalDialog>
  );
}

/**
 * The call of a recovery form (find username, reset password request), which checks its fields
 * with useSchemaForm: the call runs and its answer (or failure) opens a popup.
 */
export function useRecoveryCall<Popup extends { kind: string }>() {
  const t = useSignInTexts();
  const [pending, setPending] = useState(false);
  const [popup, setPopup] = useState<Popup | ErrorPopup | null>(null);

  const send = (call: () => Promise<Popup>) => {
    setPending(true);
    call()
      .then(setPopup, (error: unknown) => setPopup(requestErrorPopup(error, t)))
      .finally(() => setPending(false));
  };

  const closePopup = useCallback(() => setPopup(null), []);

  return { pending, popup, closePopup, send, t };
}
