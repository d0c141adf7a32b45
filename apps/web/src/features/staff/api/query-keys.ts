import type { StaffOrdersQuery } from '@testerhub/shared/redeem-schemas';
import type { StaffAuditQuery } from '@testerhub/shared/staff-schemas';

/** The staff console's query keys: one root, so logging out drops everything at once. */
export const staffKeys = {
  all: ['staff'] as const,
  me: () => [...staffKeys.all, 'me'] as const,
  list: () => [...staffKeys.all, 'list'] as const,
  audit: (query: StaffAuditQuery) => [...staffKeys.all, 'audit', query] as const,
  orders: (query: StaffOrdersQuery) => [...staffKeys.all, 'orders', query] as const,
  loyaltyCalendar: () => [...staffKeys.all, 'loyalty', 'calendar'] as const,
  loyaltyWheelAndDrawing: () => [...staffKeys.all, 'loyalty', 'wheel-and-drawing'] as const,
};
