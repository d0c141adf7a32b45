import type { TestSite } from '@testerhub/shared/public-content';
import { DASHBOARD_WEEKS, noShowPercent, type DashboardResponse, type DashboardSession } from '@testerhub/shared/dashboard-schemas';
import type { Clock } from '../../core/clock.ts';
import { addDays, localDay, weekStart } from '../../core/local-day.ts';
import { DEFAULT_TIME_ZONE, type SchedulingService } from '../scheduling/scheduling-service.ts';
import { isStudyOpen } from '@testerhub/shared/study-rules';
import type { StudyService } from '../studies/study-service.ts';
import type { TesterService } from '../testers/tester-service.ts';

const HOUR_MS = 3_600_000;

/**
 * The staff dashboard (issue 12 section 6; decision 058): a read of figures the modules keep,
 * nothing stored of its own. Days and weeks are calendar days: a site's sessions by the site's
 * own time zone, the weekly charts by the company's (LOYALTY_TIME_ZONE), weeks from Monday.
 */
export function createDashboardService(deps: {
  clock: Clock;
  timeZone: string;
  scheduling: Pick<SchedulingService, 'dashboardSessions' | 'filling' | 'attendanceByWeek'>;
  testers: Pick<TesterService, 'signUpsByWeek'>;
  studies: Pick<StudyService, 'findStudies'>;
  listTestSites: () => Promise<TestSite[]>;
}) {
  return {
    async figures(): Promise<DashboardResponse> {
      const now = deps.clock.now();
      const thisWeek = weekStart(localDay(now, deps.timeZone));
      const weeks = Array.from({ length: DASHBOARD_WEEKS }, (_, index) => addDays(thisWeek, 7 * (index - DASHBOARD_WEEKS + 1)));
      // A day earlier than the first Monday in any zone: the SQL groups by the company's weeks and the rest is dropped below.
      const since = new Date(`${addDays(weeks[0]!, -1)}T00:00:00Z`);
      const [sessions, filling, attendance, signUps, sites] = await Promise.all([
        // Today in every zone lies within 36 hours of now: read that window, keep each site's own day.
        deps.scheduling.dashboardSessions(new Date(now.getTime() - 36 * HOUR_MS), new Date(now.getTime() + 36 * HOUR_MS)),
        deps.scheduling.filling(),
        deps.scheduling.attendanceByWeek(since, deps.timeZone),
        deps.testers.signUpsByWeek(since, deps.timeZone),
        deps.listTestSites(),
      ]);
      const studyNos = [...new Set([...sessions.map((row) => row.studyNo), ...filling.map((row) => row.studyNo)])];
      const studies = new Map((await deps.studies.findStudies(studyNos)).map((study) => [study.studyNo, study]));
      const studyName = (studyNo: number) => studies.get(studyNo)?.studyBasicInfo ?? `Study ${studyNo}`;

      const places = [
        ...sites.map((site) => ({ siteId: site.siteId as string | null, name: site.name, timeZone: site.timeZone })),
        { siteId: null, name: 'Virtual sessions', timeZone: DEFAULT_TIME_ZONE },
      ];
      const todayAt = places
        .map((place) => {
          const day = localDay(now, place.timeZone);
          const own = sessions.filter((row) => row.siteId === place.siteId && localDay(row.startsAt, place.timeZone) === day);
          return {
            ...place,
            day,
            sessions: own.map((row): DashboardSession => ({
              sessionId: row.sessionId,
              studyNo: row.studyNo,
              studyName: studyName(row.studyNo),
              kind: row.kind as DashboardSession['kind'],
              testerDay: row.testerDay,
              startsAt: row.startsAt.toISOString(),
              endsAt: row.endsAt.toISOString(),
              seats: row.seats,
              booked: row.booked,
              attended: row.attended,
              noShow: row.noShow,
            })),
          };
        })
        // Every site is listed (an empty day is worth seeing); virtual sessions only when there are some.
        .filter((place) => place.siteId !== null || place.sessions.length > 0);

      const openStudies = filling.filter((row) => {
        const study = studies.get(row.studyNo);
        return study !== undefined && isStudyOpen(study, now) && row.seats > 0;
      });
      const byWeek = <T extends { weekStart: string }>(rows: readonly T[]) => new Map(rows.map((row) => [row.weekStart, row]));
      const signUpWeeks = byWeek(signUps);
      const attendanceWeeks = byWeek(attendance);
      return {
        status: 'succeed',
        timeZone: deps.timeZone,
        sites: todayAt,
        studiesFilling: openStudies
          .map((row) => ({
            studyNo: row.studyNo,
            studyName: studyName(row.studyNo),
            seats: row.seats,
            taken: row.taken,
            percent: Math.round((row.taken / row.seats) * 100),
          }))
          .sort((a, b) => b.percent - a.percent || a.studyNo - b.studyNo),
        signUps: weeks.map((week) => ({ weekStart: week, count: signUpWeeks.get(week)?.count ?? 0 })),
        noShows: weeks.map((week) => {
          const row = attendanceWeeks.get(week);
          const attended = row?.attended ?? 0;
          const noShow = row?.noShow ?? 0;
          return { weekStart: week, attended, noShow, percent: noShowPercent(attended, noShow) };
        }),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
