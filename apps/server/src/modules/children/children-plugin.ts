import { defineModule } from '../../core/modules/app-module.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { SchedulingService } from '../scheduling/scheduling-service.ts';
import type { ScreeningService } from '../screening/screening-service.ts';
import type { StaffService } from '../staff/staff-service.ts';
import type { StudyService } from '../studies/study-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { childQueueRoutes } from './child-queue-routes.ts';
import { createChildQueueService } from './child-queue-service.ts';
import { childrenRoutes } from './children-routes.ts';
import { createChildrenReader, createChildrenService } from './children-service.ts';

/** Removes child registrations left unconfirmed past their 24 hours (decision 028), every ten minutes. */
const EXPIRE_CHILDREN_JOB = 'children-expire-unconfirmed';
const EXPIRE_CHILDREN_CRON = '*/10 * * * *';

/** The children's rows scheduling and screening read (names, kid GUIDs): built before them, as the children service uses them. */
export const childrenReaderModule = defineModule({
  name: 'children-reader',
  build(_needs: object, { db }) {
    return { provides: { childrenReader: createChildrenReader(db) } };
  },
});

/** Testers' children: registration, the e-mailed link, the expiry job (decision 028); the staff's queue (054, 079). */
export const childrenModule = defineModule({
  name: 'children',
  build(
    {
      testers,
      mail,
      scheduling,
      studies,
      screening,
      staff,
    }: {
      testers: TesterService;
      mail: MailService;
      scheduling: Pick<SchedulingService, 'hasAttended'>;
      studies: Pick<StudyService, 'findStudy' | 'openStudyFor'>;
      screening: Pick<ScreeningService, 'childrenInStudy'>;
      staff: Pick<StaffService, 'audited' | 'staffNames'>;
    },
    { db, clock, config, log },
  ) {
    const children = createChildrenService(db, {
      clock,
      testers,
      mail,
      hasAttended: scheduling.hasAttended,
      childrenPerParent: config.childrenPerParent,
      findStudy: studies.findStudy,
      openStudyFor: studies.openStudyFor,
      childrenInStudy: screening.childrenInStudy,
    });
    const childQueue = createChildQueueService(db, { clock, testers, staff });
    return {
      provides: { children },
      routes: { tester: [childrenRoutes(children, clock)], staff: [childQueueRoutes(childQueue)] },
      jobs: [
        {
          name: EXPIRE_CHILDREN_JOB,
          cron: EXPIRE_CHILDREN_CRON,
          timeZone: 'UTC',
          policy: 'singleton',
          run: async () => {
            const removed = await children.expireUnconfirmed();
            if (removed > 0) log.info({ removed }, 'unconfirmed child registrations removed');
          },
        },
      ],
    };
  },
});
