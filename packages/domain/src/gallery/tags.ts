/**
 * Tags (docs/product/gallery.md#tags, issue: tags filled from prompts at image creation). A prompt is a
 * comma-separated list of tags, possibly with weight syntax: "(red scarf:1.2)", "((rain))", "[fog]",
 * "{snow}", and LoRA calls "<lora:name:0.8>". A tag is the normalised text of one item: weights and
 * brackets stripped, lower case, underscores and runs of spaces made single spaces.
 */

/** Longest tag kept; longer items are sentences, not tags. */
export const TAG_MAX_LENGTH = 48;
/** Most tags taken from one prompt (the first ones: prompts put what matters first). */
export const MAX_TAGS_PER_IMAGE = 40;

/**
 * Tag kinds. `prompt` tags come from prompts; the others are system tags (GET /api/settings/tags/system)
 * that every image carries too, so that the search filters by style, render, format and generation type
 * and the blacklist all use the same indexed tag array.
 */
export const TAG_KINDS = ['prompt', 'style', 'render', 'format', 'gen_type'] as const;
export type TagKind = (typeof TAG_KINDS)[number];
export type SystemTagKind = Exclude<TagKind, 'prompt'>;

/** One comma-separated item to its tag, or null when nothing tag-like is left. */
export function normaliseTag(raw: string): string | null {
  let text = raw
    .normalize('NFKC')
    .replace(/<[^>]*>/g, ' ') // LoRA and embedding calls
    .replace(/:\s*-?\d+(?:\.\d+)?\s*(?=[)\]}]|$)/g, '') // ":1.2" weights
    .replace(/[()[\]{}]/g, ' ')
    .replace(/\\/g, '')
    .replace(/_/g, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
  // Stray punctuation at the ends ("tag." "- tag") carries no meaning.
  text = text.replace(/^[\s.\-:;!?'"`]+|[\s.\-:;!?'"`]+$/g, '');
  if (text.length === 0 || text.length > TAG_MAX_LENGTH) return null;
  // Something must be a letter or digit in any script.
  if (!/[\p{L}\p{N}]/u.test(text)) return null;
  return text;
}

/** The distinct tags of a prompt, in prompt order, at most MAX_TAGS_PER_IMAGE. */
export function promptTags(prompt: string): string[] {
  const seen = new Set<string>();
  for (const item of prompt.split(/[,\n|]/)) {
    const tag = normaliseTag(item);
    if (tag !== null) seen.add(tag);
    if (seen.size >= MAX_TAGS_PER_IMAGE) break;
  }
  return [...seen];
}

/** A system tag's name: the option value in lower case ("Portrait" -> "portrait"). */
export function systemTagName(value: string): string {
  return value.toLowerCase().replace(/\s+/g, '_');
}

/** A user's blacklist holds at most this many tags (it is checked on every gallery query). */
export const MAX_HIDDEN_TAGS = 200;
