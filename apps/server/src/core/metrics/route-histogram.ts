import type { Metric, Registry } from 'prom-client';

export interface RouteDurationHistogram {
  /** One answer of `route` (its template) to `method`, in `statusClass` (2xx...), that took `seconds`. */
  observe(method: string, route: string, statusClass: string, seconds: number): void;
}

interface Series {
  labels: { method: string; route: string; status_class: string };
  /** Answers per bucket, not cumulative; the last is above every bound (+Inf). */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * The request-duration histogram, every request's one observation (decision 094's series, unchanged):
 * prom-client's Histogram took about 2 µs of a warm-session GetPKTesterInfo's 36 (issue 27; its observe
 * makes a closure, checks and hashes the label object each call), so the series are kept here under
 * one string key and handed to the registry in prom-client's own form when it is scraped.
 * route-histogram.test.ts holds its exposition to prom-client's Histogram's for the same answers.
 */
export function createRouteDurationHistogram(options: {
  name: string;
  help: string;
  buckets: readonly number[];
  registers: Registry[];
}): RouteDurationHistogram {
  const { name, buckets } = options;
  const series = new Map<string, Series>();

  const metric = {
    name,
    help: options.help,
    type: 'histogram',
    aggregator: 'sum',
    get() {
      const values = [...series.values()].flatMap(({ labels, counts, sum, count }) => {
        let cumulative = 0;
        return [
          ...buckets.map((le, index) => {
            cumulative += counts[index]!;
            return { labels: { le, ...labels }, value: cumulative, metricName: `${name}_bucket` };
          }),
          { labels: { le: '+Inf', ...labels }, value: count, metricName: `${name}_bucket` },
          { labels, value: sum, metricName: `${name}_sum` },
          { labels, value: count, metricName: `${name}_count` },
        ];
      });
      return { name, help: options.help, type: 'histogram', values, aggregator: 'sum' };
    },
    reset() {
      series.clear();
    },
  };
  // The registry takes any object that answers get() as its metrics do; its type names only its own classes.
  for (const registry of options.registers) registry.registerMetric(metric as unknown as Metric);

  return {
    observe(method, route, statusClass, seconds) {
      const key = `${method} ${statusClass} ${route}`;
      let found = series.get(key);
      if (!found) {
        found = {
          labels: { method, route, status_class: statusClass },
          counts: new Array<number>(buckets.length + 1).fill(0),
          sum: 0,
          count: 0,
        };
        series.set(key, found);
      }
      let index = 0;
      while (index < buckets.length && seconds > buckets[index]!) index += 1;
      found.counts[index]! += 1;
      found.sum += seconds;
      found.count += 1;
    },
  };
}
