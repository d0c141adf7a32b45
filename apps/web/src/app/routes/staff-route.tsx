import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { createPortalQueryClient } from '../../lib/query-client';
import { AuditLogPage } from '../../features/staff/audit-log-page';
import { OwnAccountPage } from '../../features/staff/own-account-page';
import { OrdersPage } from '../../features/staff/orders-page';
import { CheckInPage } from '../../features/staff/check-in-page';
import { LoyaltySettingsPage } from '../../features/staff/loyalty-settings/loyalty-settings-page';
import { DashboardPage } from '../../features/staff/dashboard/dashboard-page';
import { SessionsPage } from '../../features/staff/sessions/sessions-page';
import { StudyPickerPage } from '../../features/staff/sessions/study-picker';
import { StudyResultsPage } from '../../features/staff/sessions/study-results-page';
import { StudiesPage } from '../../features/staff/studies/studies-page';
import { StudyNewPage, StudyPage } from '../../features/staff/studies/study-pages';
import { CataloguePage } from '../../features/staff/queues/catalogue-page';
import { ChildrenQueuePage } from '../../features/staff/queues/children-queue-page';
import { ReferralsPage } from '../../features/staff/queues/referrals-page';
import { FaqsPage } from '../../features/staff/content/faqs-page';
import { TermsPage } from '../../features/staff/content/terms-page';
import { WinnersPage } from '../../features/staff/content/winners-page';
import { ReferralEventsPage } from '../../features/staff/content/referral-events-page';
import { SitesPage } from '../../features/staff/content/sites-page';
import { CalloutsPage } from '../../features/staff/content/callouts-page';
import { LegalTextsPage } from '../../features/staff/content/legal-texts-page';
import { InvitationPage } from '../../features/staff/invitations/invitation-page';
import { InvitationsPage } from '../../features/staff/invitations/invitations-page';
import { StaffHomePage } from '../../features/staff/staff-home-page';
import { StaffListPage } from '../../features/staff/staff-list-page';
import { StaffLoginPage } from '../../features/staff/staff-login-page';
import { StaffNotFound } from '../../features/staff/staff-not-found';
import { StaffSetupPage } from '../../features/staff/staff-setup-page';
import { StaffShell } from '../../features/staff/staff-shell';
import { TesterPage } from '../../features/staff/testers/tester-page';
import { TesterSearchPage } from '../../features/staff/testers/tester-search-page';

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
 * /staff and everything under it (decision 043): one lazily loaded part of the app, outside the
 * public site's and the portal's layouts, so nothing of it reaches their bundles.
 */
export function StaffRoute() {
  const client = useStaffQueryClient();
  return (
    <QueryClientProvider client={client}>
      <Suspense fallback={<div aria-busy="true" />}>
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
            <Route path="testers" element={<TesterSearchPage />} />
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
            <Route path="*" element={<StaffNotFound />} />
          </Route>
        </Routes>
      </Suspense>
    </QueryClientProvider>
  );
}
