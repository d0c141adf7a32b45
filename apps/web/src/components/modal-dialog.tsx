import { useEffect, useId, useRef, type ReactNode } from 'react';
import './modal-dialog.css';

interface ModalDialogProps {
  title: string;
  children: ReactNode;
  onClose: () => void;
  /** Red styling for failures (spec 2: the generic popup shows errors in red). */
  tone?: 'info' | 'error';
  closeLabel?: string;
  actions?: ReactNode;
  /** A dialog that moves through steps: a new key moves focus back to the dialog, so its new title is read. */
  focusKey?: string;
}

/**
 * An accessible modal: the native dialog element opened with showModal(), so the browser
 * keeps focus inside it, makes the page behind it inert and turns Escape into a cancel
 * (decision 012). The caller stays in charge of whether it is shown: Escape and the close
 * button call onClose, and the caller unmounts it. Focus moves to the dialog (its title is
 * read first) and comes back to where it was.
 */
export function ModalDialog({ title, children, onClose, tone = 'info', closeLabel = 'Close', actions, focusKey }: ModalDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The latest onClose, so a new function each render neither re-runs the effect nor steals focus.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    // Escape (or the browser's own close request) asks the caller, who unmounts the dialog.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // A browser may still close a dialog whose cancel was refused (repeated Escape): tell the caller.
    const onNativeClose = () => onCloseRef.current();
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    if (!dialog.open) dialog.showModal();
    dialog.focus();
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
      previouslyFocused?.focus();
    };
  }, []);

  // The first key's focus is the opening's; only a later step takes it back from a button that went.
  const shownKey = useRef(focusKey);
  useEffect(() => {
    if (shownKey.current === focusKey) return;
    shownKey.current = focusKey;
    dialogRef.current?.focus();
  }, [focusKey]);

  return (
    <dialog ref={dialogRef} className={`modal-dialog modal-dialog--${tone}`} aria-labelledby={titleId} tabIndex={-1}>
      <h2 id={titleId} className="modal-dialog__title">
        {title}
      </h2>
      <div className="modal-dialog__body">{children}</div>
      <div className="modal-dialog__actions">
        {actions}
        <button type="button" className="button button--primary" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
    </dialog>
  );
}
