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
