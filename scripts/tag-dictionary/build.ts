/**
 * Builds the AI prompt assistant's tag dictionary (docs/product/assistant.md#dictionary); the CLI that
 * writes it is scripts/build-tag-dictionary.ts, and the API's test checks the committed file against
 * this function's output (apps/api/src/features/assistant/dictionary.test.ts). Sources, in order of precedence for a tag's category: the product's own
 * catalogue (booster suggestions, preset prompts: apps/api/src/db/seed), the curated vocabulary, the
 * modifier + noun combinations, and the curated groups. Every tag is checked against the moderation
 * rules and the child-safety layer, and against the lists of sexual and child-ambiguous words: a tag
 * that fails is left out and reported.
 */
import {
  AMBIGUOUS_MINOR_TERMS,
  checkChildSafety,
  DEFAULT_RULES,
  findTerms,
  moderatePrompt,
  normaliseTag,
  phraseKey,
  SEXUAL_CONTEXT_TERMS,
  STOP_WORDS,
  type TagDictionaryData,
} from '@mirage/domain';
import { BOOSTER_CATEGORIES, BOOSTERS } from '../../apps/api/src/db/seed/catalogue-data.ts';
import { PRESETS } from '../../apps/api/src/db/seed/preset-data.ts';
import { COMBINATIONS, combinationTags } from './combinations.ts';
import { GROUPS } from './groups.ts';
import { THINGS } from './vocabulary-things.ts';
import { CATEGORY_WEIGHT, EXCLUSIVE, VOCABULARY } from './vocabulary.ts';

/**
 * Words that make a person a child beside a noun ("small" + "girl": child-safety.ts reads them across the
 * prompt when one stands alone). No tag holds one: the build drops them from a phrase ("a small fishing
 * harbour at dawn" → "fishing harbour at dawn"), so that no completion can put one beside a person.
 */
const QUALIFIERS = new Set(['young', 'younger', 'little', 'small', 'tiny', 'minor', 'petite', 'lil', 'smol']);

/** The booster categories of the catalogue, as dictionary categories. */
const BOOSTER_CATEGORY: Record<string, string> = {
  lighting: 'lighting',
  camera: 'composition',
  mood: 'mood',
  medium: 'style',
  detail: 'quality',
  colour: 'colour',
};

interface Entry {
  category: string;
  popularity: number;
}

/** The dictionary, and the tags moderation left out (none, as the vocabulary stands). */
export function buildTagDictionary(): { data: TagDictionaryData; refused: string[] } {
  const entries = new Map<string, Entry>();
  /** Tags by plural key: "wooden tables" and "wooden table" are one tag (the first named); "fishing" and "fish" two. */
  const byKey = new Map<string, string>();
  const groups: string[][] = [];
  const refused: string[] = [];

  function acceptable(name: string): boolean {
    if (checkChildSafety({ prompt: name }).blocked) return false;
    if (moderatePrompt({ prompt: name }, DEFAULT_RULES).forbidden.length > 0) return false;
    return findTerms(name, [...SEXUAL_CONTEXT_TERMS, ...AMBIGUOUS_MINOR_TERMS]).length === 0;
  }

  /** Adds a tag (normalised); the first source to name a tag keeps its category, the highest popularity wins. */
  function add(raw: string, category: string, popularity: number): string | null {
    const words = raw
      .trim()
      .split(/\s+/)
      .filter((word) => !QUALIFIERS.has(word.toLowerCase()));
    const normalised = normaliseTag(words.join(' ').replace(/^(?:a|an|the)\s+/i, ''));
    if (normalised === null) return null;
    const name = byKey.get(phraseKey(normalised, 'plural')) ?? normalised;
    const known = entries.get(name);
    if (known) {
      known.popularity = Math.max(known.popularity, popularity);
      return name;
    }
    if (!acceptable(name)) {
      refused.push(name);
      return null;
    }
    entries.set(name, { category, popularity: Math.min(100, Math.max(1, Math.round(popularity))) });
    byKey.set(phraseKey(name, 'plural'), name);
    return name;
  }

  /** A ranked list: the first gets the category's weight, the last about 40 less. */
  function addRanked(category: string, tags: readonly string[]): void {
    const weight = CATEGORY_WEIGHT[category] ?? 50;
    tags.forEach((tag, rank) => add(tag, category, weight - (40 * rank) / Math.max(1, tags.length)));
  }

  // 1. The product's catalogue: booster suggestions (one group per booster) and preset prompts.
  for (const booster of BOOSTERS) {
    const lib = BOOSTER_CATEGORIES.find((category) => category.id === booster.category_id)?.lib ?? '';
    const category = BOOSTER_CATEGORY[lib] ?? 'style';
    const names = booster.tags.map((tag) => add(tag, category, (CATEGORY_WEIGHT[category] ?? 60) - 10));
    groups.push(names.filter((name) => name !== null));
  }
  const presetGroups = PRESETS.map((preset) =>
    preset.prompt
      .split(',')
      .map((tag) => add(tag, 'scene', CATEGORY_WEIGHT.scene!))
      .filter((name) => name !== null),
  );

  // 2. The curated vocabulary, then the combinations.
  for (const [category, tags] of Object.entries({ ...VOCABULARY, ...THINGS })) addRanked(category, tags);
  for (const combination of COMBINATIONS) {
    for (const { name, popularity } of combinationTags(combination))
      add(name, combination.category, popularity);
  }

  // 3. The curated groups; a member the vocabulary lacks joins the dictionary as a theme tag.
  for (const members of GROUPS) {
    groups.push(members.map((tag) => add(tag, 'theme', 30)).filter((name) => name !== null));
  }
  // A preset's group also holds the dictionary tags said inside its free-text phrases, those with a stop
  // word ("lighthouse at dusk": lighthouse, dusk); "dramatic sky" is a tag, not a sentence to look into.
  for (const members of presetGroups) {
    const inside = members
      .filter((phrase) => phrase.split(' ').some((word) => STOP_WORDS.has(word)))
      .flatMap((phrase) => phrase.split(' ').filter((word) => entries.has(word) && word !== phrase));
    groups.push([...new Set([...members, ...inside])]);
  }

  const categories = [...new Set([...entries.values()].map((entry) => entry.category))].sort();
  const names = [...entries.keys()];
  const at = new Map(names.map((name, index) => [name, index]));
  const data: TagDictionaryData = {
    categories,
    exclusive: EXCLUSIVE,
    tags: names.map((name) => {
      const entry = entries.get(name)!;
      return [name, categories.indexOf(entry.category), entry.popularity];
    }),
    groups: groups
      .filter((members) => members.length >= 2)
      .map((members) => members.map((name) => at.get(name)!)),
  };

  return { data, refused };
}
