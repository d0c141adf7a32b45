import { randomUUID } from 'node:crypto';
import { bilingual, languageOf } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/mail-attendance.json';
import es from '@testerhub/shared/locales/es/mail-attendance.json';
import accountEn from '@testerhub/shared/locales/en/mail-account.json';
import accountEs from '@testerhub/shared/locales/es/mail-account.json';
import { COMPANY } from '@testerhub/shared/company';
import { entryText, reasonsNamed } from '@testerhub/shared/redeem-schemas';
import { tableOffset } from '@testerhub/shared/table-query';
import {
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
  type MergePreview,
  type MergePreviewQuery,
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
import type { RedeemService } from '../redeem/redeem-service.ts';
import type { ReferralService } from '../referral/referral-service.ts';
import type { SchedulingService } from '../scheduling/scheduling-service.ts';
import type { ScreeningService } from '../screening/screening-service.ts';
import type { StudyService } from '../studies/study-service.ts';
import { refusalAnswered, StaffRefusal } from '../../core/audit/audited.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import { greetingFor, standardMessage, type MailService } from '../mail/mail-service.ts';
import type { TesterNoteService } from './tester-note-service.ts';
import { orderedPair } from './duplicate-repository.ts';
import { isSuspended, type TesterService } from './tester-service.ts';

interface TesterAdminDeps {
  clock: Clock;
  testers: Pick<
    TesterService,
    | 'findById'
    | 'exportData'
    | 'searchByPrefix'
    | 'setBlackList'
    | 'liftSuspension'
    | 'duplicatePairs'
    | 'recordDuplicateReview'
    | 'lockForUpdate'
    | 'mergedInto'
  >;
  ledger: Pick<LedgerService, 'record' | 'takeBack' | 'historyPage'>;
  scheduling: Pick<SchedulingService, 'exportData' | 'liveBookingsOf'>;
  screening: Pick<ScreeningService, 'exportData'>;
  children: Pick<ChildrenService, 'exportData' | 'movableChildren' | 'moveChildren'>;
  referrals: Pick<ReferralService, 'exportData' | 'referralsMadeCount' | 'moveReferralsMade'>;
  /** Reward orders still pending stop a merge: a rejection refunds the account it was ordered from (decision 144). */
  redeem: Pick<RedeemService, 'pendingOrderCount'>;
  /** Staff notes (this module's own), which a merge moves. */
  notes: Pick<TesterNoteService, 'countOf' | 'moveAll'>;
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

const accountTexts = bilingual(accountEn, accountEs);

/** The ledger reason of a merge's pair of entries (decision 144); its reference names the pair, so a pair pays once. */
export const MERGE_REASON = 'merge';
export const mergeReference = (olderId: string, newerId: string) => `merge:${orderedPair(olderId, newerId).join(':')}`;

/** A merge, told to the older account's tester in their language (decision 144): which account stays, and their coins. */
export function accountsMergedMessage(
  older: { email: string; firstName: string; language: string; username: string },
  newer: { username: string },
  coins: number,
) {
  const language = languageOf(older.language);
  const t = accountTexts(language);
  const names = { olderUsername: older.username, newerUsername: newer.username, community: COMPANY.communityName };
  return standardMessage({
    to: older.email,
    kind: 'accounts-merged',
    language,
    subject: t('mergedSubject', names),
    greeting: greetingFor(language, older.firstName),
    paragraphs: [
      t('mergedBody', names),
      coins > 0 ? t('mergedCoins', { ...names, coins }) : t('mergedNoCoins', names),
      t('mergedRest', names),
      t('mergedQuestion', { phone: COMPANY.supportPhone }),
    ],
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
type TesterAccount = NonNullable<Awaited<ReturnType<TesterAdminDeps['testers']['findById']>>>;

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

  /** The two accounts, older first (by registration, decision 129); null when either is unknown. */
  async function olderAndNewer(testerIds: readonly [string, string], tx?: Executor) {
    const accounts: TesterAccount[] = [];
    for (const testerId of testerIds) {
      const tester = await deps.testers.findById(testerId, tx);
      if (!tester) return null;
      accounts.push(tester);
    }
    return accounts.sort(byAge) as [TesterAccount, TesterAccount];
  }

  /** The pair's review row: the insert that decides between racing reviews (a second finds it and changes nothing). */
  async function recordReview(
    actor: StaffPrincipal,
    older: TesterAccount,
    newer: TesterAccount,
    outcome: ReviewDuplicatePayload['outcome'],
    tx: Executor,
  ) {
    const recorded = await deps.testers.recordDuplicateReview({ testerIds: [older.id, newer.id], outcome, reviewedBy: actor.id }, tx);
    if (!recorded) throw new StaffRefusal(DUPLICATE_TEXTS.alreadyReviewed);
  }

  /**
   * Why the newer account cannot be merged into the older one now (decision 144), empty when it can:
   * the older account is black-listed (merged into another, or closed by staff), the newer one was
   * merged already, or the newer one holds reward orders pending (a rejection refunds the account
   * ordered from) or bookings not over yet (a seat, a check-in and a calendar entry in its name,
   * which staff cancel or move first).
   */
  async function mergeBlockers(older: TesterAccount, newer: TesterAccount, tx?: Executor): Promise<string[]> {
    if (older.blackList) return [DUPLICATE_TEXTS.olderBlackListed];
    // Inside the merge, its own review row names this older account: only another one counts.
    const mergedInto = await deps.testers.mergedInto(newer.id, older.id, tx);
    if (mergedInto) return [DUPLICATE_TEXTS.alreadyMerged];
    const blockers: string[] = [];
    const orders = await deps.redeem.pendingOrderCount(newer.id, tx);
    if (orders > 0) blockers.push(DUPLICATE_TEXTS.ordersBlock(orders));
    const live = await deps.scheduling.liveBookingsOf(newer.id, tx);
    if (live.length === 0) return blockers;
    const studyNos = [...new Set(live.map((booking) => booking.studyNo))].sort((a, b) => a - b);
    const names = await deps.studies.studyNames(studyNos, tx);
    return [
      ...blockers,
      DUPLICATE_TEXTS.bookingsBlock(
        studyNos.map((studyNo) => (names.get(studyNo) ? `${names.get(studyNo)} (study ${studyNo})` : `study ${studyNo}`)),
      ),
    ];
  }

  /**
   * mergeNewer (decision 144), one unit of work: the review row decides between racing reviews; the
   * newer account's row is locked (its bookings and balance hold still); its coins move as a ledger
   * pair (a take-back on the newer, a credit on the older, one reference for the pair), its children,
   * notes and referrals made move through their own modules; it goes on the blackList; the older
   * account's tester is e-mailed. Screening history, bookings over and the newer ledger stay put.
   */
  function merge(actor: StaffPrincipal, older: TesterAccount, newer: TesterAccount, reason: string) {
    return change(actor, 'tester.duplicate-merge', newer.id, async (tx) => {
      await recordReview(actor, older, newer, 'mergeNewer', tx);
      await deps.testers.lockForUpdate(newer.id, tx);
      const locked = await olderAndNewer([older.id, newer.id], tx);
      if (!locked) throw new StaffRefusal(STAFF_TESTER_TEXTS.testerUnknown);
      const [olderNow, newerNow] = locked;
      const blockers = await mergeBlockers(olderNow, newerNow, tx);
      if (blockers.length > 0) throw new StaffRefusal(blockers.join(' '));
      const reference = mergeReference(older.id, newer.id);
      let coins = 0;
      if (newerNow.coins > 0) {
        // A take-back, not a spend: the leaderboard's spending counter is not told (decision 080's rule).
        const taken = await deps.ledger.takeBack(
          { testerId: newer.id, coins: newerNow.coins, experience: 0, reason: MERGE_REASON, reference },
          tx,
        );
        coins = taken.status === 'recorded' ? taken.coins : 0;
        if (coins > 0) await deps.ledger.record({ testerId: older.id, coins, experience: 0, reason: MERGE_REASON, reference }, tx);
      }
      const children = await deps.children.moveChildren(newer.id, older.id, tx);
      const notes = await deps.notes.moveAll(newer.id, older.id, tx);
      const referrals = await deps.referrals.moveReferralsMade(newer.id, older.id, tx);
      // Null when staff had black-listed it already: the merge still stands.
      await deps.testers.setBlackList(newer.id, true, tx);
      await deps.mail.queue(accountsMergedMessage(olderNow, newerNow, coins), tx);
      return {
        before: {
          olderTesterId: older.id,
          newerTesterId: newer.id,
          olderCoins: olderNow.coins,
          newerCoins: newerNow.coins,
          blackList: newerNow.blackList,
        },
        after: {
          outcome: 'mergeNewer',
          reason,
          olderTesterId: older.id,
          newerTesterId: newer.id,
          moved: { coins, children, notes, referrals },
          blackList: true,
        },
        message: DUPLICATE_TEXTS.merged,
      };
    });
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

    /**
     * A page of unreviewed likely-duplicate pairs (decision 129), newest account first unless the table
     * sorts otherwise (decision 144); one tester's when testerId is given.
     */
    async duplicates({ page, pageSize, sort, dir, q, testerId }: DuplicatesQuery): Promise<DuplicatesResponse> {
      const rows = await deps.testers.duplicatePairs({
        testerId,
        sort,
        dir,
        filter: q,
        limit: pageSize,
        offset: tableOffset(page, pageSize),
      });
      const total = rows[0]?.total ?? 0;
      return {
        status: 'succeed',
        page,
        pageSize,
        total,
        hasMore: tableOffset(page, pageSize) + rows.length < total,
        pairs: rows.map((row) => ({
          older: duplicateAccount(row.older),
          newer: duplicateAccount(row.newer),
          signals: row.signals,
        })),
      };
    },

    /** What merging the newer of two accounts into the older would move, and what stops it (decision 144); nothing written. */
    async mergePreview(query: MergePreviewQuery): Promise<MergePreview> {
      const pair = await olderAndNewer([query.testerId, query.otherTesterId]);
      const empty = { olderTesterId: '', newerTesterId: '', coins: 0, children: 0, notes: 0, referrals: 0, blockers: [] };
      if (!pair) return { status: 'failed', message: STAFF_TESTER_TEXTS.testerUnknown, ...empty };
      const [older, newer] = pair;
      const blockers = await mergeBlockers(older, newer);
      return {
        status: 'succeed',
        message: '',
        olderTesterId: older.id,
        newerTesterId: newer.id,
        coins: newer.coins,
        children: await deps.children.movableChildren(newer.id, older.id),
        notes: await deps.notes.countOf(newer.id),
        referrals: await deps.referrals.referralsMadeCount(newer.id),
        blockers,
      };
    },

    /**
     * A pair's review, once (the reviews table's key decides between racing reviews): notDuplicate
     * hides it; blockNewer also puts the newer account on the blackList; mergeNewer moves the newer
     * account into the older one first (decision 144). Each ends the hold on screening.
     */
    async reviewDuplicate(actor: StaffPrincipal, input: ReviewDuplicatePayload): Promise<TesterActionResponse> {
      const pair = await olderAndNewer(input.testerIds);
      if (!pair) return failed(STAFF_TESTER_TEXTS.testerUnknown);
      const [older, newer] = pair;
      if (input.outcome === 'mergeNewer') return merge(actor, older, newer, input.reason);
      return change(actor, 'tester.duplicate-review', newer.id, async (tx) => {
        await recordReview(actor, older, newer, input.outcome, tx);
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
