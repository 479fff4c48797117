import { normaliseTag } from '../gallery/tags.ts';
import { phraseKey } from './words.ts';

/**
 * The tag dictionary the assistant reads (docs/product/assistant.md#dictionary): known tags with a
 * category and a popularity, and curated groups of tags that go together. The data ships with the API
 * (its JSON is built by scripts/build-tag-dictionary.ts); this module only indexes it, so the domain
 * stays free of the data and testable with a handful of tags.
 */

/** The dictionary as stored: compact rows, groups as indices into `tags`. */
export interface TagDictionaryData {
  /** Category names; `tags` rows point into this list. */
  categories: string[];
  /**
   * Categories of which a prompt wants one tag at most (a hair colour, a time of day): completion adds
   * none from such a category when the prompt already holds one.
   */
  exclusive: string[];
  /** [name, category index, popularity 1-100]. */
  tags: [name: string, category: number, popularity: number][];
  /** Tags that go together in a picture (a scene, a theme, a booster's suggestions), as tag indices. */
  groups: number[][];
}

export interface DictionaryTag {
  name: string;
  category: string;
  popularity: number;
  /** Indices of the groups the tag belongs to. */
  groups: number[];
}

export interface TagIndex {
  /** Known tags by normalised name. */
  byName: ReadonlyMap<string, DictionaryTag>;
  /** Known tags by phrase key (words.ts): "red roses" finds "red rose". */
  byKey: ReadonlyMap<string, DictionaryTag>;
  /** The curated groups, as tag names. */
  groups: readonly (readonly string[])[];
  exclusive: ReadonlySet<string>;
  /** The longest tag, in words: phrase matching tries no longer span. */
  maxWords: number;
  size: number;
}

/**
 * Indexes the stored dictionary. Names are normalised like prompt tags (gallery/tags.ts); a row whose
 * name does not normalise, or that repeats an earlier name, is skipped, and so are groups' indices that
 * point nowhere. When two tags share a phrase key, the more popular one answers for it.
 */
export function createTagIndex(data: TagDictionaryData): TagIndex {
  const byName = new Map<string, DictionaryTag>();
  const byKey = new Map<string, DictionaryTag>();
  const rows: (DictionaryTag | undefined)[] = [];
  let maxWords = 1;
  for (const [raw, category, popularity] of data.tags) {
    const name = normaliseTag(raw);
    if (name === null || byName.has(name)) {
      rows.push(undefined);
      continue;
    }
    const tag: DictionaryTag = {
      name,
      category: data.categories[category] ?? 'other',
      popularity,
      groups: [],
    };
    rows.push(tag);
    byName.set(name, tag);
    const key = phraseKey(name);
    const holder = byKey.get(key);
    if (!holder || holder.popularity < popularity) byKey.set(key, tag);
    maxWords = Math.max(maxWords, key.split(' ').length);
  }
  const groups: string[][] = [];
  for (const members of data.groups) {
    const tags = [...new Set(members.map((at) => rows[at]).filter((tag) => tag !== undefined))];
    if (tags.length < 2) continue;
    for (const tag of tags) tag.groups.push(groups.length);
    groups.push(tags.map((tag) => tag.name));
  }
  return { byName, byKey, groups, exclusive: new Set(data.exclusive), maxWords, size: byName.size };
}

/** The dictionary tag a prompt tag names: by its exact name, or by its phrase key ("Red Roses"). */
export function lookUpTag(index: TagIndex, tag: string): DictionaryTag | undefined {
  return index.byName.get(tag) ?? index.byKey.get(phraseKey(tag));
}
