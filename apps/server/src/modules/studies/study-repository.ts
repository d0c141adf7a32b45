import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { studies } from './study-tables.ts';

export function createStudyRepository(db: Executor) {
  return {
    /** Active studies at the tester's site or online (no site), open to the tester's age. */
    async listScreenersFor(siteId: string | null, age: number) {
      const atSite = siteId ? or(isNull(studies.siteId), eq(studies.siteId, siteId)) : isNull(studies.siteId);
      return db
        .select({
          screenerStudyNo: studies.studyNo,
          projectType: studies.projectType,
          participantTypeID: studies.participantTypeId,
          minimumAge: studies.minimumAge,
          isWaitingList: studies.isWaitingList,
          colorName: studies.colorName,
          testerLabel: studies.testerLabel,
          studyBasicInfo: studies.studyBasicInfo,
          coinValue: studies.coinValue,
        })
        .from(studies)
        .where(and(eq(studies.active, true), atSite, lte(studies.minimumAge, age)))
        .orderBy(asc(studies.studyNo));
    },
  };
}
