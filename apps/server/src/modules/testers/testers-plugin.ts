import type { Executor } from '../../core/db/client.ts';
import { defineModule } from '../../core/modules/app-module.ts';
import { testerAdminRoutes } from './tester-admin-routes.ts';
import { createTesterAdminService } from './tester-admin-service.ts';
import { createTesterNoteService } from './tester-note-service.ts';
import { createTesterService } from './tester-service.ts';

/** What the tester-admin and note services are made with: the modules' reads, privacy, staff. */
type TesterAdminDeps = Omit<Parameters<typeof createTesterAdminService>[0], 'notes'> & {
  staff: Parameters<typeof createTesterNoteService>[1]['staff'];
};

/** The account record and its e-mailed codes; a changed row is forgotten by the session cache. */
export const testersModule = defineModule({
  name: 'testers',
  build({ onTesterChanged }: { onTesterChanged: (testerId: string, executor: Executor) => void }, { db, clock }) {
    return { provides: { testers: createTesterService(db, { clock, onTesterChanged }) } };
  },
});

/**
 * Testers in the staff console (issue 12 section 5, decision 053): each module's own reads and
 * units of work, so it comes after all of them and after privacy.
 */
export const testerAdminModule = defineModule({
  name: 'tester-admin',
  build(
    { testers, ledger, scheduling, screening, children, referrals, studies, privacy, staff, mail, redeem }: Omit<TesterAdminDeps, 'clock'>,
    { db, clock },
  ) {
    const notes = createTesterNoteService(db, { clock, testers, staff });
    const testerAdmin = createTesterAdminService({
      clock,
      testers,
      ledger,
      scheduling,
      screening,
      children,
      referrals,
      studies,
      privacy,
      staff,
      mail,
      redeem,
      notes,
    });
    return { provides: {}, routes: { staff: [testerAdminRoutes(testerAdmin, notes)] } };
  },
});
