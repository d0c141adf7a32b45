import { quotaFillText, type QuotaFill } from '@testerhub/shared/quota-fill';

/** Each screener quota's fill, qualified of target (issue 29, decision 121); nothing for a study without quotas. */
export function QuotaFillTable({ quotas }: { quotas: readonly QuotaFill[] }) {
  if (quotas.length === 0) return null;
  return (
    <section aria-labelledby="quota-fill">
      <h2 id="quota-fill">Quota fill</h2>
      <table className="staff-quota-fill" data-testid="quota-fill">
        <thead>
          <tr>
            <th scope="col">Quota</th>
            <th scope="col">Qualified of target</th>
          </tr>
        </thead>
        <tbody>
          {quotas.map((quota) => (
            <tr key={quota.name}>
              <th scope="row">{quota.name}</th>
              <td>{quotaFillText(quota)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
