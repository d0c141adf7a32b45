import { Route, Routes } from 'react-router';
import { AD_CODE_PREFIXES, AD_ENTRY_CODES, LANDING_ALIAS_PATHS } from '@testerhub/shared/marketing';
import { MAP_CODES } from '@testerhub/shared/public-content';
import { HOME_SECTIONS, STATIC_POPUP_PAGES } from '@testerhub/shared/routes';
import { HomePage } from '../features/home/home-page';
import { lazyPage } from './lazy-page';
import { RootLayout } from './root-layout';
import { WithFooterLayout } from './with-footer-layout';

// Everything but the home page is split off, so the first load stays small (GUIDE section 8).
const AdEntryRoute = lazyPage(() => import('./routes/ad-entry-route'), 'AdEntryRoute');
const LegalPopupRoute = lazyPage(() => import('./routes/legal-popup-route'), 'default');
const LandingIndexPage = lazyPage(() => import('../features/landing/landing-index-page'), 'LandingIndexPage');
const LandingWelcomePage = lazyPage(() => import('../features/landing/landing-welcome-page'), 'LandingWelcomePage');
const CovidPage = lazyPage(() => import('../features/covid/covid-page'), 'CovidPage');
const IeUserPage = lazyPage(() => import('../features/browser-support/ie-user-page'), 'IeUserPage');
const NotFoundPage = lazyPage(() => import('../features/not-found/not-found-page'), 'NotFoundPage');
const FaqsPopup = lazyPage(() => import('../features/faqs/faqs-popup'), 'FaqsPopup');
const RewardsPopup = lazyPage(() => import('../features/rewards/rewards-popup'), 'RewardsPopup');
const ReferralPopup = lazyPage(() => import('../features/referral/referral-popup'), 'ReferralPopup');
const MapPopup = lazyPage(() => import('../features/maps/map-popup'), 'MapPopup');

export function App() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<WithFooterLayout />}>
          <Route index element={<HomePage />} />
          {HOME_SECTIONS.map((section) => (
            <Route key={section} path={section} element={<HomePage section={section} />} />
          ))}
          {LANDING_ALIAS_PATHS.map((path) => (
            <Route key={path} path={path} element={<LandingIndexPage />} />
          ))}
          <Route path="lp/index" element={<LandingIndexPage />} />
          <Route path="lp/welcome" element={<LandingWelcomePage />} />
          <Route path="covid19" element={<CovidPage />} />
        </Route>
        {Object.keys(AD_ENTRY_CODES).map((path) => (
          <Route key={path} path={path} element={<AdEntryRoute />} />
        ))}
        {AD_CODE_PREFIXES.map((prefix) => (
          <Route key={prefix} path={prefix}>
            <Route index element={<AdEntryRoute />} />
            <Route path=":adCode" element={<AdEntryRoute />} />
          </Route>
        ))}
        <Route path="ie-user" element={<IeUserPage />} />
        <Route path="popup">
          <Route path="faqs" element={<FaqsPopup />} />
          <Route path="rewards" element={<RewardsPopup />} />
          <Route path="referral" element={<ReferralPopup />} />
          {MAP_CODES.map((code) => (
            <Route key={code} path={`maps/${code}`} element={<MapPopup mapCode={code} />} />
          ))}
          {STATIC_POPUP_PAGES.map((page) => (
            <Route key={page} path={page} element={<LegalPopupRoute page={page} />} />
          ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
