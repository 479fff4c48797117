/**
 * Live tag co-occurrence (docs/product/assistant.md#related-tags): which prompt tags the product's public
 * images carry together. The API reads the tags of recent public images and builds this in the
 * background; completion adds it to the dictionary's curated groups.
 */

/** How strongly each tag goes with `tag`, from 0 to 1 (undefined: nothing known). */
export type Cooccurrence = (tag: string) => ReadonlyMap<string, number> | undefined;

export interface CooccurrenceOptions {
  /** Pairs seen on fewer images are noise (one user's habit), not a relation. Default 2. */
  minPairs?: number;
  /** Related tags kept per tag, strongest first. Default 24. */
  perTag?: number;
}

/**
 * Builds the relation from the tag lists of images: the strength of a pair is how often the two tags
 * appear together over the geometric mean of how often each appears (1: always together). Tags within
 * an image are counted once.
 */
export function buildCooccurrence(images: readonly (readonly string[])[], options: CooccurrenceOptions = {}) {
  const minPairs = options.minPairs ?? 2;
  const perTag = options.perTag ?? 24;
  const single = new Map<string, number>();
  const pairs = new Map<string, Map<string, number>>();
  for (const image of images) {
    const tags = [...new Set(image)];
    for (const tag of tags) single.set(tag, (single.get(tag) ?? 0) + 1);
    for (const a of tags) {
      let row = pairs.get(a);
      for (const b of tags) {
        if (a === b) continue;
        row ??= new Map();
        row.set(b, (row.get(b) ?? 0) + 1);
      }
      if (row) pairs.set(a, row);
    }
  }
  const related = new Map<string, Map<string, number>>();
  for (const [a, row] of pairs) {
    const strengths = [...row]
      .filter(([, count]) => count >= minPairs)
      .map(([b, count]) => [b, count / Math.sqrt(single.get(a)! * single.get(b)!)] as const)
      .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
      .slice(0, perTag);
    if (strengths.length > 0) related.set(a, new Map(strengths));
  }
  const lookup: Cooccurrence = (tag) => related.get(tag);
  return { lookup, tags: related.size };
}
