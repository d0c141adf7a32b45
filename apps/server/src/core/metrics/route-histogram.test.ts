import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createRouteDurationHistogram } from './route-histogram.ts';

const NAME = 'testerhub_http_request_duration_seconds';
const HELP = 'Time to answer a request, by method, route template (never the raw URL) and status class.';
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Answers as [method, route, status class, seconds]: bounds exactly, between them, zero, above the last. */
const ANSWERS: [string, string, string, number][] = [
  ['GET', '/api/account/GetPKTesterInfo', '2xx', 0.0012],
  ['GET', '/api/account/GetPKTesterInfo', '2xx', 0.005],
  ['GET', '/api/account/GetPKTesterInfo', '2xx', 0.0051],
  ['POST', '/api/reward/SpendCoin', '2xx', 0.25],
  ['GET', 'unmatched', '4xx', 0],
  ['GET', '/api/account/GetPKTesterInfo', '4xx', 10],
  ['POST', '/api/reward/SpendCoin', '2xx', 12.5],
  ['GET', '/api/screener/:studyNo', '5xx', 0.7],
  ['GET', '/api/account/GetPKTesterInfo', '2xx', 0.03],
];

describe('the request-duration histogram', () => {
  it('exposes exactly what prom-client’s Histogram exposes for the same answers: buckets, +Inf, sum and count per series', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const histogram = createRouteDurationHistogram({ name: NAME, help: HELP, buckets: BUCKETS, registers: [ours] });
    const reference = new Histogram({
      name: NAME,
      help: HELP,
      labelNames: ['method', 'route', 'status_class'],
      buckets: BUCKETS,
      registers: [theirs],
    });
    expect(await ours.metrics()).toBe(await theirs.metrics());

    for (const [method, route, statusClass, seconds] of ANSWERS) {
      histogram.observe(method, route, statusClass, seconds);
      reference.observe({ method, route, status_class: statusClass }, seconds);
    }
    const exposed = await ours.metrics();
    expect(exposed).toBe(await theirs.metrics());
    expect(exposed).toContain(`${NAME}_count{method="GET",route="/api/account/GetPKTesterInfo",status_class="2xx"} 4`);
    expect(exposed).toContain(`${NAME}_bucket{le="0.005",method="GET",route="/api/account/GetPKTesterInfo",status_class="2xx"} 2`);
  });

  it('starts again from nothing when the registry resets its metrics', async () => {
    const registry = new Registry();
    const histogram = createRouteDurationHistogram({ name: NAME, help: HELP, buckets: BUCKETS, registers: [registry] });
    histogram.observe('GET', '/api/health', '2xx', 0.001);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain(`${NAME}_count`);
  });
});
