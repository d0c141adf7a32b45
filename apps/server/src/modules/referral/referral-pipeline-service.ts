import type { ReferralStatus } from '@testerhub/shared/referral-schemas';
import {
  REFERRAL_PIPELINE_TEXTS,
  STAFF_QUEUE_PAGE_SIZE,
  type ReferralPipelineResponse,
  type ReferralStatusPayload,
  type StaffQueueChangeResponse,
} from '@testerhub/shared/staff-queues-schemas';
import { refusalAnswered, StaffRefusal } from '../../core/audit/audited.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import type { ReferralRow } from './referral-repository.ts';
import type { ReferralService } from './referral-service.ts';

interface ReferralPipelineDeps {
  referrals: Pick<ReferralService, 'staffMove' | 'listForStaff'>;
  testers: Pick<TesterService, 'publicProfiles'>;
  audited: StaffService['audited'];
}

const auditView = (row: ReferralRow) => ({
  referralId: row.id,
  referrerId: row.referrerId,
  status: row.status,
  redeemed: row.redeemedAt !== null,
});

/**
 * The referral pipeline (issue 12 section 5; decision 054): the referrals for staff, and the
 * statuses that are staff's, moved only as REFERRAL_MOVES allows, each move with its audit row
 * (and, for Paid, the reward through the ledger) in one unit of work.
 */
export function createReferralPipelineService(deps: ReferralPipelineDeps) {
  return {
    async list(query: { status?: ReferralStatus; page: number }): Promise<ReferralPipelineResponse> {
      const size = STAFF_QUEUE_PAGE_SIZE;
      const rows = await deps.referrals.listForStaff({ status: query.status }, (query.page - 1) * size, size + 1);
      const shown = rows.slice(0, size);
      const profiles = await deps.testers.publicProfiles([...new Set(shown.map((row) => row.referrerId))]);
      const usernames = new Map(profiles.map((profile) => [profile.id, profile.username]));
      return {
        status: 'succeed',
        page: query.page,
        hasMore: rows.length > size,
        referrals: shown.map((row) => ({
          referralId: row.id,
          referrerUsername: usernames.get(row.referrerId) ?? '(deleted)',
          firstName: row.firstName,
          lastName: row.lastName,
          email: row.email,
          phone: row.phone,
          status: row.status as ReferralStatus,
          createdAt: row.createdAt.toISOString(),
          statusChangedAt: row.statusChangedAt.toISOString(),
          rewardPaid: row.redeemedAt !== null,
        })),
      };
    },

    async setStatus(actor: StaffPrincipal, input: ReferralStatusPayload): Promise<StaffQueueChangeResponse> {
      return refusalAnswered(async () => {
        const message = await deps.audited(actor.id, 'referral.status', { type: 'referral', id: input.referralId }, async (tx) => {
          const { before, after, paid } = await deps.referrals.staffMove(input.referralId.toLowerCase(), input.status, tx);
          if (!before) throw new StaffRefusal(REFERRAL_PIPELINE_TEXTS.notFound);
          if (!after) throw new StaffRefusal(REFERRAL_PIPELINE_TEXTS.notAllowed);
          const result =
            input.status !== 'Paid'
              ? REFERRAL_PIPELINE_TEXTS.moved
              : paid
                ? REFERRAL_PIPELINE_TEXTS.paid
                : REFERRAL_PIPELINE_TEXTS.paidBefore;
          return { before: auditView(before), after: { ...auditView(after), rewardPaidNow: paid }, result };
        });
        return { status: 'succeed' as const, message };
      });
    },
  };
}

export type ReferralPipelineService = ReturnType<typeof createReferralPipelineService>;
