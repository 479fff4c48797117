import { normaliseTag } from '../gallery/tags.ts';
import { TEXT_LIMIT_POS } from '../generation/options.ts';
import type { Cooccurrence } from './cooccurrence.ts';
import { knownTagsIn } from './convert.ts';
import { lookUpTag, type DictionaryTag, type TagIndex } from './dictionary.ts';
import { ASSISTANT_MAX_ADDED_TAGS } from './schema.ts';
import { phraseKey, STOP_WORDS, wordsOf } from './words.ts';

/**
 * Tag completion (docs/product/assistant.md#completion): the tags that go with those already in the
 * prompt. Each candidate scores one point per curated group it shares with a prompt tag (half a point
 * through a one-word tag inside a longer one), plus the live co-occurrence of the product's public
 * images (weighted LIVE_WEIGHT), plus a little popularity to break ties. A tag already in the prompt, all of whose words one tag already says, or all of whose words are
 * one-word tags already there ("dramatic", "sky" → not "dramatic sky"), is never added;
 * nor a second tag of an exclusive category (a hair colour, a time of day); at most PER_CATEGORY come
 * from one category, so the additions stay varied. When fewer than `max` tags relate to the prompt,
 * general tags (quality, lighting, composition) fill the rest, most popular first.
 */

const LIVE_WEIGHT = 1.5;
/** How much a one-word tag inside a longer prompt tag counts, against 1 for a tag the prompt holds. */
const WORD_WEIGHT = 0.5;
const POPULARITY_WEIGHT = 0.002;
const PER_CATEGORY = 3;
/** Categories of tags that suit any prompt. */
const GENERAL_CATEGORIES = ['quality', 'lighting', 'composition'];

export interface CompletionOptions {
  /** Live co-occurrence (cooccurrence.ts); none: the curated groups only. */
  cooccurrence?: Cooccurrence;
  /** Most tags added; default ASSISTANT_MAX_ADDED_TAGS. */
  max?: number;
  /** Longest output; default TEXT_LIMIT_POS (the answer must stay a valid prompt). */
  maxLength?: number;
  /**
   * Whether the prompt may gain this tag, given the output it would make (the API passes moderation:
   * a tag that is fine alone may not be beside the prompt's words). Default: every tag.
   */
  accept?: (tag: string, output: string) => boolean;
}

export interface Completion {
  output: string;
  added: string[];
}

/** The normalised tags of a prompt, all of them (not capped as an image's are). */
export function tagsOfPrompt(prompt: string): string[] {
  const seen = new Set<string>();
  for (const item of prompt.split(/[,\n|]/)) {
    const tag = normaliseTag(item);
    if (tag !== null) seen.add(tag);
  }
  return [...seen];
}

/** The prompt as written, without trailing commas and spaces, so tags can follow ", ". */
export function promptStem(prompt: string): string {
  return prompt.replace(/[\s,]+$/, '');
}

export function appendTags(prompt: string, tags: readonly string[]): string {
  const stem = promptStem(prompt);
  if (tags.length === 0) return stem;
  return stem ? `${stem}, ${tags.join(', ')}` : tags.join(', ');
}

function scoreCandidates(present: readonly string[], index: TagIndex, live?: Cooccurrence) {
  const scores = new Map<string, number>();
  const add = (name: string, amount: number) => scores.set(name, (scores.get(name) ?? 0) + amount);
  // Dictionary tags the prompt says, with how much each counts: a prompt tag itself, or the tags a
  // free-text one holds, fully; the one-word tags inside a phrase ("lighthouse" in "lighthouse at
  // dusk", "waves" in "crashing waves") half.
  const seeds = new Map<string, number>();
  const seed = (name: string, weight: number) => seeds.set(name, Math.max(seeds.get(name) ?? 0, weight));
  for (const tag of present) {
    const known = lookUpTag(index, tag);
    if (known) seed(known.name, 1);
    else for (const name of knownTagsIn(tag, index)) seed(name, 1);
    for (const word of wordsOf(tag)) {
      const inside = STOP_WORDS.has(word) ? undefined : index.byName.get(word);
      if (inside) seed(inside.name, WORD_WEIGHT);
    }
    for (const [name, strength] of live?.(tag) ?? []) add(name, LIVE_WEIGHT * strength);
  }
  for (const [name, weight] of seeds) {
    for (const group of index.byName.get(name)?.groups ?? []) {
      for (const member of index.groups[group] ?? []) add(member, weight);
    }
    if (!present.includes(name)) {
      for (const [related, strength] of live?.(name) ?? []) add(related, weight * LIVE_WEIGHT * strength);
    }
  }
  return { scores, seeds: [...seeds.keys()] };
}

/** Completes a prompt with related tags; the prompt itself is kept as it was written. */
export function completeTags(prompt: string, index: TagIndex, options: CompletionOptions = {}): Completion {
  const max = options.max ?? ASSISTANT_MAX_ADDED_TAGS;
  const maxLength = options.maxLength ?? TEXT_LIMIT_POS;
  const present = tagsOfPrompt(prompt);
  const { scores, seeds } = scoreCandidates(present, index, options.cooccurrence);

  const presentKeys = new Set([...present, ...seeds].map((tag) => phraseKey(tag)));
  const presentWords = [...present, ...seeds].map((tag) => new Set(phraseKey(tag).split(' ')));
  // The one-word tags said so far: "dramatic" and "sky" already say "dramatic sky".
  const singleWords = new Set(
    [...present, ...seeds].map((tag) => phraseKey(tag)).filter((key) => !key.includes(' ')),
  );
  const perCategory = new Map<string, number>();
  const takenExclusive = new Set<string>();
  for (const seed of seeds) {
    const category = index.byName.get(seed)?.category;
    if (category && index.exclusive.has(category)) takenExclusive.add(category);
  }

  const added: string[] = [];
  let output = promptStem(prompt);
  const tryAdd = (name: string) => {
    if (added.length >= max) return;
    const key = phraseKey(name);
    if (presentKeys.has(key)) return;
    const words = key.split(' ');
    if (presentWords.some((said) => words.every((word) => said.has(word)))) return;
    if (words.length > 1 && words.every((word) => singleWords.has(word))) return;
    const tag: DictionaryTag | undefined = index.byName.get(name);
    const category = tag?.category ?? 'live';
    if (takenExclusive.has(category) || (perCategory.get(category) ?? 0) >= PER_CATEGORY) return;
    const next = appendTags(output, [name]);
    if (next.length > maxLength) return;
    if (options.accept && !options.accept(name, next)) return;
    added.push(name);
    output = next;
    presentKeys.add(key);
    presentWords.push(new Set(words));
    if (words.length === 1) singleWords.add(key);
    perCategory.set(category, (perCategory.get(category) ?? 0) + 1);
    if (index.exclusive.has(category)) takenExclusive.add(category);
  };

  const popularity = (name: string) => index.byName.get(name)?.popularity ?? 0;
  const ranked = [...scores]
    .map(([name, score]) => [name, score + POPULARITY_WEIGHT * popularity(name)] as const)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [name] of ranked) tryAdd(name);
  if (added.length < max) {
    const general = [...index.byName.values()]
      .filter((tag) => GENERAL_CATEGORIES.includes(tag.category))
      .sort((a, b) => b.popularity - a.popularity || (a.name < b.name ? -1 : 1));
    for (const tag of general) tryAdd(tag.name);
  }
  return { output, added };
}
