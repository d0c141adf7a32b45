import { useEffect, useId, useRef, useState } from 'react';
import { BURGER_CLOSE_DELAY_MS } from '@testerhub/shared/breakpoints';
import { COMPANY } from '@testerhub/shared/company';
import type { HomeSection } from '@testerhub/shared/routes';
import { PortalLink } from '../../components/portal-link';
import { useHomeNavigation } from '../../hooks/use-home-navigation';
import './top-nav.css';

const SECTION_LINKS: { section: HomeSection; label: string }[] = [
  { section: 'benefits', label: 'Benefits' },
  { section: 'how', label: 'How it works' },
  { section: 'about', label: 'About us' },
  { section: 'reviews', label: 'Reviews' },
];

type MenuState = 'closed' | 'open' | 'closing';

/** Top navigation (spec 1, 2.3): full menu from 1280 px, Register and Login inline from 768 px, burger below. */
export function TopNav() {
  const goToSection = useHomeNavigation();
  const [scrolled, setScrolled] = useState(false);
  const [menu, setMenu] = useState<MenuState>('closed');
  const closeTimer = useRef<number | undefined>(undefined);
  const menuId = useId();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 0);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const openMenu = () => {
    window.clearTimeout(closeTimer.current);
    setMenu('open');
  };
  // The menu opens at once but closes after a 500 ms animation (spec 1, section 4).
  const closeMenu = () => {
    setMenu('closing');
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setMenu('closed'), BURGER_CLOSE_DELAY_MS);
  };
  const toggleMenu = () => (menu === 'open' ? closeMenu() : openMenu());

  const choose = (section: HomeSection | null) => {
    if (menu === 'open') closeMenu();
    goToSection(section);
  };

  useEffect(() => {
    if (menu !== 'open') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <header className={scrolled ? 'top-nav top-nav--scrolled' : 'top-nav'} data-testid="top-nav">
      <nav className="top-nav__bar" aria-label="Main">
        <a
          className="top-nav__logo"
          href="/"
          onClick={(event) => {
            event.preventDefault();
            choose(null);
          }}
        >
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{COMPANY.communityName}</span>
        </a>
        <ul className="top-nav__links">
          <li>
            <a href={COMPANY.corporateSiteUrl}>Corporate</a>
          </li>
          {SECTION_LINKS.map(({ section, label }) => (
            <li key={section}>
              <a
                href={`/${section}`}
                onClick={(event) => {
                  event.preventDefault();
                  choose(section);
                }}
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
        <div className="top-nav__actions">
          <PortalLink to="/community/join/attention" className="button button--accent top-nav__register">
            Register
          </PortalLink>
          <PortalLink to="/community/login" className="button button--outline top-nav__login">
            Login
          </PortalLink>
        </div>
        <button
          type="button"
          className="top-nav__burger"
          aria-expanded={menu === 'open'}
          aria-controls={menuId}
          aria-label={menu === 'open' ? 'Close menu' : 'Open menu'}
          onClick={toggleMenu}
        >
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          <span aria-hidden="true" />
        </button>
      </nav>
      <div
        id={menuId}
        className={`top-nav__menu top-nav__menu--${menu}`}
        hidden={menu === 'closed'}
        data-testid="burger-menu"
        data-state={menu}
      >
        <ul>
          <li>
            <a href={COMPANY.corporateSiteUrl}>Corporate</a>
          </li>
          {SECTION_LINKS.map(({ section, label }) => (
            <li key={section}>
              <a
                href={`/${section}`}
                onClick={(event) => {
                  event.preventDefault();
                  choose(section);
                }}
              >
                {label}
              </a>
            </li>
          ))}
          <li>
            <a
              href="/more"
              onClick={(event) => {
                event.preventDefault();
                choose('more');
              }}
            >
              More Info
            </a>
          </li>
          <li className="top-nav__menu-account">
            <PortalLink to="/community/join/attention">Register</PortalLink>
          </li>
          <li className="top-nav__menu-account">
            <PortalLink to="/community/login">Login</PortalLink>
          </li>
        </ul>
      </div>
    </header>
  );
}
