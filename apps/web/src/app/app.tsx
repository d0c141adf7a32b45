import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AD_CODE_PREFIXES, AD_ENTRY_CODES, LANDING_ALIAS_PATHS } from '@testerhub/shared/marketing';
import { MAP_CODES } from '@testerhub/shared/map-codes';
import { HOME_SECTIONS, STATIC_POPUP_PAGES } from '@testerhub/shared/routes';
import { lazyPage } from '../lib/lazy-page';
import { LoadingStatus } from '../components/loading-status';
import { RootLayout } from './root-layout';
import { RouterSiteNavigation } from './router-site-navigation';
import { WithFooterLayout } from './with-footer-layout';

// Every page is split off, so the first load stays small (GUIDE section 8). The home page too: its
// addresses are prerendered and hydrated by its own entry (entry-home.tsx, decision 110), so the
// app needs its code only when Back or a link leads there, and the portal's first load goes without it.
const HomePage = lazyPage(() => import('../features/home/home-page'), 'HomePage');
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
const CommunityLayout = lazyPage(() => import('../features/community-root/community-layout'), 'CommunityLayout');
const JoinAttentionPage = lazyPage(() => import('../features/join/join-attention-page'), 'JoinAttentionPage');
const RegistrationPage = lazyPage(() => import('../features/registration/registration-page'), 'RegistrationPage');
const LoginPage = lazyPage(() => import('../features/login/login-page'), 'LoginPage');
const ChangeCredentialsPage = lazyPage(() => import('../features/login/change-credentials-page'), 'ChangeCredentialsPage');
const FindInfoPage = lazyPage(() => import('../features/account-recovery/find-info-page'), 'FindInfoPage');
const ResetPasswordPage = lazyPage(() => import('../features/account-recovery/reset-password-page'), 'ResetPasswordPage');
const ConfirmEmailPage = lazyPage(() => import('../features/email-confirmation/confirm-email-page'), 'ConfirmEmailPage');
const CancelLinkPage = lazyPage(() => import('../features/schedule/cancel-link-page'), 'CancelLinkPage');
const PortalRoute = lazyPage(() => import('./routes/portal-route'), 'PortalRoute');
const PortalNotFound = lazyPage(() => import('../features/portal-shell/portal-not-found'), 'PortalNotFound');
const AccountGeneralRoute = lazyPage(() => import('./routes/account-general-route'), 'AccountGeneralRoute');
const ContactPage = lazyPage(() => import('../features/account-settings/contact-page'), 'ContactPage');
const PasswordPage = lazyPage(() => import('../features/account-settings/password-page'), 'PasswordPage');
const PrivacyPage = lazyPage(() => import('../features/privacy/privacy-page'), 'PrivacyPage');
const AccountDeletedPage = lazyPage(() => import('../features/privacy/account-deleted-page'), 'AccountDeletedPage');
const ScreenerRoute = lazyPage(() => import('./routes/screener-route'), 'ScreenerRoute');
const TryYourLuckRoute = lazyPage(() => import('./routes/try-your-luck-route'), 'TryYourLuckRoute');
const GiveawayWinnersPage = lazyPage(() => import('../features/winners/giveaway-winners-page'), 'GiveawayWinnersPage');
const FunEventsPage = lazyPage(() => import('../features/winners/fun-events-page'), 'FunEventsPage');
const AboutMePage = lazyPage(() => import('../features/about-me/about-me-page'), 'AboutMePage');
const QuickSurveyPage = lazyPage(() => import('../features/quick-survey/quick-survey-page'), 'QuickSurveyPage');
const ScreenerRunPage = lazyPage(() => import('../features/screeners/screener-run-page'), 'ScreenerRunPage');
const ScheduleCheckPage = lazyPage(() => import('../features/schedule/schedule-check-page'), 'ScheduleCheckPage');
const ScheduleChangePage = lazyPage(() => import('../features/schedule/schedule-change-page'), 'ScheduleChangePage');
const CommunityIndex = lazyPage(() => import('../features/community-root/community-index'), 'CommunityIndex');
const CoinsPage = lazyPage(() => import('../features/redeem/coins-page'), 'CoinsPage');
const EarningsPage = lazyPage(() => import('../features/redeem/earnings-page'), 'EarningsPage');
const ReferralEventPage = lazyPage(() => import('../features/referral/referral-event-page'), 'ReferralEventPage');
const ReferralOfferPage = lazyPage(() => import('../features/referral/referral-offer-page'), 'ReferralOfferPage');
const ReferralHistoryPage = lazyPage(() => import('../features/referral/referral-history-page'), 'ReferralHistoryPage');
const SelfSchedulePage = lazyPage(() => import('../features/schedule/self-schedule-page'), 'SelfSchedulePage');
// The staff console (decisions 043 and 086): its own app area and chunks, outside the public and portal layouts.
const StaffApp = lazyPage(() => import('../staff/staff-app'), 'StaffApp');

export function App() {
  return (
    <RouterSiteNavigation>
      <Routes>
        <Route
          path="staff/*"
          element={
            <Suspense fallback={<LoadingStatus />}>
              <StaffApp />
            </Suspense>
          }
        />
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
            {/* The redeem popup needs the tester's session and data: it opens over the coins page, in the portal (decision 034). */}
            <Route path="redeem-item" element={<PortalRoute />}>
              <Route index element={<CoinsPage redeemOpen />} />
            </Route>
            {MAP_CODES.map((code) => (
              <Route key={code} path={`maps/${code}`} element={<MapPopup mapCode={code} />} />
            ))}
            {STATIC_POPUP_PAGES.map((page) => (
              <Route key={page} path={page} element={<LegalPopupRoute page={page} />} />
            ))}
          </Route>
          <Route path="community" element={<CommunityLayout />}>
            <Route index element={<CommunityIndex />} />
            <Route path="join/attention" element={<JoinAttentionPage />} />
            <Route path="join/account" element={<RegistrationPage step="account" />} />
            <Route path="join/profile" element={<RegistrationPage step="profile" />} />
            <Route path="join/detail" element={<RegistrationPage step="detail" />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="changePassword" element={<ChangeCredentialsPage />} />
            <Route path="findinfo/username" element={<FindInfoPage tab="username" />} />
            <Route path="findinfo/password" element={<FindInfoPage tab="password" />} />
            <Route path="checkConfirmEmail" element={<ConfirmEmailPage />} />
            <Route path="cancel" element={<CancelLinkPage />} />
            {/* Where a deleted account lands, logged out (decision 040). */}
            <Route path="accountDeleted" element={<AccountDeletedPage />} />
            {/* The whole portal area asks for a session first, unknown addresses too (security finding 12). */}
            <Route path="main" element={<PortalRoute />}>
              <Route index element={<Navigate to="screener" replace />} />
              <Route path="screener" element={<ScreenerRoute />} />
              <Route path="about-me" element={<AboutMePage />} />
              <Route path="quick-survey" element={<QuickSurveyPage />} />
              <Route path="screener/:studyNo" element={<ScreenerRunPage />} />
              <Route path="schedule/check" element={<ScheduleCheckPage />} />
              <Route path="schedule/change" element={<ScheduleChangePage />} />
              <Route path="schedule/self" element={<SelfSchedulePage />} />
              <Route path="referral/event" element={<ReferralEventPage />} />
              <Route path="referral/offer" element={<ReferralOfferPage />} />
              <Route path="referral/history" element={<ReferralHistoryPage />} />
              <Route path="account/general" element={<AccountGeneralRoute />} />
              <Route path="winners/try-your-luck" element={<TryYourLuckRoute />} />
              <Route path="winners/eCard" element={<GiveawayWinnersPage type="eCard" />} />
              <Route path="winners/new-tester" element={<GiveawayWinnersPage type="newTester" />} />
              <Route path="winners/0" element={<FunEventsPage />} />
              <Route path="account/contact" element={<ContactPage />} />
              <Route path="account/password" element={<PasswordPage />} />
              <Route path="account/privacy" element={<PrivacyPage />} />
              <Route path="account/coins" element={<CoinsPage />} />
              <Route path="account/earnings" element={<EarningsPage />} />
              <Route path="*" element={<PortalNotFound />} />
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route path="account" element={<CommunityLayout />}>
            <Route path="checkConfirmEmail" element={<ConfirmEmailPage />} />
            <Route path="ConfirmEmail" element={<ConfirmEmailPage />} />
            <Route path="resetPassword" element={<ResetPasswordPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RouterSiteNavigation>
  );
}
