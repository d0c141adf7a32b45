import {
  CHILD_CALL_LIMIT,
  CHILD_QUEUE_TEXTS,
  STAFF_QUEUE_PAGE_SIZE,
  type ChildCallOutcome,
  type ChildQueueResponse,
  type StaffQueueChangeResponse,
} from '@testerhub/shared/staff-queues-schemas';
import { MINUTE_MS, type Clock } from '../../core/clock.ts';
import type { Database } from '../../core/db/client.ts';
import { refusalAnswered, StaffRefusal } from '../../core/audit/audited.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { createChildrenRepository, type ChildRow } from './children-repository.ts';

interface ChildQueueDeps {
  clock: Clock;
  testers: Pick<TesterService, 'publicProfiles' | 'fullNames'>;
  /** The staff service's audit helper and names: the call, its effect and its audit row commit together. */
  staff: Pick<StaffService, 'audited' | 'staffNames'>;
}

const auditView = (child: ChildRow, callsMade: number) => ({
  childId: child.publicId,
  parentId: child.parentId,
  confirmedAt: child.confirmedAt?.toISOString() ?? null,
  expiresAt: child.expiresAt?.toISOString() ?? null,
  callsMade,
});

/**
 * The children queue (issue 12 section 5; decision 054): children awaiting confirmation, and the
 * recruiters' confirmation calls. A call locks the child's row, so calls on one child are recorded
 * one at a time: never a fourth call, never a confirmation after the registration expired.
 */
export function createChildQueueService(db: Database, deps: ChildQueueDeps) {
  const repository = createChildrenRepository(db);

  return {
    async queue(query: { page: number }): Promise<ChildQueueResponse> {
      const size = STAFF_QUEUE_PAGE_SIZE;
      const at = deps.clock.now();
      const rows = await repository.awaitingConfirmation(at, (query.page - 1) * size, size + 1);
      const shown = rows.slice(0, size);
      const parentIds = [...new Set(shown.map((row) => row.parentId))];
      const [attempts, profiles, names] = await Promise.all([
        repository.attemptsOf(shown.map((row) => row.id)),
        deps.testers.publicProfiles(parentIds),
        deps.testers.fullNames(parentIds),
      ]);
      const staffNames = await deps.staff.staffNames([...new Set(attempts.flatMap((a) => (a.staffMemberId ? [a.staffMemberId] : [])))]);
      const usernames = new Map(profiles.map((profile) => [profile.id, profile.username]));
      return {
        status: 'succeed',
        page: query.page,
        hasMore: rows.length > size,
        children: shown.map((child) => {
          const own = attempts.filter((attempt) => attempt.childId === child.id);
          const parent = names.get(child.parentId);
          return {
            childId: child.publicId,
            childName: `${child.firstName} ${child.lastName}`,
            birthDate: child.birthDate,
            phone: child.phone,
            parentName: parent ? `${parent.firstName} ${parent.lastName}` : '',
            parentUsername: usernames.get(child.parentId) ?? '',
            registeredAt: child.createdAt.toISOString(),
            expiresAt: child.expiresAt!.toISOString(),
            minutesLeft: Math.max(0, Math.floor((child.expiresAt!.getTime() - at.getTime()) / MINUTE_MS)),
            emailConfirmed: child.emailConfirmedAt !== null,
            callsMade: own.filter((attempt) => attempt.channel === 'phone').length,
            attempts: own.map((attempt) => ({
              outcome: attempt.outcome,
              channel: attempt.channel,
              note: attempt.note,
              attemptedAt: attempt.attemptedAt.toISOString(),
              staffName: attempt.staffMemberId ? (staffNames.get(attempt.staffMemberId) ?? null) : null,
            })),
          };
        }),
      };
    },

    /**
     * One confirmation call: recorded while the registration is current and fewer than
     * CHILD_CALL_LIMIT calls were made; `confirmed` confirms the child, `declined` ends the
     * registration now. The child's row is locked first, so racing calls are counted one by one.
     */
    async recordCall(
      actor: StaffPrincipal,
      input: { childId: string; outcome: ChildCallOutcome; note: string },
    ): Promise<StaffQueueChangeResponse> {
      return refusalAnswered(async () => {
        const message = await deps.staff.audited(actor.id, 'child.call', { type: 'child', id: input.childId }, async (tx) => {
          const children = createChildrenRepository(tx);
          const child = await children.lockByPublicId(input.childId.toLowerCase());
          // The time is read once the lock is held: a call that waited behind a decline must see
          // the registration as ended then, not judge it by a time from before that decline.
          const at = deps.clock.now();
          if (!child) throw new StaffRefusal(CHILD_QUEUE_TEXTS.notFound);
          if (child.confirmedAt) throw new StaffRefusal(CHILD_QUEUE_TEXTS.alreadyConfirmed);
          if (!child.expiresAt || child.expiresAt <= at) throw new StaffRefusal(CHILD_QUEUE_TEXTS.expired);
          const callsMade = await children.countAttempts(child.id, 'phone');
          if (callsMade >= CHILD_CALL_LIMIT) throw new StaffRefusal(CHILD_QUEUE_TEXTS.limitReached);
          await children.recordAttempt({
            childId: child.id,
            channel: 'phone',
            outcome: input.outcome,
            attemptedAt: at,
            staffMemberId: actor.id,
            note: input.note || null,
          });
          let after = child;
          if (input.outcome === 'confirmed') after = (await children.confirmById(child.id, at)) ?? child;
          if (input.outcome === 'declined') after = (await children.expireNow(child.id, at)) ?? child;
          const result =
            input.outcome === 'confirmed'
              ? CHILD_QUEUE_TEXTS.confirmed
              : input.outcome === 'declined'
                ? CHILD_QUEUE_TEXTS.declined
                : CHILD_QUEUE_TEXTS.recorded;
          return {
            before: auditView(child, callsMade),
            after: { ...auditView(after, callsMade + 1), outcome: input.outcome, note: input.note },
            result,
          };
        });
        return { status: 'succeed' as const, message };
      });
    },
  };
}

export type ChildQueueService = ReturnType<typeof createChildQueueService>;
