import { Link, useSearchParams } from 'react-router';
import { MONTH_PATTERN, type PaymentTotals, type PaymentsReport } from '@testerhub/shared/report-schemas';
import { formatCompensation } from '@testerhub/shared/schedule-format';
import { usePageTitle } from '../../hooks/use-page-title';
import { paymentsCsvUrl, usePaymentsReport } from '../api/reports';
import { companyClockNote } from '../shell/company-clock';
import { LoadFailed, RequiresRole } from '../shell/staff-page-parts';
import './reports.css';

const coins = (amount: number) => amount.toLocaleString('en-US');
const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Recruiters: a month's payments by study, the compensation owed at the sites and the reward orders, with a CSV (decision 122). */
export function PaymentsReportPage() {
  usePageTitle('Payment reports');
  return (
    <RequiresRole role="recruiter">
      <Payments />
    </RequiresRole>
  );
}

/** The month in the address (?month=2026-03), so it survives a reload; none is this month, as the server reckons it. */
function useMonthParam(): [string, (month: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  return [MONTH_PATTERN.test(asked) ? asked : '', (month) => setParams({ month })];
}

function Payments() {
  const [month, setMonth] = useMonthParam();
  const report = usePaymentsReport(month);
  const shown = report.data?.month ?? month;
  return (
    <>
      <h1>Payment reports</h1>
      <div className="staff-report-controls">
        <label htmlFor="report-month">Month</label>
        <input
          id="report-month"
          type="month"
          aria-describedby="report-month-zone"
          value={shown}
          onChange={(event) => {
            if (MONTH_PATTERN.test(event.target.value)) setMonth(event.target.value);
          }}
        />
        {shown && (
          <a className="staff-button" href={paymentsCsvUrl(shown)} download>
            Download {monthName(shown)} (CSV)
          </a>
        )}
      </div>
      <p id="report-month-zone" className="form-field__hint">
        {companyClockNote('Months')}
      </p>
      {report.isPending && <p aria-busy="true">Loading the month’s payments…</p>}
      {report.isError && <LoadFailed error={report.error} onRetry={() => void report.refetch()} />}
      {report.data && <Report report={report.data} />}
    </>
  );
}

function Figures({ row }: { row: PaymentTotals }) {
  return (
    <>
      <td>{coins(row.screeningCoins)}</td>
      <td>{coins(row.schedulingCoins)}</td>
      <td>{coins(row.attendanceCoins)}</td>
      <td>{coins(row.takenBackCoins)}</td>
      <td>{coins(row.netCoins)}</td>
      <td>{row.attendedBookings}</td>
      <td>{formatCompensation(row.compensationCents / 100)}</td>
    </>
  );
}

function Report({ report }: { report: PaymentsReport }) {
  const { rewards } = report;
  return (
    <>
      <section aria-labelledby="payments-by-study">
        <h2 id="payments-by-study">Studies in {monthName(report.month)}</h2>
        {report.studies.length === 0 ? (
          <p>No study paid coins or had a check-in this month.</p>
        ) : (
          <div className="staff-report-scroll" role="region" aria-labelledby="payments-by-study" tabIndex={0}>
            <table className="staff-report-table" data-testid="payments-table">
              <thead>
                <tr>
                  <th scope="col">Study</th>
                  <th scope="col">Screening coins</th>
                  <th scope="col">Scheduling coins</th>
                  <th scope="col">Attendance coins</th>
                  <th scope="col">Coins taken back</th>
                  <th scope="col">Net coins</th>
                  <th scope="col">Attended bookings</th>
                  <th scope="col">Compensation owed</th>
                </tr>
              </thead>
              <tbody>
                {report.studies.map((study) => (
                  <tr key={study.studyNo}>
                    <th scope="row">
                      <Link to={`/staff/studies/${study.studyNo}`}>{study.studyName}</Link> (study {study.studyNo})
                    </th>
                    <Figures row={study} />
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <Figures row={report.totals} />
                </tr>
              </tfoot>
            </table>
          </div>
        )}
        <p>
          The month runs in the company’s time zone ({report.timeZone}). Coins count when the ledger recorded them; coins taken back are
          cancelled bookings’ scheduling coins and undone check-ins. Compensation is owed for the bookings checked in during the month, at
          their group’s rate.
        </p>
      </section>
      <section aria-labelledby="reward-orders">
        <h2 id="reward-orders">Reward orders</h2>
        <table className="staff-report-table" data-testid="reward-orders">
          <thead>
            <tr>
              <th scope="col">Orders</th>
              <th scope="col">Count</th>
              <th scope="col">Coins</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Redeemed</th>
              <td>{rewards.redeemedCount}</td>
              <td>{coins(rewards.redeemedCoins)}</td>
            </tr>
            <tr>
              <th scope="row">Fulfilled</th>
              <td>{rewards.fulfilledCount}</td>
              <td>{coins(rewards.fulfilledCoins)}</td>
            </tr>
            <tr>
              <th scope="row">Rejected (coins refunded)</th>
              <td>{rewards.rejectedCount}</td>
              <td>{coins(rewards.rejectedCoins)}</td>
            </tr>
          </tbody>
        </table>
      </section>
    </>
  );
}
