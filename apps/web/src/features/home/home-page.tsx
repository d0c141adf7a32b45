import { useEffect, useRef } from 'react';
import type { HomeSection } from '@testerhub/shared/routes';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSiteLocation } from '../../lib/site-navigation';
import { AboutSection } from './about-section';
import { BenefitsSection } from './benefits-section';
import { Hero } from './hero';
import { HowItWorksSection } from './how-it-works-section';
import { MoreInfoSection } from './more-info-section';
import { RegisterCallToAction } from './register-call-to-action';
import { ReviewsSection } from './reviews-section';
import './home.css';

const SECTION_TITLES: Record<HomeSection, string> = {
  benefits: 'Benefits',
  how: 'How it works',
  about: 'About us',
  reviews: 'Reviews',
  more: 'More info',
};

/**
 * The home page (spec 1, 2.2). /benefits, /how, /about and /reviews show the same page
 * scrolled to their section: at once when opened directly, smoothly from the navigation.
 */
export function HomePage({ section }: { section?: HomeSection }) {
  const location = useSiteLocation();
  const firstScroll = useRef(true);
  usePageTitle(section ? SECTION_TITLES[section] : '');

  useEffect(() => {
    const smooth = !firstScroll.current && (location.state as { smoothScroll?: boolean } | null)?.smoothScroll === true;
    firstScroll.current = false;
    const behavior: ScrollBehavior = smooth && !prefersReducedMotion() ? 'smooth' : 'auto';
    if (!section) {
      if (smooth) window.scrollTo({ top: 0, behavior });
      return;
    }
    document.getElementById(section)?.scrollIntoView({ behavior, block: 'start' });
  }, [section, location.key, location.state]);

  // One main landmark holds the page's sections; the navigation and the footer stay outside it.
  return (
    <main className="home">
      <Hero />
      <BenefitsSection />
      <HowItWorksSection />
      <AboutSection />
      <ReviewsSection />
      <MoreInfoSection />
      <RegisterCallToAction />
    </main>
  );
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
