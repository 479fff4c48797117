import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web's feature graph (docs/architecture/stream.md, "Web features"): a feature reaches another only
 * through its index.ts (ESLint's no-restricted-imports says so per file; this checks the whole graph),
 * and no features import each other in a circle, however long.
 */
const featuresDir = path.dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:import|export)\s[^;]*?from\s+'(\.\.\/[^']+)'/g;

interface Edge {
  from: string;
  to: string;
  file: string;
  specifier: string;
}

function featureEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const feature of readdirSync(featuresDir, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    const folder = path.join(featuresDir, feature.name);
    for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file)) continue;
      const source = readFileSync(path.join(folder, file), 'utf8');
      for (const match of source.matchAll(IMPORT)) {
        const specifier = match[1]!;
        const target = path.relative(
          featuresDir,
          path.resolve(path.dirname(path.join(folder, file)), specifier),
        );
        const [to, ...rest] = target.split(path.sep);
        if (!to || to.startsWith('..') || rest.length === 0 || to === feature.name) continue;
        edges.push({ from: feature.name, to, file: `${feature.name}/${file}`, specifier: rest.join('/') });
      }
    }
  }
  return edges;
}

/** A cycle in the graph, as the features along it, or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'visiting') return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, 'visiting');
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('web feature boundaries', () => {
  const edges = featureEdges();

  it('finds the imports between features', () => {
    // The checks below would pass on an empty graph: make sure the parser sees the real one.
    expect(edges.length).toBeGreaterThan(30);
    expect(edges.some((edge) => edge.from === 'image' && edge.to === 'task')).toBe(true);
  });

  it('reaches another feature only through its index.ts', () => {
    const deep = edges.filter((edge) => edge.specifier !== 'index.ts');
    expect(deep.map((edge) => `${edge.file} -> ${edge.to}/${edge.specifier}`)).toEqual([]);
  });

  it('has no cycle between features', () => {
    const graph = new Map<string, Set<string>>();
    for (const edge of edges) graph.set(edge.from, (graph.get(edge.from) ?? new Set()).add(edge.to));
    expect(findCycle(graph)).toBeNull();
  });

  it('finds a cycle when there is one (the check itself can fail)', () => {
    const graph = new Map([
      ['gallery', new Set(['image'])],
      ['image', new Set(['task', 'gallery'])],
      ['task', new Set<string>()],
    ]);
    expect(findCycle(graph)).toEqual(['gallery', 'image', 'gallery']);
  });
});
