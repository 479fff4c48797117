import { describe, expect, it } from 'vitest';
import { isWorkerName, parseWordList, ruleFormProblems, wordListText } from './operations-model.ts';

describe('the rule form', () => {
  it('reads one word a line or comma-separated, once each', () => {
    expect(parseWordList('teapot\n kettle , Teapot\n\n{age:18-99}')).toEqual([
      'teapot',
      'kettle',
      '{age:18-99}',
    ]);
    expect(parseWordList(wordListText(['a', 'b']))).toEqual(['a', 'b']);
  });

  it('needs words, and suggestions only for a suggestion rule', () => {
    expect(ruleFormProblems({ words: '', suggestions: '', type: 0 })).toEqual({
      words: 'required',
      suggestions: null,
    });
    expect(ruleFormProblems({ words: 'teapot', suggestions: '', type: 1 }).suggestions).toBe('required');
    expect(ruleFormProblems({ words: 'teapot', suggestions: 'kettle', type: 1 })).toEqual({
      words: null,
      suggestions: null,
    });
  });

  it('refuses too many words, long words and words that cannot match', () => {
    const many = Array.from({ length: 201 }, (_, i) => `w${i}`).join('\n');
    expect(ruleFormProblems({ words: many, suggestions: '', type: 0 }).words).toBe('too_many');
    expect(ruleFormProblems({ words: 'x'.repeat(101), suggestions: '', type: 0 }).words).toBe('too_long');
    expect(ruleFormProblems({ words: '{age:40-20}', suggestions: '', type: 0 }).words).toBe('unusable');
  });
});

describe('worker names', () => {
  it('takes 2–40 letters, digits, _ or -', () => {
    expect(isWorkerName('gpu-box_1')).toBe(true);
    expect(isWorkerName('a')).toBe(false);
    expect(isWorkerName('has space')).toBe(false);
    expect(isWorkerName('x'.repeat(41))).toBe(false);
  });
});
