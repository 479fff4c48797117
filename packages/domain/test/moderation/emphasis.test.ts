import { describe, expect, it } from 'vitest';
import { emphasisOf, weightOf } from '../../src/index.ts';

/** The weight the engines give the word `word` in `prompt`. */
function weight(prompt: string, word = 'lamp'): number {
  const index = prompt.indexOf(word);
  return weightOf(emphasisOf(prompt), index, word.length);
}

describe('emphasis weights (A1111/Forge, ComfyUI, NovelAI, Compel)', () => {
  it.each([
    ['a lamp', 1],
    ['(lamp)', 1.1],
    ['((lamp))', 1.21],
    ['(lamp:1.5)', 1.5],
    ['(lamp:0)', 0],
    ['(lamp:0.1)', 0.1],
    ['(lamp: .3 )', 0.3],
    ['(lamp:-1)', -1],
    ['((lamp:0.5))', 0.55],
    ['[lamp]', 1 / 1.1],
    ['[[lamp]]', 1 / 1.21],
    ['{lamp}', 1.05],
    ['[lamp:desk:0.5]', 1 / 1.1],
    ['[lamp::0.3]', 1 / 1.1],
    ['[lamp|desk]', 1 / 1.1],
    ['lamp+', 1.1],
    ['lamp-', 0.9],
    ['lamp--, desk', 0.81],
    ['(old lamp)0.4', 0.4],
    ['(old lamp)-', 0.9],
    ['a desk :1.2 AND a lamp :-0.5', -0.5],
    ['(unclosed lamp', 1.1],
    ['[unclosed lamp', 1 / 1.1],
  ])('%j gives the lamp %d', (prompt, expected) => {
    expect(weight(prompt)).toBeCloseTo(expected, 5);
  });

  it.each(['a lamp-post', 'a well-lit lamp', '\\(lamp\\)', 'lamp, 18-30 years'])(
    'reads %j as plain text',
    (prompt) => expect(weight(prompt)).toBe(1),
  );

  it('weighs only the group, not the text around it', () => {
    const prompt = 'desk, (lamp:0.2), chair';
    expect(weight(prompt, 'desk')).toBe(1);
    expect(weight(prompt, 'chair')).toBe(1);
  });

  it('stays fast on deeply nested brackets', () => {
    const started = performance.now();
    const prompt = `${'('.repeat(2000)}lamp`;
    expect(weightOf(emphasisOf(prompt), 2000, 4)).toBeGreaterThan(1);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
