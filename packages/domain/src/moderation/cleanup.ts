/**
 * Prompt clean-up after words were cut out of it (docs/product/moderation.md#rules: forbidden words are
 * listed and auto-deleted).
 */

/**
 * Tidies a prompt after words were cut out of it: drops emptied weight groups ("()", "(:1.2)", "[]"),
 * repeated or dangling commas and runs of spaces; keeps line breaks.
 */
export function tidyPrompt(text: string): string {
  return text
    .replace(/\(\s*(?::\s*-?\d*\.?\d+)?\s*\)|\[\s*\]|\{\s*\}/g, '')
    .replace(/[ \t\u00A0]+,/g, ',')
    .replace(/,(?:[ \t]*,)+/g, ',')
    .replace(/[ \t\u00A0]{2,}/g, ' ')
    .split('\n')
    .map((line) => line.replace(/^[\s,]+|[\s,]+$/g, ''))
    .join('\n')
    .trim();
}

/** Cuts the matched spans out of the text (overlaps merged) and tidies what is left. */
export function removeMatches(text: string, matches: readonly { index: number; length: number }[]): string {
  const spans = [...matches].sort((a, b) => a.index - b.index);
  let result = '';
  let cursor = 0;
  for (const { index, length } of spans) {
    if (index + length <= cursor) continue;
    result += text.slice(cursor, Math.max(cursor, index));
    cursor = Math.max(cursor, index + length);
  }
  return tidyPrompt(result + text.slice(cursor));
}
