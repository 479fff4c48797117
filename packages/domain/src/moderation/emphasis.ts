/**
 * Prompt emphasis, read the way the engines read it, so that a word's real weight is known: adulthood
 * weighted down in the positive prompt ("(adult:0.1)", "[adult]") pushes an image towards a minor just as
 * adulthood in the negative prompt does (child-safety.ts).
 *
 * Syntaxes (A1111/Forge and ComfyUI share the first three; NovelAI braces; InvokeAI's Compel):
 * - `(text)` multiplies by 1.1 per level, `(text:w)` by w (w may be 0 or negative);
 * - `[text]` divides by 1.1; prompt editing `[a:b:n]`, `[a::n]`, `[:b:n]` and alternation `[a|b]` show a
 *   word only part of the time, so their content counts as weighted down too;
 * - `{text}` multiplies by 1.05;
 * - Compel: `word+` / `word-` (1.1 / 0.9 per sign), `(text)+`, `(text)-`, `(text)0.5`;
 * - composable prompts: `a :1.2 AND b :-0.5` weight each AND part.
 * `\(` and friends are literal characters. An unclosed bracket applies to the end of the text, as the
 * engines do. Weights multiply when nested.
 */

const UP = 1.1;
const DOWN = 1 / 1.1;
const BRACE = 1.05;
const COMPEL_DOWN = 0.9;

interface Group {
  open: number;
  close: number;
  weight: number;
}

/** A trailing ":w" just before a group's closing bracket ("(adult:0.1)" -> 0.1). */
const EXPLICIT_WEIGHT = /:\s*(-?\d*\.?\d+)\s*$/;
/** Compel's suffix right after a closing bracket or a word: "+", "--", "0.5". */
const COMPEL_SUFFIX = /^(?:([+-]+)|(\d*\.\d+|\d+(?:\.\d+)?))(?![\p{L}\d])/u;

const compelWeight = (suffix: RegExpExecArray | null): number | undefined => {
  if (!suffix) return undefined;
  if (suffix[1]) {
    const ups = [...suffix[1]].filter((sign) => sign === '+').length;
    return UP ** ups * COMPEL_DOWN ** (suffix[1].length - ups);
  }
  return Number(suffix[2]);
};

/** Matches brackets (honouring backslash escapes) and works out each group's multiplier. */
function groupsOf(text: string): Group[] {
  const groups: Group[] = [];
  const stack: { char: string; open: number }[] = [];
  const closers: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (char === '\\') {
      i += 1;
      continue;
    }
    if (char === '(' || char === '[' || char === '{') stack.push({ char, open: i });
    const opener = closers[char];
    if (!opener) continue;
    const at = stack.findLastIndex((entry) => entry.char === opener);
    if (at < 0) continue;
    const { open } = stack[at] ?? { open: 0 };
    stack.length = at;
    // The weight closes the group ("(adult:0.1)"): a short tail is enough to read it.
    const inner = text.slice(Math.max(open + 1, i - 24), i);
    let weight = char === ')' ? UP : char === ']' ? DOWN : BRACE;
    if (char === ')') {
      const explicit = EXPLICIT_WEIGHT.exec(inner);
      if (explicit) weight = Number(explicit[1]);
      const compel = compelWeight(COMPEL_SUFFIX.exec(text.slice(i + 1, i + 12)));
      if (compel !== undefined) weight = compel;
    }
    groups.push({ open, close: i, weight });
  }
  // Unclosed brackets weigh on everything after them.
  for (const { char, open } of stack) {
    groups.push({ open, close: text.length, weight: char === '(' ? UP : char === '[' ? DOWN : BRACE });
  }
  return groups;
}

/** The weight of each AND part of a composable prompt ("a :1.2 AND b :-0.5"). */
function andParts(text: string): Group[] {
  if (!/\bAND\b/.test(text)) return [];
  const parts: Group[] = [];
  let start = 0;
  for (const separator of [...text.matchAll(/\bAND\b/g), null]) {
    const end = separator ? separator.index : text.length;
    const weight = /:\s*(-?\d*\.?\d+)\s*$/.exec(text.slice(start, end));
    if (weight) parts.push({ open: start - 1, close: end, weight: Number(weight[1]) });
    start = end + 3;
  }
  return parts;
}

/** Compel's weights on single words: "adult-", "mature--", "word+". */
function compelWords(text: string): Group[] {
  const words: Group[] = [];
  if (!COMPEL_WORD_HINT.test(text)) return words;
  for (const hit of text.matchAll(/[\p{L}\d]+(?=[+-]+(?:[\s,)\]]|$))/gu)) {
    const end = hit.index + hit[0].length;
    const weight = compelWeight(COMPEL_SUFFIX.exec(text.slice(end, end + 12)));
    if (weight !== undefined) words.push({ open: hit.index - 1, close: end, weight });
  }
  return words;
}
const COMPEL_WORD_HINT = /[\p{L}\d][+-]+(?:[\s,)\]]|$)/u;

/** The weight groups of a prompt: each a span [open, close] and the factor it applies. */
export interface Emphasis {
  groups: readonly Group[];
}

/** Reads the emphasis of a prompt once; `weightOf` then answers for any span of it. */
export function emphasisOf(text: string): Emphasis {
  if (!/[()[\]{}+-]|AND/.test(text)) return { groups: [] };
  return { groups: [...groupsOf(text), ...andParts(text), ...compelWords(text)] };
}

/** The lowest effective weight over a span of the prompt (1 where nothing weighs on it). */
export function weightOf(emphasis: Emphasis, index: number, length: number): number {
  let lowest = Number.POSITIVE_INFINITY;
  for (let i = index; i < index + Math.max(1, length); i++) {
    let weight = 1;
    for (const group of emphasis.groups) if (group.open <= i && i <= group.close) weight *= group.weight;
    lowest = Math.min(lowest, weight);
  }
  return lowest;
}
