import { ASSISTANT_MAX_CONVERTED_TAGS, normaliseTag, TEXT_LIMIT_POS } from '@mirage/domain';
import type { ChatMessage } from './chat-client.ts';

/**
 * What the language model is told, and how its answer becomes tags (docs/product/assistant.md). The
 * system prompt asks for the product's prompt style and restates the content rules; the API does not
 * trust it to follow them: the answer is parsed into tags here and moderated like any prompt after.
 */

export const SYSTEM_PROMPT = [
  'You convert a description of a picture into a prompt for an image generator.',
  'Answer with the prompt only: lowercase tags separated by commas, most important first, at most ' +
    `${ASSISTANT_MAX_CONVERTED_TAGS} tags, each one to four words (for example: "lighthouse, crashing ` +
    'waves, dusk, dramatic sky, soft light").',
  'No sentences, no numbering, no quotes, no explanation, nothing before or after the tags.',
  'Keep what the description says: subjects, clothing, colours, place, time, weather, light, camera, style.',
  'Every person depicted is an adult. Never write anything that involves or suggests minors, children, ' +
    'school ages or childlike bodies; if the description asks for that, answer with the single word: refused.',
].join('\n');

export function conversionMessages(input: string): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: input },
  ];
}

/** A model answer item that is a sentence, not a tag. */
const MAX_TAG_WORDS = 6;

/**
 * The tags of a model's answer: code fences, list markers, quotes and a leading "tags:" label dropped;
 * split at commas and line breaks; each item normalised like a prompt tag (gallery/tags.ts); sentences
 * (too long, too many words) left out; each tag once, at most ASSISTANT_MAX_CONVERTED_TAGS, within the
 * prompt limit. An empty list means the answer held no tags (the caller falls back).
 */
export function tagsFromAnswer(answer: string): string[] {
  const text = answer
    .replace(/```[a-z]*\n?|```/gi, '\n')
    .replace(/^\s*(?:here (?:are|is)[^:\n]*|tags|prompt|output)\s*:\s*/i, '');
  const tags: string[] = [];
  let length = 0;
  for (const item of text.split(/[,\n;]/)) {
    const cleaned = item.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').replace(/["“”«»`]/g, '');
    const tag = normaliseTag(cleaned);
    if (tag === null || tag.split(' ').length > MAX_TAG_WORDS || tags.includes(tag)) continue;
    if (tag === 'refused') return [];
    length += (tags.length > 0 ? 2 : 0) + tag.length;
    if (length > TEXT_LIMIT_POS || tags.length >= ASSISTANT_MAX_CONVERTED_TAGS) break;
    tags.push(tag);
  }
  return tags;
}
