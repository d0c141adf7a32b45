import type { StaffAuditQuery } from '@testerhub/shared/staff-schemas';
import type { Database } from '../../core/db/client.ts';
import { createStaffAccounts } from './staff-accounts.ts';
import { createStaffAuditLog } from './staff-audit-log.ts';
import { createStaffContext, type StaffDeps } from './staff-context.ts';
import { createStaffOwnAccount } from './staff-own-account.ts';
import { createStaffSessions } from './staff-sessions.ts';
import { createStaffSetup } from './staff-setup.ts';
import { createStaffSignIn } from './staff-sign-in.ts';
import { createTwoFactor } from './staff-two-factor.ts';

export type { StaffConfig, StaffDeps, StaffPrincipal } from './staff-context.ts';
export type { StaffCodeResult, StaffLoginResult } from './staff-sign-in.ts';
export type { StaffAuditQuery };

/**
 * Staff accounts, their two-step login, sessions, set-up links, invitations and the audit log
 * (issue 12 section 1; decisions 043 and 044), one file per concern in this folder. `audited`
 * (core/audit) is the unit of work every module's staff changes go through, with their audit row.
 */
export function createStaffService(db: Database, deps: StaffDeps) {
  const context = createStaffContext(db, deps);
  const twoFactor = createTwoFactor(context);
  const sessions = createStaffSessions(context);
  return {
    audited: context.audited,
    ...createStaffAccounts(context),
    ...createStaffSetup(context, { twoFactor, sessions }),
    ...createStaffSignIn(context, { twoFactor, sessions }),
    authenticate: sessions.authenticate,
    logout: sessions.logout,
    startSessionFor: sessions.startSessionFor,
    ...createStaffOwnAccount(context, { twoFactor }),
    ...createStaffAuditLog(context),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
