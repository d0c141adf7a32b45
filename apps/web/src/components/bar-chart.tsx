import type { ReactNode } from 'react';
import './bar-chart.css';

export interface BarChartRow {
  key: string;
  /** The row's name (an answer, a week, a study). */
  label: ReactNode;
  /** The bar's length against the longest row's value (or `scale`). */
  value: number;
  /** The figures printed beside the bar. */
  text: ReactNode;
}

/**
 * A horizontal bar chart built from a table (decision 019): the table gives screen readers every
 * name and figure, the bars are drawn with CSS beside the printed figures, and the rows stack at
 * 360 px. `scale` fixes the full length (100 for percentages); by default the largest value.
 */
export function BarChart(props: {
  caption: ReactNode;
  labelHeader: string;
  valueHeader: string;
  rows: readonly BarChartRow[];
  scale?: number;
  testId?: string;
}) {
  const full = props.scale ?? Math.max(1, ...props.rows.map((row) => row.value));
  return (
    <figure className="bar-chart" data-testid={props.testId}>
      <table className="bar-chart__table">
        <caption className="bar-chart__caption">{props.caption}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{props.labelHeader}</th>
            <th scope="col">{props.valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.key} className="bar-chart__row">
              <th scope="row" className="bar-chart__name">
                {row.label}
              </th>
              <td className="bar-chart__value">
                <span className="bar-chart__bar" aria-hidden="true">
                  <span style={{ width: `${Math.min(100, (row.value / full) * 100)}%` }} />
                </span>
                <span className="bar-chart__count">{row.text}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
