import type { InvitationDetailQuery, InvitationListQuery } from '@testerhub/shared/invitation-schemas';
import type { StaffOrdersQuery } from '@testerhub/shared/redeem-schemas';
import type { StaffAuditQuery } from '@testerhub/shared/staff-schemas';
import type { ReferralPipelineQuery } from '@testerhub/shared/staff-queues-schemas';

/** The staff console's query keys: one root, so logging out drops everything at once. */
export const staffKeys = {
  all: ['staff'] as const,
  me: () => [...staffKeys.all, 'me'] as const,
  recoveryCodesLeft: () => [...staffKeys.all, 'recovery-codes-left'] as const,
  dashboard: () => [...staffKeys.all, 'dashboard'] as const,
  list: () => [...staffKeys.all, 'list'] as const,
  audit: (query: StaffAuditQuery) => [...staffKeys.all, 'audit', query] as const,
  orders: (query: StaffOrdersQuery) => [...staffKeys.all, 'orders', query] as const,
  /** The staff calendar's sessions and lists of the day (decision 120): whatever changes a booking makes them stale. */
  calendar: () => [...staffKeys.all, 'calendar'] as const,
  loyaltyCalendar: () => [...staffKeys.all, 'loyalty', 'calendar'] as const,
  loyaltyWheelAndDrawing: () => [...staffKeys.all, 'loyalty', 'wheel-and-drawing'] as const,
  loyaltyLevels: () => [...staffKeys.all, 'loyalty', 'levels'] as const,
  loyaltyAvatars: () => [...staffKeys.all, 'loyalty', 'avatars'] as const,
  loyaltyPerks: () => [...staffKeys.all, 'loyalty', 'perks'] as const,
  sessionGroups: (studyNo: number) => [...staffKeys.all, 'session-groups', studyNo] as const,
  groupBookings: (groupId: string) => [...staffKeys.all, 'group-bookings', groupId] as const,
  studyResults: (studyNo: number) => [...staffKeys.all, 'study-results', studyNo] as const,
  sentMessages: (studyNo: number) => [...staffKeys.all, 'sent-messages', studyNo] as const,
  /** Payment reports by month ('' for this month) and a study's funnel (decision 122). */
  paymentsReport: (month: string) => [...staffKeys.all, 'reports', 'payments', month] as const,
  studyFunnel: (studyNo: number) => [...staffKeys.all, 'reports', 'funnel', studyNo] as const,
  testerSearch: (q: string) => [...staffKeys.all, 'testers', 'search', q] as const,
  tester: (testerId: string) => [...staffKeys.all, 'testers', 'tester', testerId] as const,
  studies: (query: { status: string; q: string; page: number }) => [...staffKeys.all, 'studies', 'list', query] as const,
  study: (studyNo: number) => [...staffKeys.all, 'studies', 'one', studyNo] as const,
  studyFormOptions: () => [...staffKeys.all, 'studies', 'form-options'] as const,
  childQueue: (page: number) => [...staffKeys.all, 'child-queue', page] as const,
  referrals: (query: ReferralPipelineQuery) => [...staffKeys.all, 'referrals', query] as const,
  catalogue: () => [...staffKeys.all, 'catalogue'] as const,
  contentFaqs: () => [...staffKeys.all, 'content', 'faqs'] as const,
  contentTerms: () => [...staffKeys.all, 'content', 'terms'] as const,
  contentWinners: () => [...staffKeys.all, 'content', 'winners'] as const,
  contentReferralEvents: () => [...staffKeys.all, 'content', 'referral-events'] as const,
  contentSites: () => [...staffKeys.all, 'content', 'sites'] as const,
  contentZipPrefixes: () => [...staffKeys.all, 'content', 'zip-prefixes'] as const,
  contentCallouts: () => [...staffKeys.all, 'content', 'callouts'] as const,
  contentLegalTexts: () => [...staffKeys.all, 'content', 'legal-texts'] as const,
  contentLegalText: (page: string) => [...staffKeys.all, 'content', 'legal-texts', page] as const,
  /** Rendered in the browser, not fetched: outside the legal-texts keys, so a publish does not render it again. */
  builtInLegalHtml: (page: string) => [...staffKeys.all, 'content', 'built-in-legal-html', page] as const,
  invitations: (query: InvitationListQuery) => [...staffKeys.all, 'invitations', 'list', query] as const,
  invitation: (query: InvitationDetailQuery) => [...staffKeys.all, 'invitations', 'detail', query] as const,
  invitationOptions: () => [...staffKeys.all, 'invitation-options'] as const,
  /** The live count of an invitation's filters, keyed by the payload as JSON text (decision 121). */
  invitationCount: (payload: string) => [...staffKeys.all, 'invitation-count', payload] as const,
  /** The study form's live count of its About-me targeting, keyed by the payload as JSON text (decision 148). */
  studyTargetCount: (payload: string) => [...staffKeys.all, 'study-target-count', payload] as const,
};
