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
}

/** An accessible modal: focus moves in and comes back, Escape and the close button close it. */
export function ModalDialog({ title, children, onClose, tone = 'info', closeLabel = 'Close', actions }: ModalDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // The latest onClose, so a new function each render neither re-runs the effect nor steals focus.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    dialog?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (!dialog) return;
      // Only the topmost dialog answers: a dialog opened from a dialog closes first.
      const dialogs = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
      if (dialogs[dialogs.length - 1] !== dialog) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        trapFocus(dialog, event);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previouslyFocused?.focus();
    };
  }, []);

  return (
    <div className="modal-dialog__backdrop">
      <div
        ref={dialogRef}
        className={`modal-dialog modal-dialog--${tone}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
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
      </div>
    </div>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the dialog. */
function trapFocus(dialog: HTMLElement, event: KeyboardEvent) {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
