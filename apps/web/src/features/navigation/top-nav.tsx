import { useEffect, useState } from 'react';
import { COMPANY } from '@testerhub/shared/company';
import type { HomeSection } from '@testerhub/shared/routes';
import { BurgerButton, BurgerMenu } from '../../components/burger-button';
import { PortalLink } from '../../components/portal-link';
import { useSiteFrameTexts } from '../../components/site-frame-texts';
import { useBurgerMenu } from '../../hooks/use-burger-menu';
import { useHomeNavigation } from '../../hooks/use-home-navigation';
import './top-nav.css';

const SECTION_LINKS: { section: HomeSection; label: 'benefits' | 'howItWorks' | 'aboutUs' | 'reviews' }[] = [
  { section: 'benefits', label: 'benefits' },
  { section: 'how', label: 'howItWorks' },
  { section: 'about', label: 'aboutUs' },
  { section: 'reviews', label: 'reviews' },
];

/** Top navigation (spec 1, 2.3): full menu from 1280 px, Register and Login inline from 768 px, burger below. */
export function TopNav() {
  const t = useSiteFrameTexts();
  const goToSection = useHomeNavigation();
  const [scrolled, setScrolled] = useState(false);
  // The menu opens at once but closes after a 500 ms animation (spec 1, section 4).
  const { menu, menuId, closeMenu, toggleMenu } = useBurgerMenu();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 0);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const choose = (section: HomeSection | null) => {
    if (menu === 'open') closeMenu();
    goToSection(section);
  };

  return (
    <header className={scrolled ? 'top-nav top-nav--scrolled' : 'top-nav'} data-testid="top-nav">
      <nav className="top-nav__bar" aria-label={t('mainNavigation')}>
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
            <a href={COMPANY.corporateSiteUrl}>{t('corporate')}</a>
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
                {t(label)}
              </a>
            </li>
          ))}
        </ul>
        <div className="top-nav__actions">
          <PortalLink to="/community/join/attention" className="button button--accent top-nav__register">
            {t('register')}
          </PortalLink>
          <PortalLink to="/community/login" className="button button--outline top-nav__login">
            {t('login')}
          </PortalLink>
        </div>
        <BurgerButton
          menu={menu}
          controls={menuId}
          onClick={toggleMenu}
          className="top-nav__burger"
          labels={{ open: t('openMenu'), close: t('closeMenu') }}
        />
      </nav>
      <BurgerMenu id={menuId} menu={menu} className="top-nav__menu" testId="burger-menu">
        <ul>
          <li>
            <a href={COMPANY.corporateSiteUrl}>{t('corporate')}</a>
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
                {t(label)}
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
              {t('moreInfo')}
            </a>
          </li>
          <li className="top-nav__menu-account">
            <PortalLink to="/community/join/attention">{t('register')}</PortalLink>
          </li>
          <li className="top-nav__menu-account">
            <PortalLink to="/community/login">{t('login')}</PortalLink>
          </li>
        </ul>
      </BurgerMenu>
    </header>
  );
}
