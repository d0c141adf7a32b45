import { CHILD_LIMITS } from '@testerhub/shared/children-schemas';
import type { Executor } from '../../core/db/client.ts';
import { createChildrenRepository } from './children-repository.ts';

/** The demo tester's confirmed child (decision 028): the kid studies' child list has someone to show. */
export async function seedDemoChildren(tx: Executor, today: Date, parentId: string): Promise<void> {
  const birthYear = today.getUTCFullYear() - 9;
  await createChildrenRepository(tx).insert({
    parentId,
    firstName: 'Sam',
    lastName: 'Tester',
    race: 'O',
    gender: 'M',
    birthDate: `${birthYear}-06-02`,
    phone: '3125550111',
    createdAt: today,
    confirmedAt: today,
  });
}

/**
 * A child of changeme01 registered at the seed and awaiting its confirmation call, with one
 * unanswered call: the staff console's children queue (decision 054) has someone to show for the
 * registration's 24 hours (after them the expiry job removes it, as it would any registration).
 */
export async function seedDemoChildAwaitingCall(tx: Executor, today: Date, parentId: string): Promise<void> {
  const repository = createChildrenRepository(tx);
  const child = await repository.insert({
    parentId,
    firstName: 'Lily',
    lastName: 'Tester',
    race: 'O',
    gender: 'F',
    birthDate: `${today.getUTCFullYear() - 6}-03-14`,
    phone: '3125550112',
    createdAt: today,
    expiresAt: new Date(today.getTime() + CHILD_LIMITS.confirmationHours * 3600_000),
  });
  if (child)
    await repository.recordAttempt({
      childId: child.id,
      channel: 'phone',
      outcome: 'noAnswer',
      attemptedAt: today,
      note: 'Demo: no answer',
    });
}
