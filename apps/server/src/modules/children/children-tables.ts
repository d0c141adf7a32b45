import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staffMembers } from '../staff/staff-tables.ts';
import { testers } from '../testers/tester-tables.ts';

/**
 * A tester's child (decision 028). `public_id` is the kid GUID (the k of links); the serial key never
 * leaves the server. An unconfirmed child is removed with its details at `expires_at` (a job).
 */
export const children = pgTable(
  'children',
  {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    parentId: uuid('parent_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    race: text('race').notNull(),
    gender: text('gender').notNull(),
    birthDate: date('birth_date').notNull(),
    phone: text('phone').notNull(),
    /** The study the parent registered the child from, if any. */
    registeredForStudy: integer('registered_for_study'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * Null until Tester Services confirm the child by phone (decision 079): only then may the child
     * be screened and booked. An unconfirmed child past expires_at is deleted.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When the parent opened the e-mailed link: the e-mail step only, it confirms nothing (decision 079). */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    // One registration per child of a parent: the same names (any case) and birth date is the same child.
    uniqueIndex('children_parent_name_birth').on(
      table.parentId,
      sql`lower(${table.firstName})`,
      sql`lower(${table.lastName})`,
      table.birthDate,
    ),
    index('children_unconfirmed_expiry')
      .on(table.expiresAt)
      .where(sql`${table.confirmedAt} is null`),
    check('children_gender', sql`${table.gender} in ('M', 'F')`),
    check('children_confirmed_or_expiring', sql`${table.confirmedAt} is not null or ${table.expiresAt} is not null`),
  ],
);

/**
 * Each attempt to confirm a child: the parent's e-mailed link now, the staff's phone calls later
 * (spec 3: three call attempts within 24 hours). Kept for the staff console; removed with the child.
 */
export const childConfirmationAttempts = pgTable(
  'child_confirmation_attempts',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    outcome: text('outcome').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    /** The staff member who called (decision 054); null for the e-mail link or once that account is gone. */
    staffMemberId: uuid('staff_member_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    /** The caller's note on a phone attempt (decision 054). */
    note: text('note'),
  },
  (table) => [
    index('child_confirmation_attempts_child').on(table.childId),
    check('child_confirmation_attempts_channel', sql`${table.channel} in ('emailLink', 'phone')`),
    check(
      'child_confirmation_attempts_outcome',
      sql`${table.outcome} in ('confirmed', 'noAnswer', 'leftMessage', 'wrongNumber', 'declined')`,
    ),
  ],
);
