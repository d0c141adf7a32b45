import type { DashboardResponse, DashboardSession } from '@testerhub/shared/dashboard-schemas';
import { BarChart } from '../../components/bar-chart';
import { usePageTitle } from '../../hooks/use-page-title';
import { LoadFailed } from '../shell/staff-page-parts';
import { useDashboard } from '../api/dashboard';

const KIND_NAMES: Record<DashboardSession['kind'], string> = { inPerson: 'In person', virtual: 'Virtual', pickUp: 'Pick-up' };

const dayName = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
const weekName = (weekStart: string) =>
  `Week of ${new Date(`${weekStart}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })}`;
const timeOfDay = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone });

/**
 * The staff console's dashboard (issue 12 section 6; decision 058): today's sessions at each
 * site with their check-ins, the open studies filling, and sign-ups and the no-show rate by week
 * as charts that are tables underneath. For every staff member; refreshed every minute.
 */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const dashboard = useDashboard();
  return (
    <>
      <h1>Dashboard</h1>
      {dashboard.isPending && <p aria-busy="true">Loading the figures…</p>}
      {dashboard.isError && <LoadFailed error={dashboard.error} onRetry={() => void dashboard.refetch()} />}
      {dashboard.data && <Figures figures={dashboard.data} />}
    </>
  );
}

function Figures({ figures }: { figures: DashboardResponse }) {
  return (
    <>
      <section aria-labelledby="today-sessions">
        <h2 id="today-sessions">Today’s sessions</h2>
        {figures.sites.map((site) => (
          <section key={site.siteId ?? 'virtual'} className="staff-card" aria-labelledby={`site-${site.siteId ?? 'virtual'}`}>
            <h3 id={`site-${site.siteId ?? 'virtual'}`} className="staff-order-title">
              {site.name}: {dayName(site.day)}
            </h3>
            {site.sessions.length === 0 ? (
              <p>No sessions today.</p>
            ) : (
              <ul className="staff-dashboard-sessions">
                {site.sessions.map((session) => (
                  <li key={session.sessionId} data-testid="dashboard-session">
                    <strong>
                      {timeOfDay(session.startsAt, site.timeZone)}–{timeOfDay(session.endsAt, site.timeZone)}
                    </strong>{' '}
                    {session.studyName} (study {session.studyNo}
                    {session.testerDay > 1 ? `, day ${session.testerDay}` : ''}, {KIND_NAMES[session.kind]})
                    <br />
                    Checked in {session.attended} of {session.attended + session.booked + session.noShow}
                    {session.noShow > 0 ? `, ${session.noShow} no-show` : ''} · {session.seats} seats
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </section>

      <section aria-labelledby="studies-filling">
        <h2 id="studies-filling">Studies filling</h2>
        {figures.studiesFilling.length === 0 ? (
          <p>No open study has sessions to come.</p>
        ) : (
          <BarChart
            caption="Seats booked in each open study’s coming sessions"
            labelHeader="Study"
            valueHeader="Seats booked"
            scale={100}
            testId="studies-filling"
            rows={figures.studiesFilling.map((study) => ({
              key: String(study.studyNo),
              label: `${study.studyName} (study ${study.studyNo})`,
              value: study.percent,
              text: `${study.taken} of ${study.seats} (${study.percent}%)`,
            }))}
          />
        )}
      </section>

      <section aria-labelledby="weekly">
        <h2 id="weekly">By week</h2>
        <BarChart
          caption="Sign-ups"
          labelHeader="Week"
          valueHeader="New testers"
          testId="sign-ups"
          rows={figures.signUps.map((week) => ({
            key: week.weekStart,
            label: weekName(week.weekStart),
            value: week.count,
            text: week.count.toLocaleString('en-US'),
          }))}
        />
        <BarChart
          caption="No-show rate"
          labelHeader="Week"
          valueHeader="No-shows of the bookings that ended"
          scale={100}
          testId="no-shows"
          rows={figures.noShows.map((week) => ({
            key: week.weekStart,
            label: weekName(week.weekStart),
            value: week.percent ?? 0,
            text: week.percent === null ? 'No sessions ended' : `${week.percent}% (${week.noShow} of ${week.attended + week.noShow})`,
          }))}
        />
        <p>Weeks run Monday to Sunday in the company’s time zone ({figures.timeZone}).</p>
      </section>
    </>
  );
}
