import { ASSISTANT_MAX_CONVERTED_TAGS } from './schema.ts';
import { type TagIndex } from './dictionary.ts';
import { STOP_WORDS, lemmaKey, wordsOf } from './words.ts';

/**
 * The built-in natural language → tags converter (docs/product/assistant.md#conversion), used when no
 * language model is configured or when it fails: it needs nothing but the tag dictionary, so
 * `nl_convert` works on a laptop. The text is cut into clauses at punctuation; in each clause the
 * longest run of words whose matching key (words.ts) is a dictionary tag becomes that tag; the other
 * words are dropped when they are stop words and kept as tags of their own otherwise, as written.
 *
 * One refinement keeps a modifier that qualifies the noun of the next tag: in "long blonde hair",
 * "blonde hair" is a tag and "long" alone would be a poor one, so when "long hair" is a tag too it
 * replaces "long" ("long hair, blonde hair"). It applies to a one-word tag or kept word right before a
 * tag of several words, in the same clause.
 */

/** A clause ends at punctuation or a line break; phrases never span two clauses. */
const CLAUSE_BREAK = /[.,;:!?\n\r()[\]{}|"“”/\\]+/;

interface Emitted {
  name: string;
  /** The clause and the word the tag came from, when it came from one word (for the refinement above). */
  clause: number;
  word: number | null;
}

/** Whether a word on its own could be a tag: a letter in it, and not a lone letter. */
const meaningful = (word: string) => /\p{L}/u.test(word) && [...word].length > 1;

function convertClause(clause: number, words: string[], index: TagIndex, out: Emitted[]): void {
  const keys = words.map((word) => lemmaKey(word));
  let at = 0;
  while (at < words.length) {
    let matched = 0;
    for (let length = Math.min(index.maxWords, words.length - at); length >= 1; length--) {
      // A phrase neither starts nor ends with a stop word: "a forest" is the tag "forest".
      if (STOP_WORDS.has(words[at]!) || STOP_WORDS.has(words[at + length - 1]!)) continue;
      // The words as written first ("fishing" is a tag of its own), then their matching key ("dogs").
      const tag =
        index.byName.get(words.slice(at, at + length).join(' ')) ??
        index.byKey.get(keys.slice(at, at + length).join(' '));
      if (!tag) continue;
      const previous = out.at(-1);
      if (length > 1 && previous?.clause === clause && previous.word === at - 1) {
        const distributed = index.byKey.get(`${keys[at - 1]} ${keys[at + length - 1]}`);
        if (distributed) out[out.length - 1] = { name: distributed.name, clause, word: null };
      }
      out.push({ name: tag.name, clause, word: length === 1 ? at : null });
      matched = length;
      break;
    }
    if (matched === 0) {
      const word = words[at]!;
      if (!STOP_WORDS.has(word) && meaningful(word)) out.push({ name: word, clause, word: at });
      matched = 1;
    }
    at += matched;
  }
}

/**
 * The tags of a natural-language description, in the order they appear, each once, at most
 * ASSISTANT_MAX_CONVERTED_TAGS (or `max`).
 */
export function naturalLanguageToTags(
  text: string,
  index: TagIndex,
  max: number = ASSISTANT_MAX_CONVERTED_TAGS,
): string[] {
  const emitted: Emitted[] = [];
  text.split(CLAUSE_BREAK).forEach((clause, at) => convertClause(at, wordsOf(clause), index, emitted));
  return [...new Set(emitted.map((tag) => tag.name))].slice(0, max);
}

/** The dictionary tags named inside a text (what completion relates a free-text tag by). */
export function knownTagsIn(text: string, index: TagIndex): string[] {
  return naturalLanguageToTags(text, index, Number.MAX_SAFE_INTEGER).filter((name) => index.byName.has(name));
}
