/**
 * What the preview of a suggestion marks (docs/product/generation.md#ai-prompt-assistant): prompts are
 * comma-separated tags, so the suggestion is compared with the prompt tag by tag — the tags it adds are
 * highlighted, the ones it drops are listed struck through. Pure, tested beside it.
 */

export interface SuggestedTag {
  text: string;
  /** Not in the prompt (compared without case and extra spaces). */
  added: boolean;
}

export interface PromptDiff {
  /** The suggestion's tags, in its order. */
  tags: SuggestedTag[];
  /** The prompt's tags the suggestion leaves out, in the prompt's order. */
  removed: string[];
}

/** The tags of a prompt: split on commas (and new lines), trimmed, empty ones left out. */
export function splitTags(prompt: string): string[] {
  return prompt
    .split(/[,\n]/)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

const key = (tag: string) => tag.replace(/\s+/g, ' ').toLowerCase();

export function diffPrompt(original: string, suggestion: string): PromptDiff {
  const before = splitTags(original);
  const after = splitTags(suggestion);
  const beforeKeys = new Set(before.map(key));
  const afterKeys = new Set(after.map(key));
  return {
    tags: after.map((text) => ({ text, added: !beforeKeys.has(key(text)) })),
    removed: before.filter((text) => !afterKeys.has(key(text))),
  };
}
