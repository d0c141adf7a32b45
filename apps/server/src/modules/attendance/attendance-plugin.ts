import { defineModule, type ModuleJob } from '../../core/modules/app-module.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { SchedulingService } from '../scheduling/scheduling-service.ts';
import type { StaffService } from '../staff/staff-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { attendanceRoutes } from './attendance-routes.ts';
import { createAttendanceService } from './attendance-service.ts';
import { createNoShowByHand } from './no-show-by-hand.ts';

/** The no-show sweep (decision 046): ended bookings nobody checked in become no-shows, and the rule suspends. */
export const NO_SHOW_SWEEP_JOB = 'attendance-no-show-sweep';
export const NO_SHOW_SWEEP_CRON = '*/15 * * * *';

/** After the sessions: the no-show sweep, staff's no-show by hand (decision 111), and the no-show rule's suspension and its e-mail (decision 046). */
export const attendanceModule = defineModule({
  name: 'attendance',
  build(
    { scheduling, testers, mail, staff }: { scheduling: SchedulingService; testers: TesterService; mail: MailService; staff: StaffService },
    { db, clock, config, log },
  ) {
    const attendance = createAttendanceService(db, { clock, rule: config.noShows, scheduling, testers, mail });
    const markNoShowByHand = createNoShowByHand({ clock, scheduling, attendance, staff });
    // The queue runs it on its schedule, and so does the fake-clock listener's test-support route
    // at the clock's time (decision 042), as for the drawing.
    const noShowSweep: ModuleJob = {
      name: NO_SHOW_SWEEP_JOB,
      cron: NO_SHOW_SWEEP_CRON,
      timeZone: 'UTC',
      policy: 'singleton',
      retryLimit: 0,
      run: async () => {
        const swept = await attendance.sweepNoShows();
        if (swept.noShows > 0) log.info({ noShows: swept.noShows, suspended: swept.suspended.length }, 'no-shows recorded');
        return swept;
      },
    };
    return { provides: { noShowSweep }, jobs: [noShowSweep], routes: { staff: [attendanceRoutes(markNoShowByHand)] } };
  },
});
