import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { levels, studies } from '../db/schema.ts';

/** Reads behind the portal shell and the screener page. */
export function createPortalRepository(db: Database) {
  return {
    async listLevels() {
      return db.select().from(levels).orderBy(asc(levels.level));
    },

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

export type PortalRepository = ReturnType<typeof createPortalRepository>;
