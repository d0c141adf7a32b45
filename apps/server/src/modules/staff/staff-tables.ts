import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Staff accounts (issue 12 section 1; decision 043): the company's people, apart from testers.
 * `password_hash` is argon2id as the testers' (null until set-up); `totp_secret` is the TOTP key
 * sealed with AES-256-GCM under STAFF_TOTP_KEY (decision 044), `totp_confirmed_at` set once a
 * code proved the enrolment, `totp_last_step` the last accepted 30-second step (a code of that
 * step or an earlier one is refused: no replay). `login_step_generation` is carried by the password
 * step's proof and moved on by the login that completes it, so a proof completes one login at most
 * (decision 074). Roles are a text array checked against the
 * list; site staff carry the ids of their test sites.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    roles: text('roles').array().notNull(),
    siteIds: text('site_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    totpSecret: text('totp_secret'),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    loginStepGeneration: integer('login_step_generation').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('staff_members_email_lower').on(sql`lower(${table.email})`),
    check('staff_members_roles_known', sql`${table.roles} <@ array['admin','recruiter','site-staff','rewards','content']::text[]`),
    check('staff_members_roles_not_empty', sql`cardinality(${table.roles}) > 0`),
  ],
);

/** Staff sessions: their own cookie and table (a tester's session id is never looked up here); only a hash of the id. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('staff_sessions_staff').on(table.staffId)],
);

/** Single-use recovery codes: SHA-256 of each, spent by a conditional update. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('staff_recovery_codes_code').on(table.staffId, table.codeHash)],
);

/**
 * Set-up links: the first admin's (the command) and invitations (an admin). The account exists
 * from the invitation on, with its roles; the link (its token hashed) lets the person choose a
 * password and enrol the second factor once, before `expires_at`. `roles` keeps what was granted
 * at invitation, for the record.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    roles: text('roles').array().notNull(),
    invitedBy: uuid('invited_by').references(() => staffMembers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('staff_invitations_staff').on(table.staffId)],
);

/**
 * The audit log: every change a staff member makes, written in the transaction of the change
 * (decision 043). `staff_id` null: the set-up command run on the server. Never updated or deleted
 * by the application.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: uuid('staff_id').references(() => staffMembers.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('staff_audit_log_at').on(table.at),
    index('staff_audit_log_staff_at').on(table.staffId, table.at),
    index('staff_audit_log_action_at').on(table.action, table.at),
    // One row's trail (a tester's page, decision 053).
    index('staff_audit_log_target_at').on(table.targetType, table.targetId, table.at),
  ],
);
