/**
 * The preset tree of the generator (docs/product/generation.md#catalogue: a tree by category path split on
 * '/', search, favourites).
 */
import type { Preset, PresetMap } from '../catalogue/index.ts';

export interface PresetNode {
  /** The path up to and including this segment ("Scenery/Mountains"), unique in the tree. */
  path: string;
  segment: string;
  label: string;
  children: PresetNode[];
  presets: Preset[];
  /** Presets in this node and below. */
  count: number;
}

export interface PresetFilter {
  query: string;
  favoritesOnly: boolean;
  /** Translated name of a path segment. */
  label: (segment: string) => string;
  /** Translated title of a preset (from its English lib). */
  title: (lib: string) => string;
}

/** Lower case without accents, so "cafe" finds "Café". */
export function searchable(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

function presetMatches(preset: Preset, words: string[], filter: PresetFilter): boolean {
  if (words.length === 0) return true;
  const haystack = searchable(`${filter.title(preset.lib)} ${preset.lib} ${preset.value}`);
  return words.every((word) => haystack.includes(word));
}

function countOf(node: PresetNode): number {
  node.count = node.presets.length + node.children.reduce((sum, child) => sum + countOf(child), 0);
  return node.count;
}

function prune(nodes: PresetNode[]): PresetNode[] {
  return nodes
    .map((node) => ({ ...node, children: prune(node.children) }))
    .filter((node) => node.presets.length > 0 || node.children.length > 0);
}

/**
 * Builds the tree in the server's order. A search matches every word against a preset's translated and
 * English title and its prompt; a word naming a category (in the interface language) matches all of the
 * category's presets.
 */
export function buildPresetTree(presets: PresetMap, filter: PresetFilter): PresetNode[] {
  const words = searchable(filter.query).split(/\s+/).filter(Boolean);
  const roots: PresetNode[] = [];
  for (const [path, list] of Object.entries(presets)) {
    const segments = path
      .split('/')
      .map((segment) => segment.trim())
      .filter(Boolean);
    if (segments.length === 0) continue;
    let level = roots;
    let node: PresetNode | undefined;
    const labels: string[] = [];
    segments.forEach((segment, index) => {
      const nodePath = segments.slice(0, index + 1).join('/');
      const label = filter.label(segment);
      labels.push(searchable(`${label} ${segment}`));
      node = level.find((candidate) => candidate.path === nodePath);
      if (!node) {
        node = { path: nodePath, segment, label, children: [], presets: [], count: 0 };
        level.push(node);
      }
      level = node.children;
    });
    // Words naming one of the categories are satisfied by the category; the rest must match the preset.
    const rest = words.filter((word) => !labels.some((label) => label.includes(word)));
    const kept = list.filter(
      (preset) => (!filter.favoritesOnly || preset.favorite) && presetMatches(preset, rest, filter),
    );
    node?.presets.push(...kept);
  }
  const tree = prune(roots);
  for (const node of tree) countOf(node);
  return tree;
}

/** Every preset of the map, flat (for look-ups by id). */
export function allPresets(presets: PresetMap): Preset[] {
  return Object.values(presets).flat();
}
