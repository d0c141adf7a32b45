import type { Clock } from '../../core/clock.ts';
import type { Database, Executor } from '../../core/db/client.ts';
import { createTesterRepository, type NewTester, type TokenPurpose } from './tester-repository.ts';

export type { NewTester, TesterRow, TokenPurpose } from './tester-repository.ts';

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
export function createTesterService(db: Database, deps: { clock: Clock; onTesterChanged: (testerId: string) => void }) {
  const now = () => deps.clock.now();
  const base = createTesterRepository(db, deps.onTesterChanged, now);
  const on = (tx?: Executor) => (tx ? createTesterRepository(tx, deps.onTesterChanged, now) : base);

  return {
    /** Inside a unit of work pass its `tx` (on PGlite a read beside the transaction would wait for it). */
    findById: (id: string, tx?: Executor) => on(tx).findById(id),
    findByUsername: base.findByUsername,
    findByEmail: base.findByEmail,
    findByNameAndEmail: base.findByNameAndEmail,
    usernameOrEmailTaken: base.usernameOrEmailTaken,
    /** Whether a tester already has this e-mail or phone (a referral of them is refused). */
    isKnownContact: (email: string, phone: string, tx?: Executor) => on(tx).isKnownContact(email, phone),
    testerForToken: base.testerForToken,
    tokenBelongsTo: base.tokenBelongsTo,
    /** Locks the tester's row inside the caller's transaction (scheduling's overlap check); null when there is none. */
    lockForUpdate: (testerId: string, tx: Executor) => on(tx).lockForUpdate(testerId),
    create: (tester: NewTester, tx?: Executor) => on(tx).insert(tester),
    setPassword: (testerId: string, passwordHash: string, tx?: Executor) => on(tx).setPassword(testerId, passwordHash),
    updateCredentials: (
      testerId: string,
      values: { username: string; email: string; phone: string; passwordHash: string },
      tx?: Executor,
    ) => on(tx).updateCredentials(testerId, values),
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
