import { randomBytes } from 'node:crypto';
import {
  CLAIMABLE_REFERRAL_STATUSES,
  REFERRAL_LIMITS,
  type ReferralListItem,
  type ReferralRequest,
  type ReferralRequestResponse,
  type ReferralRewardResponse,
  type ReferralStatus,
} from '@testerhub/shared/referral-schemas';
import { languageOf } from '@testerhub/shared/i18n';
import { REFERRAL_MOVES, type StaffReferralStatus } from '@testerhub/shared/staff-queues-schemas';
import type { Clock } from '../../core/clock.ts';
import { inTransaction, type Database, type Executor } from '../../core/db/client.ts';
import { localDay, monthStart } from '../../core/local-day.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { referralInvitationMessage, type MailService } from '../mail/mail-service.ts';
import { RateLimiter, type RateLimitStore } from '../rate-limits/rate-limit-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { createReferralRepository, type ReferralRow } from './referral-repository.ts';

/** The ledger's reason for a referral reward; its reference is the referral's id, so a referral pays once. */
export const REFERRAL_REWARD_REASON = 'referralReward';

/** Where the invitation's join link lands: the first registration page, which keeps `refer` as the referral code. */
export const REFERRAL_JOIN_PATH = '/community/join/attention';

/** Statuses the join link may move to Registered: not once staff closed it, and not backwards. */
const REGISTERABLE: readonly ReferralStatus[] = ['New', 'Bad Number', 'Outreach'];
/** Statuses a first attended study moves to Complete. */
const COMPLETABLE: readonly ReferralStatus[] = ['Registered', 'Outreach'];

// No 0/O or 1/I/L: a code a friend may read out or type.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;
/**
 * How long a month's attempt count is kept: longer than any month, so that it never restarts within
 * one (the month is part of its key: the next month counts under a key of its own).
 */
const ATTEMPT_WINDOW_MS = 32 * 24 * 3600_000;

/** A random referral code (about 49 bits): the join link's `refer`. */
export function newReferralCode(): string {
  return [...randomBytes(CODE_LENGTH)].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

interface ReferralDeps {
  clock: Clock;
  testers: Pick<TesterService, 'lockForUpdate'>;
  ledger: Pick<LedgerService, 'record'>;
  mail: Pick<MailService, 'queue' | 'link'>;
  /** The company's time zone (LOYALTY_TIME_ZONE): the month of the limit is the company's (decision 033). */
  timeZone: string;
  monthlyLimit?: number;
  /** Where each month's referral requests are counted: the database every instance shares (decisions 062, 075). */
  rateLimits: RateLimitStore;
  /** Told of each referral made, inside its transaction: the leaderboard's counter (decision 039). */
  onReferralMade?: (referrerId: string, tx: Executor) => Promise<void>;
}

const toListItem = (row: ReferralRow): ReferralListItem => ({
  referralId: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  status: row.status as ReferralStatus,
  redeemedReward: row.redeemedAt !== null,
});

/**
 * Referrals (spec 3, "Referral pages"; decision 036): a tester refers up to 10 friends a company
 * month, each friend gets an invitation with a join link, registering through it and attending a
 * first study move the referral on, and a Complete or Paid referral pays its reward once.
 */
export function createReferralService(db: Database, deps: ReferralDeps) {
  const repository = createReferralRepository(db);
  const limit = deps.monthlyLimit ?? REFERRAL_LIMITS.monthly;
  const now = () => deps.clock.now();
  // Every request of the month counts against the month's limit, whatever it answers (decision 075).
  const requests = new RateLimiter(deps.rateLimits, 'referral-requests', limit, ATTEMPT_WINDOW_MS);

  /**
   * The referral reward (200 coins, 250 experience) paid through the ledger with the referral as
   * reference, and the referral marked redeemed, in the caller's transaction: only a referral of
   * this referrer in one of `payable`, not yet redeemed; once, whatever the number of calls.
   */
  async function payReward(tx: Executor, referrerId: string, referralId: string, payable: readonly ReferralStatus[]): Promise<boolean> {
    const redeemed = await createReferralRepository(tx).redeem(referrerId, referralId, payable, now());
    if (!redeemed) return false;
    const paid = await deps.ledger.record(
      {
        testerId: referrerId,
        coins: REFERRAL_LIMITS.rewardCoins,
        experience: REFERRAL_LIMITS.rewardExp,
        reason: REFERRAL_REWARD_REASON,
        reference: redeemed.id,
      },
      tx,
    );
    return paid.status !== 'alreadyRecorded';
  }

  return {
    /** The tester's part of the data export (decision 040). */
    exportData: (testerId: string) => repository.exportOf(testerId),

    referralsMadeCount: (testerId: string) => repository.countMadeBy(testerId),

    /** A merge's part (decision 144), in its unit of work: the friends the newer account referred count for the older one. */
    moveReferralsMade: (fromTesterId: string, toTesterId: string, tx: Executor) =>
      createReferralRepository(tx).moveMade(fromTesterId, toTesterId),

    /** Account deletion (decision 040): the referral that brought the tester forgets who they were, in the caller's unit of work. */
    forgetReferredTester: (testerId: string, email: string, phone: string, tx: Executor) =>
      createReferralRepository(tx).forgetReferredTester(testerId, email, phone),

    /**
     * UpdateReferralList. Every request counts against the month's limit, 'Exist user' ones too, so
     * that asking about people costs what referring them does; 'Exist user' means only that someone
     * already referred this e-mail or phone, and a person who is already a tester is referred like
     * anyone else, so that the answer never tells whether someone is a tester (decision 075).
     * One unit of work: the referrer's row is locked first, so a tester's referrals are counted and
     * added one at a time (20 at once at 9 this month make exactly one more); the referral and its
     * invitation's outbox row commit together.
     */
    async refer(referrerId: string, request: ReferralRequest): Promise<ReferralRequestResponse> {
      const at = now();
      const month = monthStart(localDay(at, deps.timeZone));
      if (!(await requests.hit(`${referrerId}:${month}`))) return { status: 'maximum' };
      const email = request.emailAddress.trim();
      const result = await inTransaction(db, async (tx): Promise<ReferralRequestResponse> => {
        const referrer = await deps.testers.lockForUpdate(referrerId, tx);
        if (!referrer) return { status: 'failed' };
        const repo = createReferralRepository(tx);
        if ((await repo.countInMonth(referrerId, month)) >= limit) return { status: 'maximum' };
        if (await repo.isReferred(email, request.phoneNumber)) return { status: 'existUser' };
        const referral = await repo.insert({
          referrerId,
          firstName: request.firstname.trim(),
          lastName: request.lastname.trim(),
          age: Number(request.age),
          email,
          phone: request.phoneNumber,
          code: newReferralCode(),
          status: 'New',
          referredMonth: month,
          createdAt: at,
          statusChangedAt: at,
        });
        // Another tester referred the same person a moment ago (the unique indexes).
        if (!referral) return { status: 'existUser' };
        await deps.mail.queue(
          referralInvitationMessage({
            to: referral.email,
            firstName: referral.firstName,
            referrerFirstName: referrer.firstName,
            // The friend has no row (no language) yet: the referrer's language is the best guess,
            // for the e-mail and for the join page its link opens (a new tab knows no language).
            language: languageOf(referrer.language),
            link: deps.mail.link(
              REFERRAL_JOIN_PATH,
              languageOf(referrer.language) === 'es' ? { refer: referral.code, lang: 'es' } : { refer: referral.code },
            ),
          }),
          tx,
        );
        await deps.onReferralMade?.(referrerId, tx);
        return { status: 'succeed' };
      });
      return result;
    },

    async list(referrerId: string): Promise<ReferralListItem[]> {
      return (await repository.listForReferrer(referrerId)).map(toListItem);
    },

    /**
     * GetReferralReward: pays 200 coins and 250 experience through the ledger (reference: the
     * referral) and marks the referral redeemed, in one transaction; only a Complete or Paid
     * referral of this tester not yet redeemed, and only once whatever the number of calls.
     */
    async claim(referrerId: string, referralId: string): Promise<ReferralRewardResponse> {
      const paid = await inTransaction(db, (tx) => payReward(tx, referrerId, referralId, CLAIMABLE_REFERRAL_STATUSES));
      if (!paid) return { status: 'notClaimable', coins: 0, exp: 0 };
      return { status: 'succeed', coins: REFERRAL_LIMITS.rewardCoins, exp: REFERRAL_LIMITS.rewardExp };
    },

    /** Registration's unit of work: a new tester who came with a referral code moves that referral to Registered. */
    async registeredThroughCode(code: string, testerId: string, tx: Executor): Promise<boolean> {
      const trimmed = code.trim().toUpperCase();
      if (!trimmed) return false;
      const moved = await createReferralRepository(tx).moveStatus({ code: trimmed }, REGISTERABLE, 'Registered', now(), {
        referredTesterId: testerId,
      });
      return moved.length > 0;
    },

    /** Scheduling's unit of work: the tester attended a study, so a referral of them that is Registered is Complete. */
    async firstStudyAttended(testerId: string, tx: Executor): Promise<void> {
      await createReferralRepository(tx).moveStatus({ referredTesterId: testerId }, COMPLETABLE, 'Complete', now());
    },

    /**
     * A staff move (issue 12 section 5; decision 054) in the caller's unit of work: only the moves
     * of REFERRAL_MOVES, from the status the locked row has; Paid pays the referrer the referral
     * reward unless they already claimed it (once: the same rule and ledger reference as a claim).
     * Null when there is no such referral or the move is not allowed from where it is.
     */
    async staffMove(referralId: string, to: StaffReferralStatus, tx: Executor) {
      const repo = createReferralRepository(tx);
      const before = await repo.lockById(referralId);
      if (!before || !REFERRAL_MOVES[to].includes(before.status as ReferralStatus)) return { before, after: null, paid: false };
      const [after] = await repo.moveStatus({ id: referralId }, REFERRAL_MOVES[to], to, now());
      if (!after) return { before, after: null, paid: false };
      const paid = to === 'Paid' && (await payReward(tx, after.referrerId, after.id, ['Paid']));
      return { before, after: paid ? { ...after, redeemedAt: now() } : after, paid };
    },

    /** A page of referrals for staff, newest first, optionally one status. */
    listForStaff: (filter: { status?: ReferralStatus }, offset: number, limit: number) => repository.listForStaff(filter, offset, limit),
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
