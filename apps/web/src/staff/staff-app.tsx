import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { lazyPage } from '../lib/lazy-page';
import { createPortalQueryClient } from '../lib/query-client';
import { LoadingStatus } from '../components/loading-status';
import { StaffShell } from './shell/staff-shell';

// Every section is its own chunk (issue 27): the first load of /staff carries the shell and the
// section asked for, never the other thirty pages.
const StaffLoginPage = lazyPage(() => import('./accounts/staff-login-page'), 'StaffLoginPage');
const StaffSetupPage = lazyPage(() => import('./accounts/staff-setup-page'), 'StaffSetupPage');
const OwnAccountPage = lazyPage(() => import('./accounts/own-account-page'), 'OwnAccountPage');
const StaffListPage = lazyPage(() => import('./accounts/staff-list-page'), 'StaffListPage');
const AuditLogPage = lazyPage(() => import('./accounts/audit-log-page'), 'AuditLogPage');
const StaffHomePage = lazyPage(() => import('./shell/staff-home-page'), 'StaffHomePage');
const StaffNotFound = lazyPage(() => import('./shell/staff-not-found'), 'StaffNotFound');
const DashboardPage = lazyPage(() => import('./dashboard/dashboard-page'), 'DashboardPage');
const OrdersPage = lazyPage(() => import('./orders/orders-page'), 'OrdersPage');
const CheckInPage = lazyPage(() => import('./check-in/check-in-page'), 'CheckInPage');
const LoyaltySettingsPage = lazyPage(() => import('./loyalty-settings/loyalty-settings-page'), 'LoyaltySettingsPage');
const StudyPickerPage = lazyPage(() => import('./sessions/study-picker'), 'StudyPickerPage');
const SessionsPage = lazyPage(() => import('./sessions/sessions-page'), 'SessionsPage');
const StudyResultsPage = lazyPage(() => import('./sessions/study-results-page'), 'StudyResultsPage');
const PaymentsReportPage = lazyPage(() => import('./reports/payments-report-page'), 'PaymentsReportPage');
const StudiesPage = lazyPage(() => import('./studies/studies-page'), 'StudiesPage');
const StudyNewPage = lazyPage(() => import('./studies/study-pages'), 'StudyNewPage');
const StudyPage = lazyPage(() => import('./studies/study-pages'), 'StudyPage');
const TesterSearchPage = lazyPage(() => import('./testers/tester-search-page'), 'TesterSearchPage');
const TesterPage = lazyPage(() => import('./testers/tester-page'), 'TesterPage');
const DuplicatesPage = lazyPage(() => import('./testers/duplicates-page'), 'DuplicatesPage');
const CataloguePage = lazyPage(() => import('./queues/catalogue-page'), 'CataloguePage');
const ChildrenQueuePage = lazyPage(() => import('./queues/children-queue-page'), 'ChildrenQueuePage');
const ReferralsPage = lazyPage(() => import('./queues/referrals-page'), 'ReferralsPage');
const FaqsPage = lazyPage(() => import('./content/faqs-page'), 'FaqsPage');
const TermsPage = lazyPage(() => import('./content/terms-page'), 'TermsPage');
const WinnersPage = lazyPage(() => import('./content/winners-page'), 'WinnersPage');
const SitesPage = lazyPage(() => import('./content/sites-page'), 'SitesPage');
const CalloutsPage = lazyPage(() => import('./content/callouts-page'), 'CalloutsPage');
const ReferralEventsPage = lazyPage(() => import('./content/referral-events-page'), 'ReferralEventsPage');
const LegalTextsPage = lazyPage(() => import('./content/legal-texts-page'), 'LegalTextsPage');
const InvitationsPage = lazyPage(() => import('./invitations/invitations-page'), 'InvitationsPage');
const InvitationPage = lazyPage(() => import('./invitations/invitation-page'), 'InvitationPage');
const CalendarPage = lazyPage(() => import('./calendar/calendar-page'), 'CalendarPage');
const DayListPage = lazyPage(() => import('./calendar/day-list-page'), 'DayListPage');

/** The console's own query client: a 401 from any staff call leads to the staff login (never the testers'). */
function useStaffQueryClient() {
  const navigate = useNavigate();
  const [staff] = useState(() => {
    const listeners = new Set<() => void>();
    return { listeners, client: createPortalQueryClient({ onUnauthenticated: () => listeners.forEach((listener) => listener()) }) };
  });
  useEffect(() => {
    const toLogin = () => void navigate('/staff/login', { replace: true });
    staff.listeners.add(toLogin);
    return () => {
      staff.listeners.delete(toLogin);
    };
  }, [navigate, staff]);
  return staff.client;
}

/**
 * /staff and everything under it (decision 043): the staff console, an app of its own (decision
 * 086) loaded lazily outside the public site's and the portal's layouts, so nothing of it reaches
 * their bundles. The shell waits for a section's chunk inside its frame (StaffShell's Suspense);
 * the login and set-up pages, outside the frame, wait here.
 */
export function StaffApp() {
  const client = useStaffQueryClient();
  return (
    <QueryClientProvider client={client}>
      <Suspense fallback={<LoadingStatus className="staff-loading" />}>
        <Routes>
          <Route path="login" element={<StaffLoginPage />} />
          <Route path="setup" element={<StaffSetupPage />} />
          <Route element={<StaffShell />}>
            <Route index element={<StaffHomePage />} />
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="account" element={<OwnAccountPage />} />
            <Route path="admin/staff" element={<StaffListPage />} />
            <Route path="admin/audit" element={<AuditLogPage />} />
            <Route path="rewards/orders" element={<OrdersPage />} />
            <Route path="rewards/catalogue" element={<CataloguePage />} />
            <Route path="children" element={<ChildrenQueuePage />} />
            <Route path="referrals" element={<ReferralsPage />} />
            <Route path="check-in" element={<CheckInPage />} />
            <Route path="settings/loyalty" element={<LoyaltySettingsPage />} />
            <Route path="sessions" element={<StudyPickerPage />} />
            <Route path="studies/:studyNo/sessions" element={<SessionsPage />} />
            <Route path="studies/:studyNo/results" element={<StudyResultsPage />} />
            <Route path="reports/payments" element={<PaymentsReportPage />} />
            <Route path="testers" element={<TesterSearchPage />} />
            <Route path="testers/duplicates" element={<DuplicatesPage />} />
            <Route path="testers/:testerId" element={<TesterPage />} />
            <Route path="studies" element={<StudiesPage />} />
            <Route path="studies/new" element={<StudyNewPage />} />
            <Route path="studies/:studyNo" element={<StudyPage />} />
            <Route path="content" element={<Navigate to="/staff/content/faqs" replace />} />
            <Route path="content/faqs" element={<FaqsPage />} />
            <Route path="content/terms" element={<TermsPage />} />
            <Route path="content/winners" element={<WinnersPage />} />
            <Route path="content/sites" element={<SitesPage />} />
            <Route path="content/callouts" element={<CalloutsPage />} />
            <Route path="content/referral-events" element={<ReferralEventsPage />} />
            <Route path="content/legal" element={<LegalTextsPage />} />
            <Route path="invitations" element={<InvitationsPage />} />
            <Route path="invitations/:invitationId" element={<InvitationPage />} />
            <Route path="calendar" element={<CalendarPage />} />
            <Route path="calendar/day" element={<DayListPage />} />
            <Route path="*" element={<StaffNotFound />} />
          </Route>
        </Routes>
      </Suspense>
    </QueryClientProvider>
  );
}
