import type { QuickResult } from './api/get-result';
import './result-chart.css';

/** Each answer's count and its share of the question's answers, in whole percent. */
export function chartRows(result: QuickResult): { name: string; count: number; percent: number }[] {
  const total = result.answerCounts.reduce((sum, count) => sum + count, 0);
  return result.answerNames.map((name, index) => {
    const count = result.answerCounts[index] ?? 0;
    return { name, count, percent: total > 0 ? Math.round((count / total) * 100) : 0 };
  });
}

/**
 * One question's answers as a horizontal bar chart built from a table (decision 019): the table
 * gives screen readers every name and count, the bars are drawn with CSS beside the printed
 * numbers, and the rows stack at 360 px.
 */
export function ResultChart({ result }: { result: QuickResult }) {
  const rows = chartRows(result);
  const largest = Math.max(1, ...rows.map((row) => row.count));
  return (
    <figure className="result-chart">
      <table className="result-chart__table">
        <caption className="result-chart__caption">{result.questionName}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Answer</th>
            <th scope="col">Testers</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${index}-${row.name}`} className="result-chart__row">
              <th scope="row" className="result-chart__name">
                {row.name}
              </th>
              <td className="result-chart__value">
                <span className="result-chart__bar" aria-hidden="true">
                  <span style={{ width: `${(row.count / largest) * 100}%` }} />
                </span>
                <span className="result-chart__count" data-testid="result-count">
                  {row.count} ({row.percent}%)
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
