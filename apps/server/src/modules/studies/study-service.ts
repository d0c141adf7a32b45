import { ageOn } from '@testerhub/shared/account-rules';
import type { Clock } from '../../core/clock.ts';
import type { Database } from '../../core/db/client.ts';
import type { TesterRow } from '../testers/tester-service.ts';
import { createStudyRepository } from './study-repository.ts';

/** Studies and who may screen for them (the screener page's list). */
export function createStudyService(db: Database, deps: { clock: Clock }) {
  const repository = createStudyRepository(db);
  return {
    screenersFor(tester: TesterRow) {
      const [year, month, day] = tester.birthDate.split('-').map(Number) as [number, number, number];
      return repository.listScreenersFor(tester.siteId, ageOn({ year, month, day }, deps.clock.now()));
    },
  };
}

export type StudyService = ReturnType<typeof createStudyService>;
