import type { AcceptTermsResponse, TermsStatusResponse } from '@testerhub/shared/terms-schemas';
import { bilingual, languageOf } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/messages-terms.json';
import es from '@testerhub/shared/locales/es/messages-terms.json';
import type { Clock } from '../../core/clock.ts';
import { inTransaction, type Database, type Executor } from '../../core/db/client.ts';
import { createTermsRepository, type TermsVersionRow } from './terms-repository.ts';

/** Who asks: the tester's id and language (the summary comes in it). */
export interface TermsReader {
  id: string;
  language: string;
}

export interface NewTermsVersion {
  summaryEn: string;
  summaryEs: string;
  /** From when it applies; now when left out. */
  publishedAt?: Date;
}

/** A version was published after the one the publisher based theirs on (decision 057): nothing was written. */
export class TermsChangedError extends Error {
  constructor() {
    super('terms changed since the publisher opened them');
  }
}

/** The answers' messages in the tester's language; the English says what TERMS_TEXTS says (terms.test.ts holds them together). */
const termsMessages = bilingual(en, es);

const summaryIn = (version: TermsVersionRow | null, language: 'en' | 'es') =>
  !version ? '' : language === 'es' ? version.summaryEs : version.summaryEn;

/**
 * The terms' versions and the testers' acceptances (issue 11 section 6, issue 12 section 6; decision
 * 041). The server decides whether a tester must accept: the portal only asks GetTermsStatus.
 */
export function createTermsService(db: Database, deps: { clock: Clock }) {
  const { clock } = deps;
  const repository = createTermsRepository(db);

  return {
    /** The tester's part of download my data (decision 040): the versions accepted and when. */
    exportData: async (testerId: string) => ({ termsAcceptances: await repository.acceptancesOf(testerId) }),

    /** GetTermsStatus: the version in force, the tester's latest acceptance, and whether to ask. */
    async status(tester: TermsReader): Promise<TermsStatusResponse> {
      const language = tester.language === 'es' ? 'es' : 'en';
      const [current, accepted] = await Promise.all([repository.current(clock.now()), repository.latestAcceptance(tester.id)]);
      return {
        status: 'succeed',
        currentVersion: current?.version ?? null,
        publishedAt: current?.publishedAt.toISOString() ?? null,
        summary: summaryIn(current, language),
        language,
        acceptedVersion: accepted?.version ?? null,
        acceptedAt: accepted?.acceptedAt.toISOString() ?? null,
        needsAcceptance: current !== null && (accepted === null || accepted.version < current.version),
      };
    },

    /** AcceptTerms: only the version in force is accepted; accepting it again answers the first time. */
    async accept(tester: TermsReader, version: number): Promise<AcceptTermsResponse> {
      return inTransaction(db, async (unit) => {
        const terms = createTermsRepository(unit);
        const now = clock.now();
        const current = await terms.current(now, { share: true });
        if (!current || current.version !== version) {
          const message = termsMessages(languageOf(tester.language))('notCurrent');
          return { status: 'notCurrent', message, currentVersion: current?.version ?? null };
        }
        const row = await terms.accept(tester.id, version, now);
        return { status: 'succeed', acceptedVersion: row.version, acceptedAt: row.acceptedAt.toISOString() };
      });
    },

    /**
     * A new account accepted the terms in force (registration's terms checkbox): recorded in the
     * caller's unit of work, so the account and its acceptance commit together. Nothing when no
     * version is in force.
     */
    async recordCurrent(testerId: string, unit: Executor): Promise<number | null> {
      const terms = createTermsRepository(unit);
      const now = clock.now();
      const current = await terms.current(now, { share: true });
      if (!current) return null;
      await terms.accept(testerId, current.version, now);
      return current.version;
    },

    /**
     * Test support only (decision 057): every tester who accepted some version, but `testerIds`,
     * accepts the version in force, so that a browser test that publishes through the staff console
     * asks its own testers alone while other tests run beside it. Answers that version.
     */
    async acceptCurrentForEveryoneBut(testerIds: string[]): Promise<number | null> {
      return inTransaction(db, async (unit) => {
        const terms = createTermsRepository(unit);
        const current = await terms.current(clock.now(), { share: true });
        if (current) await terms.acceptForEveryoneBut(current.version, clock.now(), testerIds);
        return current?.version ?? null;
      });
    },

    /** Every version, newest first, and the one in force now (the staff console's history, decision 057). */
    async versions(): Promise<{ versions: TermsVersionRow[]; inForce: number | null }> {
      const [versions, current] = await Promise.all([repository.listVersions(), repository.current(clock.now())]);
      return { versions, inForce: current?.version ?? null };
    },

    /**
     * Publishes a new version (the staff console, decision 057; test support, decision 041).
     * `askOnly` (test support): every other tester is recorded as accepting it, so a browser test
     * asks its own testers alone while other tests run beside it. `basedOn` (the console): the
     * latest version the staff member saw; when another was published since, TermsChangedError is
     * thrown and nothing is written. `within`: the caller's unit of work (the audit row's).
     */
    async publish(
      version: NewTermsVersion,
      options: { askOnly?: string[]; basedOn?: number | null; within?: Executor } = {},
    ): Promise<TermsVersionRow> {
      return inTransaction(
        db,
        async (unit) => {
          const terms = createTermsRepository(unit);
          const row = await terms.publish(
            { summaryEn: version.summaryEn, summaryEs: version.summaryEs, publishedAt: version.publishedAt ?? clock.now() },
            options.basedOn,
          );
          if (!row) throw new TermsChangedError();
          if (options.askOnly) await terms.acceptForEveryoneBut(row.version, row.publishedAt, options.askOnly);
          return row;
        },
        options.within,
      );
    },
  };
}

export type TermsService = ReturnType<typeof createTermsService>;
