import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMetrics } from './http/metrics-registry.ts';

/**
 * deploy/grafana/mirage-dashboard.json against the registry it charts (http/metrics-registry.ts): every
 * metric a panel queries exists under that name (a renamed metric fails here, not on a blank panel),
 * and every metric of ours has a panel.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dashboard = JSON.parse(
  readFileSync(path.join(root, 'deploy/grafana/mirage-dashboard.json'), 'utf8'),
) as Dashboard;

interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  targets?: { expr: string; datasource?: { uid: string } }[];
}
interface Dashboard {
  uid: string;
  title: string;
  panels: Panel[];
  templating: { list: { name: string; type: string; query: string }[] };
}

/** PromQL words that look like names but are not metrics. */
const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
]);

/**
 * The metric names of a PromQL expression: its identifiers once strings, label matchers, grouping
 * clauses and ranges are removed, less function calls (an identifier followed by "(") and keywords.
 */
export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '');
  const names = new Set<string>();
  for (const match of bare.matchAll(/([a-zA-Z_:][\w:]*)(\s*\()?/g)) {
    const [, name, call] = match;
    if (call || KEYWORDS.has(name!) || /^\d/.test(name!)) continue;
    names.add(name!);
  }
  return [...names];
}

/** The series names the registry exposes: a histogram's _bucket, _count and _sum, a summary's too. */
async function exposedNames(): Promise<{ series: Set<string>; ours: string[] }> {
  const { registry } = createMetrics();
  const metrics = await registry.getMetricsAsJSON();
  const series = new Set<string>();
  for (const { name, type } of metrics) {
    series.add(name);
    if (String(type) === 'histogram' || String(type) === 'summary') {
      for (const suffix of ['_bucket', '_count', '_sum']) series.add(`${name}${suffix}`);
    }
  }
  const ours = metrics.map((metric) => metric.name).filter((name) => name.startsWith('mirage_'));
  return { series, ours };
}

const queries = dashboard.panels.flatMap((panel) =>
  (panel.targets ?? []).map((target) => ({ panel, target })),
);

describe('the Grafana dashboard', () => {
  it('reads its expressions the way the check below does', () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (le, route) (rate(http_request_duration_seconds_bucket{status=~"5.."}[5m])))',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(metricNames('max by (lane) (mirage_queue_depth) / 300')).toEqual(['mirage_queue_depth']);
  });

  it('is a dashboard with a Prometheus data source variable, used by every panel', () => {
    expect(dashboard.uid).toBeTruthy();
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: 'DS_PROMETHEUS', type: 'datasource', query: 'prometheus' }),
    );
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    const charts = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(charts.length).toBeGreaterThan(10);
    for (const panel of charts) {
      expect(panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${DS_PROMETHEUS}' });
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
  });

  it('queries only metrics the registry has', async () => {
    const { series } = await exposedNames();
    const unknown = queries.flatMap(({ panel, target }) =>
      metricNames(target.expr)
        .filter((name) => !series.has(name))
        .map((name) => `${panel.title}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('charts every metric of ours', async () => {
    const { ours } = await exposedNames();
    expect(ours.length).toBeGreaterThan(10);
    const charted = new Set(queries.flatMap(({ target }) => metricNames(target.expr)));
    const base = (name: string) => name.replace(/_(bucket|count|sum)$/, '');
    const missing = ours.filter(
      (name) => !charted.has(name) && ![...charted].some((used) => base(used) === name),
    );
    expect(missing).toEqual([]);
  });
});
