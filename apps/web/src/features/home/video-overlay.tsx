import { useEffect, useRef } from 'react';
import { SITE_CONFIG } from '../../config/site';

/** The "Watch this video" overlay: a modal with the intro video and a close control. */
export function VideoOverlay({ onClose }: { onClose: () => void }) {
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previouslyFocused?.focus();
    };
  }, [onClose]);

  return (
    <div className="video-overlay" role="dialog" aria-modal="true" aria-label="How testing works video" onClick={onClose}>
      <div className="video-overlay__frame" onClick={(event) => event.stopPropagation()}>
        <button ref={closeButton} type="button" className="video-overlay__close" onClick={onClose} aria-label="Close video">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
        <video className="video-overlay__video" src={SITE_CONFIG.introVideo.src} controls autoPlay muted playsInline preload="metadata">
          <track kind="captions" src={SITE_CONFIG.introVideo.captions} srcLang="en" label="English" default />
        </video>
      </div>
    </div>
  );
}
