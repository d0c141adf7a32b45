import { randomUUID } from 'node:crypto';
import { bilingual, languageOf } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/mail-attendance.json';
import es from '@testerhub/shared/locales/es/mail-attendance.json';
import { COMPANY } from '@testerhub/shared/company';
import { entryText, reasonsNamed } from '@testerhub/shared/redeem-schemas';
import { tableOffset } from '@testerhub/shared/table-query';
import {
  DUPLICATE_PAGE_ROWS,
  DUPLICATE_TEXTS,
  phoneDigits,
  searchKind,
  type TesterSearchKind,
  STAFF_ADJUSTMENT_REASON,
  STAFF_TESTER_TEXTS,
  TESTER_SEARCH_LIMIT,
  type AdjustCoinsPayload,
  type DuplicateAccount,
  type DuplicatesQuery,
  type DuplicatesResponse,
  type ReviewDuplicatePayload,
  type DeleteTesterPayload,
  type LiftSuspensionPayload,
  type SetBlackListPayload,
  type TesterActionResponse,
  type TesterPageQuery,
  type TesterPageResponse,
  type TesterSearchResponse,
} from '@testerhub/shared/staff-testers-schemas';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/client.ts';
import type { ChildrenService } from '../children/children-service.ts';
import { InsufficientBalanceError } from '../../core/errors.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { PrivacyService } from '../privacy/privacy-service.ts';
import type { ReferralService } from '../referral/referral-service.ts';
import type { SchedulingService } from '../scheduling/scheduling-service.ts';
import type { ScreeningService } from '../screening/screening-service.ts';
import type { StudyService } from '../studies/study-service.ts';
import { refusalAnswered, StaffRefusal } from '../../core/audit/audited.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import { greetingFor, standardMessage, type MailService } from '../mail/mail-service.ts';
import { isSuspended, type TesterService } from './tester-service.ts';

interface TesterAdminDeps {
  clock: Clock;
  testers: Pick<
    TesterService,
    'findById' | 'exportData' | 'searchByPrefix' | 'setBlackList' | 'liftSuspension' | 'duplicatePairs' | 'recordDuplicateReview'
  >;
  ledger: Pick<LedgerService, 'record' | 'historyPage'>;
  scheduling: Pick<SchedulingService, 'exportData'>;
  screening: Pick<ScreeningService, 'exportData'>;
  children: Pick<ChildrenService, 'exportData'>;
  referrals: Pick<ReferralService, 'exportData'>;
  /** The names of the studies the bookings and screeners name, shown beside their numbers. */
  studies: Pick<StudyService, 'studyNames'>;
  /** The privacy module's export document and deletion unit of work (decision 040). */
  privacy: Pick<PrivacyService, 'documentFor' | 'eraseWithin' | 'afterErased'>;
  /** The staff service's audit helper and its trail of one row (decisions 043 and 053). */
  staff: Pick<StaffService, 'audited' | 'auditTrailOf' | 'auditedSince'>;
  /** The outbox, for what a change tells the tester (a lifted suspension). */
  mail: Pick<MailService, 'queue'>;
}

const attendanceTexts = bilingual(en, es);

/** A lifted suspension, told to the tester (issue 29: they heard nothing); staff's reason stays in the audit log. */
export function suspensionLiftedMessage(tester: { email: string; firstName: string; language: string }) {
  const language = languageOf(tester.language);
  const t = attendanceTexts(language);
  return standardMessage({
    to: tester.email,
    kind: 'suspension-lifted',
    language,
    subject: t('liftedSubject'),
    greeting: greetingFor(language, tester.firstName),
    paragraphs: [t('liftedBody'), t('liftedQuestion', { phone: COMPANY.supportPhone })],
  });
}

const failed = (message: string): TesterActionResponse => ({ status: 'failed', message });

type PairAccount = Awaited<ReturnType<TesterAdminDeps['testers']['duplicatePairs']>>[number]['older'];
const duplicateAccount = (row: PairAccount): DuplicateAccount => ({
  testerId: row.id,
  username: row.username,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
  blackList: row.black_list,
  createdAt: new Date(row.created_at).toISOString(),
});
/** Older first: the account that came first is taken as the person's own (decision 129). */
const byAge = (a: { id: string; createdAt: Date }, b: { id: string; createdAt: Date }) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1);
const target = (testerId: string) => ({ type: 'tester', id: testerId });

/** A member's views of one tester's page within this long make one audit row. */
const VIEW_AUDIT_MS = 60_000;

/**
 * The search's words as the audit log keeps them (decision 127): a name or username as typed (what
 * the searcher chose to look for, and the log is admins' only); an e-mail or a phone number is a
 * tester's contact, so only its first character and domain, or its last two digits.
 */
function redactedQuery(kind: TesterSearchKind, query: string) {
  const words = query.trim();
  if (kind === 'email') {
    const at = words.indexOf('@');
    return `${words.slice(0, Math.min(1, at))}…${words.slice(at)}`;
  }
  if (kind === 'phone') return `…${phoneDigits(words)!.slice(-2)}`;
  return words;
}

/**
 * Testers in the staff console (issue 12 section 5, first bullet; decision 053): the search, a
 * tester's page read from each module's own export, and the audited changes (coins through the
 * ledger, the blackList flag, lifting a suspension, the privacy module's export and deletion).
 */
export function createTesterAdminService(deps: TesterAdminDeps) {
  /** Runs an audited change; a StaffRefusal inside it answers `failed` with its message and writes nothing. */
  async function change(
    actor: StaffPrincipal,
    action: string,
    testerId: string,
    work: (tx: Executor) => Promise<{ before: unknown; after: unknown; message: string }>,
  ): Promise<TesterActionResponse> {
    return refusalAnswered(async () => {
      try {
        return await deps.staff.audited(actor.id, action, target(testerId), async (tx) => {
          const { before, after, message } = await work(tx);
          return { before, after, result: { status: 'succeed' as const, message } };
        });
      } catch (error) {
        // The ledger's own refusal: a debit past the balance.
        if (error instanceof InsufficientBalanceError) throw new StaffRefusal(STAFF_TESTER_TEXTS.belowZero);
        throw error;
      }
    });
  }

  /**
   * A view of a tester's page in the audit log (decision 127), at most once a minute per member and
   * tester: the page's own paging and refreshes would otherwise bury the log. Two views at the same
   * instant may both be written (more rows, never fewer).
   */
  async function recordView(actor: StaffPrincipal, testerId: string) {
    const view = { staffId: actor.id, action: 'tester.view', target: target(testerId) };
    if (await deps.staff.auditedSince(view, new Date(deps.clock.nowMs() - VIEW_AUDIT_MS))) return;
    await deps.staff.audited(actor.id, view.action, view.target, async () => ({ before: null, after: null, result: undefined }));
  }

  return {
    /** At most TESTER_SEARCH_LIMIT testers; the query's shape picks the indexes read (decision 053). */
    async search(actor: StaffPrincipal, query: string): Promise<TesterSearchResponse> {
      const kind = searchKind(query);
      const limit = TESTER_SEARCH_LIMIT + 1;
      const lower = query.trim().toLowerCase().replace(/\s+/g, ' ');
      // A username never holds a space (registration refuses one), so "mary smi" reads two ranges, not three.
      const nameKinds = lower.includes(' ') ? (['fullName', 'lastName'] as const) : (['username', 'fullName', 'lastName'] as const);
      const rows = await deps.testers.searchByPrefix(
        kind === 'email' ? ['email'] : kind === 'phone' ? ['phone'] : nameKinds,
        kind === 'phone' ? phoneDigits(query)! : lower,
        limit,
      );
      const found = new Map(rows.map((row) => [row.id, row]));
      const testers = [...found.values()].sort(
        (a, b) =>
          a.lastName.localeCompare(b.lastName, 'en') ||
          a.firstName.localeCompare(b.firstName, 'en') ||
          a.username.localeCompare(b.username, 'en'),
      );
      // A read of personal data (decision 127): who searched, the kind, the words (an e-mail or phone redacted), how many came back.
      await deps.staff.audited(actor.id, 'tester.search', { type: 'tester-search', id: kind }, async () => ({
        before: null,
        after: { kind, query: redactedQuery(kind, query), found: Math.min(testers.length, TESTER_SEARCH_LIMIT) },
        result: undefined,
      }));
      return {
        status: 'succeed',
        kind,
        hasMore: testers.length > TESTER_SEARCH_LIMIT,
        testers: testers.slice(0, TESTER_SEARCH_LIMIT).map(({ id, suspendedUntil, ...row }) => ({
          testerId: id,
          ...row,
          suspendedUntil: suspendedUntil && isSuspended({ suspendedUntil }, deps.clock.now()) ? suspendedUntil.toISOString() : null,
        })),
      };
    },

    /** The tester's page: each part read by its own module (their exportData, the ledger's history, the audit trail). */
    async page(
      actor: StaffPrincipal,
      { testerId, ledgerPage, auditPage, auditPageSize, auditSort, auditDir, auditQ, ...ledgerTable }: TesterPageQuery,
    ): Promise<TesterPageResponse> {
      const tester = await deps.testers.findById(testerId);
      if (!tester) return { status: 'failed', message: STAFF_TESTER_TEXTS.testerUnknown, tester: null };
      await recordView(actor, testerId);
      const own = await deps.testers.exportData(testerId);
      const scheduling = await deps.scheduling.exportData(testerId);
      const screening = await deps.screening.exportData(testerId);
      const children = await deps.children.exportData(testerId);
      const referrals = await deps.referrals.exportData(testerId);
      const studyNos = [...scheduling.bookings, ...screening.screenings].map((row) => row.studyNo);
      const studyNames = await deps.studies.studyNames([...new Set(studyNos)]);
      const ledger = await deps.ledger.historyPage(testerId, {
        sort: ledgerTable.ledgerSort,
        dir: ledgerTable.ledgerDir,
        reasons: ledgerTable.ledgerQ === '' ? null : reasonsNamed(ledgerTable.ledgerQ),
        limit: ledgerTable.ledgerPageSize,
        offset: tableOffset(ledgerPage, ledgerTable.ledgerPageSize),
      });
      const auditOffset = tableOffset(auditPage, auditPageSize);
      const audit = await deps.staff.auditTrailOf(target(testerId), {
        sort: auditSort,
        dir: auditDir,
        filter: auditQ,
        offset: auditOffset,
        limit: auditPageSize,
      });
      return {
        status: 'succeed',
        message: '',
        tester: {
          profile: own.profile ?? {},
          coins: tester.coins,
          exp: tester.exp,
          level: tester.level,
          blackList: tester.blackList,
          suspendedUntil: isSuspended(tester, deps.clock.now()) ? tester.suspendedUntil!.toISOString() : null,
          suspensions: own.suspensions,
          bookings: scheduling.bookings,
          screenings: screening.screenings,
          waitingList: screening.waitingList,
          studyNames: Object.fromEntries(studyNames),
          children: children.children,
          referrals: referrals.referralsMade,
          ledger: ledger.rows.map((row) => ({
            id: row.id,
            coins: row.coins,
            experience: row.experience,
            reason: row.reason,
            reasonText: entryText(row),
            reference: row.reference,
            createdAt: row.createdAt.toISOString(),
          })),
          ledgerPage,
          ledgerHasMore: tableOffset(ledgerPage, ledgerTable.ledgerPageSize) + ledger.rows.length < ledger.total,
          ledgerTotal: ledger.total,
          ledgerPageSize: ledgerTable.ledgerPageSize,
          audit: audit.rows,
          auditPage,
          auditHasMore: auditOffset + audit.rows.length < audit.total,
          auditTotal: audit.total,
          auditPageSize,
        },
      };
    },

    /**
     * Coins added or taken through the ledger, with the reason. A debit never takes the balance
     * below zero: the ledger's conditional UPDATE decides against the tester's own spending too.
     */
    async adjustCoins(actor: StaffPrincipal, input: AdjustCoinsPayload): Promise<TesterActionResponse> {
      if (!(await deps.testers.findById(input.testerId))) return failed(STAFF_TESTER_TEXTS.testerUnknown);
      const adjustmentId = randomUUID();
      return change(actor, 'tester.adjust-coins', input.testerId, async (tx) => {
        const entry = {
          testerId: input.testerId,
          coins: input.coins,
          experience: 0,
          reason: STAFF_ADJUSTMENT_REASON,
          reference: adjustmentId,
        };
        const result = await deps.ledger.record(entry, tx);
        if (result.status !== 'recorded') throw new Error(`Adjustment ${adjustmentId} was recorded twice.`);
        return {
          before: { coins: result.coins - input.coins },
          after: { coins: result.coins, change: input.coins, reason: input.reason, adjustmentId },
          message: STAFF_TESTER_TEXTS.adjusted,
        };
      });
    },

    /** The blackList flag on or off (the tester then sees no studies and no screener: decision 017), with the reason. */
    async setBlackList(actor: StaffPrincipal, input: SetBlackListPayload): Promise<TesterActionResponse> {
      if (!(await deps.testers.findById(input.testerId))) return failed(STAFF_TESTER_TEXTS.testerUnknown);
      return change(actor, input.blackList ? 'tester.blacklist-on' : 'tester.blacklist-off', input.testerId, async (tx) => {
        if (!(await deps.testers.setBlackList(input.testerId, input.blackList, tx)))
          throw new StaffRefusal(STAFF_TESTER_TEXTS.blackListUnchanged);
        return {
          before: { blackList: !input.blackList },
          after: { blackList: input.blackList, reason: input.reason },
          message: input.blackList ? STAFF_TESTER_TEXTS.blackListOn : STAFF_TESTER_TEXTS.blackListOff,
        };
      });
    },

    /** A page of unreviewed likely-duplicate pairs, newest account first (decision 129); one tester's when testerId is given. */
    async duplicates({ page, testerId }: DuplicatesQuery): Promise<DuplicatesResponse> {
      // One row past the page says whether there is another.
      const rows = await deps.testers.duplicatePairs({
        testerId,
        limit: DUPLICATE_PAGE_ROWS + 1,
        offset: (page - 1) * DUPLICATE_PAGE_ROWS,
      });
      return {
        status: 'succeed',
        page,
        hasMore: rows.length > DUPLICATE_PAGE_ROWS,
        pairs: rows.slice(0, DUPLICATE_PAGE_ROWS).map((row) => ({
          older: duplicateAccount(row.older),
          newer: duplicateAccount(row.newer),
          signals: row.signals,
        })),
      };
    },

    /**
     * A pair's review, once (the reviews table's key decides between racing reviews): notDuplicate
     * hides it; blockNewer also puts the newer account on the blackList. Either ends the hold on screening.
     */
    async reviewDuplicate(actor: StaffPrincipal, input: ReviewDuplicatePayload): Promise<TesterActionResponse> {
      const accounts = [];
      for (const testerId of input.testerIds) {
        const tester = await deps.testers.findById(testerId);
        if (!tester) return failed(STAFF_TESTER_TEXTS.testerUnknown);
        accounts.push(tester);
      }
      const [older, newer] = accounts.sort(byAge) as [(typeof accounts)[number], (typeof accounts)[number]];
      return change(actor, 'tester.duplicate-review', newer.id, async (tx) => {
        const recorded = await deps.testers.recordDuplicateReview(
          { testerIds: [older.id, newer.id], outcome: input.outcome, reviewedBy: actor.id },
          tx,
        );
        if (!recorded) throw new StaffRefusal(DUPLICATE_TEXTS.alreadyReviewed);
        // Null when staff had black-listed it already: the review still stands.
        const blocked = input.outcome === 'blockNewer' && (await deps.testers.setBlackList(newer.id, true, tx)) !== null;
        return {
          before: { olderTesterId: older.id, blackList: newer.blackList },
          after: { outcome: input.outcome, reason: input.reason, blackList: newer.blackList || blocked },
          message: input.outcome === 'blockNewer' ? DUPLICATE_TEXTS.blockedNewer : DUPLICATE_TEXTS.notDuplicate,
        };
      });
    },

    /** Ends the suspension in force (decision 046's liftSuspension), recording who and why. */
    async liftSuspension(actor: StaffPrincipal, input: LiftSuspensionPayload): Promise<TesterActionResponse> {
      if (!(await deps.testers.findById(input.testerId))) return failed(STAFF_TESTER_TEXTS.testerUnknown);
      return change(actor, 'tester.lift-suspension', input.testerId, async (tx) => {
        const before = await deps.testers.findById(input.testerId, tx);
        const lifted = await deps.testers.liftSuspension(input.testerId, { liftedBy: actor.id, reason: input.reason }, tx);
        if (!lifted || !before) throw new StaffRefusal(STAFF_TESTER_TEXTS.notSuspended);
        await deps.mail.queue(suspensionLiftedMessage(before), tx);
        return {
          before: { suspendedUntil: before.suspendedUntil?.toISOString() ?? null },
          after: { suspendedUntil: null, reason: input.reason },
          message: STAFF_TESTER_TEXTS.suspensionLifted,
        };
      });
    },

    /** The privacy module's export document of the tester, for a request made to staff; the export is audited. */
    async exportData(actor: StaffPrincipal, testerId: string) {
      const tester = await deps.testers.findById(testerId);
      if (!tester) return null;
      const file = await deps.privacy.documentFor(tester);
      await deps.staff.audited(actor.id, 'tester.export', target(testerId), async () => ({
        before: null,
        after: { exportedAt: file.document.exportedAt },
        result: undefined,
      }));
      return file;
    },

    /** The privacy module's deletion, after the username is typed to confirm; audited in the same transaction. */
    async deleteTester(actor: StaffPrincipal, input: DeleteTesterPayload): Promise<TesterActionResponse> {
      const tester = await deps.testers.findById(input.testerId);
      if (!tester) return failed(STAFF_TESTER_TEXTS.testerUnknown);
      if (input.confirmation.toLowerCase() !== tester.username.toLowerCase()) return failed(STAFF_TESTER_TEXTS.confirmationWrong);
      const answer = await change(actor, 'tester.delete', input.testerId, async (tx) => {
        if (!(await deps.privacy.eraseWithin(input.testerId, tx))) throw new StaffRefusal(STAFF_TESTER_TEXTS.testerUnknown);
        // Nothing personal stays in the log: the account is gone, its id and the reason remain.
        return {
          before: { testerId: input.testerId },
          after: { deleted: true, reason: input.reason },
          message: STAFF_TESTER_TEXTS.deleted,
        };
      });
      if (answer.status === 'succeed') await deps.privacy.afterErased(input.testerId);
      return answer;
    },
  };
}

export type TesterAdminService = ReturnType<typeof createTesterAdminService>;
