import { useEffect, useState } from 'react';
import { BREAKPOINTS } from '@testerhub/shared/breakpoints';
import { PortalLink } from '../../components/portal-link';
import { apiPost } from '../../lib/api';
import { logError } from '../../lib/log';
import type { ThemeStyle } from '@testerhub/shared/public-content';
import { VideoOverlay } from './video-overlay';

const HERO_THEME = 'homeHeroTheme';

/** Colours for the hero's floating shapes, from the theme-style call; only on screens wider than 480 px. */
function useHeroTheme(): string[] {
  const [colors, setColors] = useState<string[]>([]);
  useEffect(() => {
    if (window.innerWidth <= BREAKPOINTS.small) return;
    let active = true;
    apiPost<ThemeStyle>('/themeStyle/GetStyles', HERO_THEME).then(
      (style) =>
        active &&
        setColors(
          style.styleFile
            .split(',')
            .map((color) => color.trim())
            .filter(Boolean),
        ),
      (error: unknown) => logError('theme style', error),
    );
    return () => {
      active = false;
    };
  }, []);
  return colors;
}

export function Hero() {
  const [videoOpen, setVideoOpen] = useState(false);
  const colors = useHeroTheme();
  return (
    <section className="hero" aria-labelledby="hero-title">
      {colors.length > 0 && (
        <div className="hero__shapes" aria-hidden="true" data-testid="hero-theme">
          {colors.map((color, index) => (
            <span key={`${color}-${index}`} className={`hero__shape hero__shape--${index % 4}`} style={{ background: color }} />
          ))}
        </div>
      )}
      <div className="container hero__content">
        <h1 id="hero-title" className="hero__title">
          Get paid to try products before anyone else
        </h1>
        <p className="hero__subtitle">Taste tests, product trials and focus groups near you. Share your opinion, earn cash and rewards.</p>
        <div className="hero__actions">
          <PortalLink to="/community/join/attention" className="button button--accent">
            Register
          </PortalLink>
          <PortalLink to="/community/login" className="button button--outline-light">
            Login
          </PortalLink>
        </div>
        <button type="button" className="hero__video-button" onClick={() => setVideoOpen(true)} aria-haspopup="dialog">
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.25" />
            <path d="M10 8l6 4-6 4z" fill="currentColor" />
          </svg>
          Watch this video
        </button>
      </div>
      {videoOpen && <VideoOverlay onClose={() => setVideoOpen(false)} />}
    </section>
  );
}
