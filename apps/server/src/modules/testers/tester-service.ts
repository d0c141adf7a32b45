import type { Clock } from '../../core/clock.ts';
import type { Database, Executor } from '../../core/db/client.ts';
import { createDuplicateRepository, type DuplicateOutcome, type DuplicatePairsQuery } from './duplicate-repository.ts';
import { createTesterRepository, type NewTester, type TokenPurpose } from './tester-repository.ts';

export type { NewTester, TesterRow, TokenPurpose } from './tester-repository.ts';
/** The testers an invitation may reach, as a subquery for a set-based statement (decision 052). */
export { testerAudienceSql, usernameOfSql } from './tester-repository.ts';
export { withMergedIntoSql } from './duplicate-repository.ts';

/** The contact channels a tester can turn off (spec 3, "Opt-in"); NoText is the text-message channel. */
export type ContactChannel = 'Phone' | 'NoText' | 'Email';
export const CONTACT_CHANNELS: readonly ContactChannel[] = ['Phone', 'NoText', 'Email'];

/**
 * What an e-mail is for. A tester's e-mail choice holds back `invitation` and `marketing`;
 * `account` and `security` mail (confirmations, resets, bookings they made) always goes (decision 035).
 */
export type EmailPurpose = 'account' | 'security' | 'invitation' | 'marketing';

/** Whether the no-show rule bars the tester at `now` (decision 046): no studies, no bookings. */
export function isSuspended(tester: { suspendedUntil: Date | null }, now: Date): boolean {
  return tester.suspendedUntil !== null && tester.suspendedUntil > now;
}

/** A black-listed tester, and one suspended by the no-show rule (decision 046), sees and screens for no study. */
export function isBarredFromStudies(tester: { blackList: boolean; suspendedUntil: Date | null }, now: Date): boolean {
  return tester.blackList || isSuspended(tester, now);
}

/** PostgreSQL's unique_violation, and which index raised it. */
export function uniqueViolation(error: unknown): string | null {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = (cause as { code?: string }).code;
  if (code !== '23505') return null;
  return (cause as { constraint?: string }).constraint ?? 'unknown';
}

/**
 * The tester account record and its e-mailed codes: what registration, login and recovery use.
 * Writes take the transaction of the caller's unit of work (`tx`) where they belong to one.
 * Coins and experience are not here: the ledger module is their only writer.
 */
export function createTesterService(db: Database, deps: { clock: Clock; onTesterChanged: (testerId: string, executor: Executor) => void }) {
  const now = () => deps.clock.now();
  const base = createTesterRepository(db, deps.onTesterChanged, now);
  const on = (tx?: Executor) => (tx ? createTesterRepository(tx, deps.onTesterChanged, now) : base);
  const duplicates = createDuplicateRepository(db);

  return {
    /** Inside a unit of work pass its `tx` (on PGlite a read beside the transaction would wait for it). */
    findById: (id: string, tx?: Executor) => on(tx).findById(id),
    /** The address, its confirmation and the first name, for a message written in the caller's unit of work (issue 27: 3 columns, not 31). */
    mailContact: (id: string, tx?: Executor) => on(tx).mailContact(id),
    /** How many testers are assigned to the site, in the caller's unit of work (the staff console's site removal, decision 069). */
    testersAtSite: (siteId: string, tx: Executor) => on(tx).countAtSite(siteId),
    /** The tester's part of the data export (decision 040): the record without the password hash, choices, codes without hashes. */
    exportData: (testerId: string) => base.exportOf(testerId),
    /** Deletes the tester inside the caller's unit of work (decision 040); answers false when already gone. */
    deleteTester: (testerId: string, tx: Executor) => on(tx).deleteById(testerId),
    publicProfiles: (ids: string[]) => base.publicProfiles(ids),
    /** Full names by tester id. */
    async fullNames(ids: readonly string[]): Promise<Map<string, { firstName: string; lastName: string }>> {
      return new Map((await base.namesByIds(ids)).map((row) => [row.id, { firstName: row.firstName, lastName: row.lastName }]));
    },
    /** Names with the date of birth (YYYY-MM-DD), for site staff to compare with a photo ID at check-in. */
    async namesAndBirthDates(ids: readonly string[]): Promise<Map<string, { firstName: string; lastName: string; birthDate: string }>> {
      return new Map((await base.namesByIds(ids)).map(({ id, ...row }) => [id, row]));
    },
    /** Names with the phone number, for site staff's list of the day (decision 120). */
    async namesAndPhones(ids: readonly string[]): Promise<Map<string, { firstName: string; lastName: string; phone: string }>> {
      return new Map((await base.namesAndPhonesByIds(ids)).map(({ id, ...row }) => [id, row]));
    },
    signUpsByWeek: (from: Date, timeZone: string) => base.signUpsByWeek(from, timeZone),
    findByUsername: base.findByUsername,
    findByEmail: base.findByEmail,
    findByNameAndEmail: base.findByNameAndEmail,
    usernameOrEmailTaken: base.usernameOrEmailTaken,
    /** Whether a tester already has this e-mail or phone (a referral of them is refused). */
    testerForToken: base.testerForToken,
    tokenBelongsTo: base.tokenBelongsTo,
    /** Locks the tester's row inside the caller's transaction (scheduling's overlap check); null when there is none. */
    lockForUpdate: (testerId: string, tx: Executor) => on(tx).lockForUpdate(testerId),
    create: (tester: NewTester, tx?: Executor) => on(tx).insert(tester),
    setPassword: (testerId: string, passwordHash: string, tx?: Executor) => on(tx).setPassword(testerId, passwordHash),
    setAvatar: (testerId: string, avatarFile: string) => base.setAvatar(testerId, avatarFile),
    /** How many testers wear each picture, by file name (decision 068). */
    async avatarWearers(): Promise<Map<string, number>> {
      return new Map((await base.avatarWearers()).map((row) => [row.avatarFile, row.count]));
    },
    /** The staff search's read of one index (decision 053). */
    searchByPrefix: base.searchByPrefix,
    /** A page of likely duplicate pairs no one has reviewed (decision 129), all or one tester's. */
    duplicatePairs: (options: DuplicatePairsQuery) => duplicates.unreviewedPairs(options),
    /** The account other than `exceptInto` the tester was merged into (decision 144), or null; in the caller's unit of work when given. */
    mergedInto: (testerId: string, exceptInto: string, tx?: Executor) =>
      createDuplicateRepository(tx ?? db).mergedInto(testerId, exceptInto),
    /** Whether the tester's screening is held: an unreviewed account shares their e-mail or phone (decision 129). */
    heldAsDuplicate: (testerId: string) => duplicates.heldAsDuplicate(testerId),
    /** Records that both accounts signed in on one browser (decision 137): a weak duplicate signal. */
    recordSharedDevice: (testerIds: [string, string]) => duplicates.recordSharedDevice(testerIds, now()),
    /** Records a pair's review in the caller's unit of work; false when it was reviewed already. */
    recordDuplicateReview: (review: { testerIds: [string, string]; outcome: DuplicateOutcome; reviewedBy: string }, tx: Executor) =>
      createDuplicateRepository(tx).recordReview({ ...review, at: now() }),
    /** The blackList flag on or off inside the caller's unit of work; null when it already was so. */
    setBlackList: (testerId: string, blackList: boolean, tx?: Executor) => on(tx).setBlackList(testerId, blackList),
    /** Suspends the tester unless a suspension is in force (decision 046); true when this call did. Inside the caller's unit of work. */
    suspend: (testerId: string, suspension: { reason: string; noShows: number; startsAt: Date; endsAt: Date }, tx?: Executor) =>
      on(tx).suspend(testerId, suspension),
    /** Lifts the suspension in force now, with who and why (the staff console); false when none was. */
    liftSuspension: (testerId: string, lift: { liftedBy: string; reason: string }, tx?: Executor) =>
      on(tx).liftSuspension(testerId, { ...lift, at: now() }),
    suspensions: (testerId: string, tx?: Executor) => on(tx).suspensions(testerId),
    updateCredentials: (
      testerId: string,
      values: { username: string; email: string; phone: string; passwordHash: string },
      tx?: Executor,
    ) => on(tx).updateCredentials(testerId, values),
    /** The contact page's change (address, city, zip, phone) with the zip's test site. */
    updateContact: (
      testerId: string,
      values: { address: string; city: string; zipCode: string; phone: string; siteId: string },
      tx?: Executor,
    ) => on(tx).updateContact(testerId, values),
    setLanguage: (testerId: string, language: 'en' | 'es', tx?: Executor) => on(tx).setLanguage(testerId, language),
    /** True when the password was still `previousHash` and is now `passwordHash` (stamped with the clock's time). */
    replacePassword: (testerId: string, previousHash: string, passwordHash: string, tx?: Executor) =>
      on(tx).replacePassword(testerId, previousHash, passwordHash),
    /** Every channel with its choice; a channel never chosen is on (decision 035). */
    async contactSettings(testerId: string, tx?: Executor): Promise<{ contactType: ContactChannel; isTurnOn: boolean }[]> {
      const stored = new Map((await on(tx).contactSettings(testerId)).map((row) => [row.contactType, row.isTurnOn]));
      return CONTACT_CHANNELS.map((contactType) => ({ contactType, isTurnOn: stored.get(contactType) ?? true }));
    },
    setContactSetting: async (testerId: string, contactType: ContactChannel, isTurnOn: boolean, tx?: Executor) =>
      (await on(tx).setContactSetting(testerId, contactType, isTurnOn)) as { contactType: ContactChannel; isTurnOn: boolean },
    /** Whether an e-mail of this purpose may go to the tester: their e-mail choice holds back invitations and marketing. */
    async mayEmail(testerId: string, purpose: EmailPurpose, tx?: Executor): Promise<boolean> {
      if (purpose === 'account' || purpose === 'security') return true;
      const email = (await on(tx).contactSettings(testerId)).find((row) => row.contactType === 'Email');
      return email?.isTurnOn ?? true;
    },
    markEmailConfirmed: (testerId: string, tx?: Executor) => on(tx).markEmailConfirmed(testerId),
    /** A single-use code, stored hashed, good until `expiresAt`. */
    issueToken: (testerId: string, purpose: TokenPurpose, codeHash: string, expiresAt: Date, tx?: Executor) =>
      on(tx).insertToken(testerId, purpose, codeHash, expiresAt),
    /** Voids the tester's open codes of one purpose: a newer link, or a used one, ends the others. */
    voidTokens: (testerId: string, purpose: TokenPurpose, tx?: Executor) => on(tx).voidTokens(testerId, purpose),
    /** Uses a code once: exactly one of two racing requests gets true. */
    consumeToken: (codeHash: string, purpose: TokenPurpose, testerId: string, tx?: Executor) =>
      on(tx).consumeToken(codeHash, purpose, testerId),
  };
}

export type TesterService = ReturnType<typeof createTesterService>;
