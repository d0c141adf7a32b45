/** Staff accounts written straight into the test database (GUIDE section 6), with the key the test app seals TOTP secrets with. */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { staffAuditLog, staffMembers, staffSessions } from '../src/core/db/schema.ts';
import type { Clock } from '../src/core/clock.ts';
import type { Database } from '../src/core/db/client.ts';
import { hashPassword } from '../src/core/security/passwords.ts';
import { hashToken, randomToken } from '../src/core/security/tokens.ts';
import { createSecretBox, newTotpSecret } from '../src/modules/staff/totp.ts';
import { useTestApp } from './test-app.ts';

/** STAFF_TOTP_KEY of the staff tests' apps: the factory seals secrets with it too. */
export const TEST_STAFF_TOTP_KEY = 'staff-test-key-0123456789abcdefghijklmnop';
export const STAFF_PASSWORD = 'Staff#Password12';

let counter = 0;
let passwordHash: Promise<string> | undefined;

/** A set-up staff member (password, confirmed TOTP) with the roles given; its TOTP secret in clear for computing codes. */
export async function createStaffMember(db: Database, options: { roles: StaffRole[]; siteIds?: string[]; disabled?: boolean }) {
  counter += 1;
  passwordHash ??= hashPassword(STAFF_PASSWORD);
  const totpSecret = newTotpSecret();
  const [row] = await db
    .insert(staffMembers)
    .values({
      name: `Staff ${options.roles.join('+')} ${counter}`,
      email: `staff${process.pid}x${counter}@staff.example.test`,
      passwordHash: await passwordHash,
      roles: options.roles,
      siteIds: options.siteIds ?? (options.roles.includes('site-staff') ? ['00001'] : []),
      totpSecret: createSecretBox(TEST_STAFF_TOTP_KEY).seal(totpSecret),
      totpConfirmedAt: new Date(),
      disabledAt: options.disabled ? new Date() : null,
    })
    .returning();
  return { staff: row!, totpSecret };
}

/** A live staff session's Cookie header value. */
export async function staffCookieFor(db: Database, staffId: string, options: { expiresAt?: Date; lastSeenAt?: Date } = {}) {
  const sessionId = randomToken();
  await db.insert(staffSessions).values({
    idHash: hashToken(sessionId),
    staffId,
    lastSeenAt: options.lastSeenAt ?? new Date(),
    expiresAt: options.expiresAt ?? new Date(Date.now() + 3600_000),
  });
  return `th_staff=${sessionId}`;
}

/** A staff member holding `roles`, signed in: their row and a Cookie header value for the test's requests. */
export async function signedInStaff(db: Database, roles: StaffRole[]) {
  const { staff } = await createStaffMember(db, { roles });
  return { staff, cookie: await staffCookieFor(db, staff.id) };
}

/** The audit rows matching every field given (who, what, on which target), oldest first. */
export function auditRowsWhere(db: Database, where: { staffId?: string; action?: string; targetType?: string; targetId?: string }) {
  const conditions: SQL[] = [];
  if (where.staffId !== undefined) conditions.push(eq(staffAuditLog.staffId, where.staffId));
  if (where.action !== undefined) conditions.push(eq(staffAuditLog.action, where.action));
  if (where.targetType !== undefined) conditions.push(eq(staffAuditLog.targetType, where.targetType));
  if (where.targetId !== undefined) conditions.push(eq(staffAuditLog.targetId, where.targetId));
  return db
    .select()
    .from(staffAuditLog)
    .where(and(...conditions))
    .orderBy(asc(staffAuditLog.id));
}

/** BEGIN and COMMIT are left out of counted statements: PostgreSQL's driver reports them, the embedded database's does not. */
const TRANSACTION_EDGE = /^(begin|commit)$/i;

/**
 * The test app of a staff test file (useTestApp with the staff TOTP key and the test's clock),
 * with what such files repeat: GET with a cookie, a staff member of `roles` signed in at the
 * clock's time for an hour, and the statements a request sends, counted.
 */
export function useStaffTestApp(clock: Clock) {
  let watched: string[] | null = null;
  const testApp = useTestApp({
    clock,
    env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY },
    onStatement: (query) => (TRANSACTION_EDGE.test(query.trim()) ? undefined : watched?.push(query)),
  });
  const db = () => testApp.database.db;
  return {
    testApp,
    db,
    get: (url: string, cookie: string) => testApp.app.inject({ method: 'GET', url, headers: { cookie } }),
    async staffCookie(roles: StaffRole[], siteIds?: string[]) {
      const { staff } = await createStaffMember(db(), { roles, siteIds });
      const cookie = await staffCookieFor(db(), staff.id, { lastSeenAt: clock.now(), expiresAt: new Date(clock.nowMs() + 3600_000) });
      return { staff, cookie };
    },
    /** What `run` answered and how many statements the app sent meanwhile. */
    async countStatements<T>(run: () => Promise<T>) {
      watched = [];
      try {
        const result = await run();
        return { result, statements: watched.length };
      } finally {
        watched = null;
      }
    },
  };
}
