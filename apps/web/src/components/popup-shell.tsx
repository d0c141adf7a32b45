import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import './popup-shell.css';

interface PopupShellProps {
  title: string;
  children: ReactNode;
  /** The close button's name in the page's language; English by default. */
  closeLabel?: string;
  /** Wider popups hold tables and tabbed lists. */
  wide?: boolean;
}

/** Frame of every /popup/ page: a heading, the content, and a close icon that goes back one step. */
export function PopupShell({ title, children, wide = false, closeLabel = 'Close' }: PopupShellProps) {
  const navigate = useNavigate();
  const close = () => {
    // Opened directly (no history inside the site): closing leads home instead of off the site.
    if (typeof window !== 'undefined' && window.history.length <= 1) navigate('/');
    else navigate(-1);
  };
  return (
    <div className="popup-backdrop">
      <main className={wide ? 'popup popup--wide' : 'popup'} aria-labelledby="popup-title">
        <header className="popup__header">
          <h1 id="popup-title" className="popup__title">
            {title}
          </h1>
          <button type="button" className="popup__close" onClick={close} aria-label={closeLabel}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <div className="popup__body">{children}</div>
      </main>
    </div>
  );
}
